import { CheckCircle2Icon, KeyRoundIcon, LinkIcon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { MSG } from '@plainspoken/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { refreshSession } from '@/lib/auth';
import { useAuthDialog } from '@/lib/auth-dialog';
import { requestNewResetLink, resetPassword } from '../api/password';
import { passwordOk, securityMessage, SecurityError } from '../lib/security-errors';

/** Where the mailed reset link lands: ?token= to choose a new password, ?error= when the link is dead. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<'form' | 'done' | 'invalid'>(token && !params.get('error') ? 'form' : 'invalid');

  return (
    <div className="mx-auto w-full max-w-md px-4 py-16 sm:px-6">
      {state === 'form' && token && (
        <NewPasswordForm token={token} onDone={() => setState('done')} onInvalid={() => setState('invalid')} />
      )}
      {state === 'done' && <Done />}
      {state === 'invalid' && <InvalidLink />}
    </div>
  );
}

function NewPasswordForm({ token, onDone, onInvalid }: { token: string; onDone: () => void; onInvalid: () => void }) {
  const qc = useQueryClient();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!passwordOk(password)) return setError(MSG.passwordRule);
    if (password !== again) return setError('The two passwords are not the same.');
    setBusy(true);
    setError(null);
    try {
      await resetPassword(token, password);
      // Every session of the account ended, this browser's included if it was signed in.
      await refreshSession(qc);
      onDone();
    } catch (err) {
      if (err instanceof SecurityError && err.code === 'INVALID_TOKEN') onInvalid();
      else setError(securityMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRoundIcon aria-hidden="true" className="size-5 text-primary" />
          Choose a new password
        </CardTitle>
        <CardDescription>
          At least 8 characters and a number. Every device signed in to your account will be signed out.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Choose a new password">
          <Field
            label="New password"
            type="password"
            autoComplete="new-password"
            maxLength={128}
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Field
            label="Repeat the new password"
            type="password"
            autoComplete="new-password"
            maxLength={128}
            value={again}
            onChange={(e) => setAgain(e.target.value)}
          />
          <FormError>{error}</FormError>
          <Button type="submit" disabled={busy}>
            {busy && <Spinner />}
            Set new password
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function Done() {
  const { openAuthDialog } = useAuthDialog();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CheckCircle2Icon aria-hidden="true" className="size-5 text-success" />
          Your password was changed
        </CardTitle>
        <CardDescription>Every device was signed out. Sign in with your new password.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={() => openAuthDialog('sign-in')}>Sign in</Button>
      </CardContent>
    </Card>
  );
}

function InvalidLink() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const clean = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(clean)) return setError('Enter the email address of your account.');
    setBusy(true);
    setError(null);
    try {
      await requestNewResetLink(clean);
      setSentTo(clean);
    } catch (err) {
      setError(securityMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LinkIcon aria-hidden="true" className="size-5 text-destructive" />
          This reset link doesn't work
        </CardTitle>
        <CardDescription>
          It has expired (links last one hour), was already used, or was not copied completely. Ask for a new one below.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {sentTo ? (
          <p role="status" className="text-sm text-muted-foreground">
            If an account exists for <span className="font-medium text-foreground">{sentTo}</span>, a new link is on its
            way. It works once, for one hour.
          </p>
        ) : (
          <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Ask for a new reset link">
            <Field
              label="Email"
              type="email"
              autoComplete="email"
              maxLength={320}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <FormError>{error}</FormError>
            <Button type="submit" disabled={busy}>
              {busy && <Spinner />}
              Send a new link
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
