import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { changeEmail } from '../api/email';
import { securityMessage } from '../lib/security-errors';

export function EmailSection({ email }: { email: string }) {
  const [next, setNext] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const clean = next.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(clean)) return setError('Enter a valid email address.');
    if (clean === email.toLowerCase()) return setError('That is already your email address.');
    setBusy(true);
    setError(null);
    try {
      await changeEmail(clean);
      setSentTo(clean);
      setNext('');
    } catch (err) {
      setError(securityMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate aria-label="Change email">
      <Field
        label="New email address"
        type="email"
        autoComplete="email"
        maxLength={320}
        placeholder="you@example.com"
        value={next}
        onChange={(e) => setNext(e.target.value)}
      />
      {sentTo && (
        <p role="status" className="text-sm text-muted-foreground">
          We sent a confirmation link to <span className="font-medium text-foreground">{sentTo}</span>. Your email
          changes once you open it; until then you sign in with {email}.
        </p>
      )}
      <FormError>{error}</FormError>
      <Button type="submit" variant="outline" className="justify-self-start" disabled={busy}>
        {busy && <Spinner />}
        Change email
      </Button>
    </form>
  );
}
