import { ArrowLeftIcon, MailCheckIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { requestPasswordReset } from '../api/request-password-reset';
import type { AuthErrorLike } from '../lib/auth-errors';

export interface ForgotPasswordFormProps {
  initialEmail: string;
  onBack: () => void;
}

/** 'Forgot password?': asks for the address and always answers the same way, account or not. */
export function ForgotPasswordForm({ initialEmail, onBack }: ForgotPasswordFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const clean = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(clean)) {
      setError('Enter the email address of your account.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await requestPasswordReset(clean);
      setSentTo(clean);
    } catch (err) {
      const { status, message } = (err ?? {}) as AuthErrorLike;
      setError(
        status === 429
          ? 'Too many requests. Please wait a minute and try again.'
          : message || 'Could not send the link. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Reset your password</DialogTitle>
        <DialogDescription>We'll email you a link to choose a new password.</DialogDescription>
      </DialogHeader>
      {sentTo ? (
        <div role="status" className="grid gap-2 rounded-lg border bg-muted/40 p-4 text-sm">
          <p className="flex items-center gap-2 font-medium">
            <MailCheckIcon aria-hidden="true" className="size-4 text-primary" />
            Check your email
          </p>
          <p className="text-muted-foreground">
            If an account exists for <span className="font-medium text-foreground">{sentTo}</span>, a reset link is on
            its way. It works once, for one hour. Delivery can take up to 5 minutes (check spam).
          </p>
        </div>
      ) : (
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <Field
            label="Email"
            type="email"
            name="reset-email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            maxLength={320}
            error={error}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy && <Spinner />}
            Send reset link
          </Button>
        </form>
      )}
      <Button variant="ghost" size="sm" className="justify-self-start" onClick={onBack}>
        <ArrowLeftIcon aria-hidden="true" />
        Back to sign in
      </Button>
    </>
  );
}
