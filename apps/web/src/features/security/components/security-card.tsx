import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { refreshSession, useSession } from '@/lib/auth';
import { sessionsKeys } from '../api/sessions';
import { DataSection } from './data-section';
import { DevicesSection } from './devices-section';
import { EmailSection } from './email-section';
import { PasswordSection } from './password-section';
import { TwoFactorSection } from './two-factor-section';

/** Account & security on /profile: password, email, two-factor sign-in, devices, export and deletion. */
export function SecurityCard() {
  const { user } = useSession();
  const qc = useQueryClient();
  if (!user) return null;
  const refresh = async () => {
    await refreshSession(qc);
    await qc.invalidateQueries({ queryKey: sessionsKeys.all });
  };

  return (
    <Card className="mt-6" data-testid="security-card">
      <CardHeader>
        <CardTitle>Account &amp; security</CardTitle>
        <CardDescription>Signed in as {user.email}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        <Section title="Password">
          <PasswordSection onChanged={() => void refresh()} />
        </Section>
        <Section title="Email address">
          <EmailSection email={user.email} />
        </Section>
        <Section title="Two-factor sign-in">
          <TwoFactorSection enabled={user.twoFactorEnabled === true} onChanged={refresh} />
        </Section>
        <Section title="Devices">
          <DevicesSection />
        </Section>
        <Section title="Your data">
          <DataSection email={user.email} twoFactorEnabled={user.twoFactorEnabled === true} />
        </Section>
      </CardContent>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3" aria-label={title}>
      <h3 className="text-base font-semibold">{title}</h3>
      {children}
    </section>
  );
}
