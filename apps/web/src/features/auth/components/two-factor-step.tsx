import { ArrowLeftIcon, ShieldCheckIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { verifySignInCode } from '../api/verify-two-factor';
import type { AuthErrorLike } from '../lib/auth-errors';

export interface TwoFactorStepProps {
  onSignedIn: (userId: string | null) => Promise<void> | void;
  onBack: () => void;
}

/** The sign-in's second step: six digits from the authenticator app, or one backup code. */
export function TwoFactorStep({ onSignedIn, onBack }: TwoFactorStepProps) {
  const [kind, setKind] = useState<'totp' | 'backup'>('totp');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const clean = kind === 'totp' ? code.replace(/\s+/g, '') : code.trim();
    if (kind === 'totp' && !/^\d{6}$/.test(clean)) {
      setError('Enter the 6-digit code from your authenticator app.');
      return;
    }
    if (kind === 'backup' && clean.length < 6) {
      setError('Enter one of your backup codes.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const userId = await verifySignInCode(clean, kind);
      await onSignedIn(userId);
    } catch (err) {
      const { code: c, message } = (err ?? {}) as AuthErrorLike;
      if (c === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' || c === 'INVALID_TWO_FACTOR_COOKIE') {
        setExpired(true);
        setError('Too many tries, or this sign-in took too long. Go back and sign in with your password again.');
      } else if (c === 'ACCOUNT_TEMPORARILY_LOCKED') {
        setError(message ?? 'Too many wrong codes. Please wait a few minutes and try again.');
      } else if (c === 'INVALID_CODE' || c === 'INVALID_BACKUP_CODE') {
        setError(
          kind === 'totp'
            ? "That code didn't work. Check the time on your phone and try the newest code."
            : "That backup code didn't work, or it was used before.",
        );
      } else {
        setError(message || 'Something went wrong. Please try again.');
      }
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <ShieldCheckIcon aria-hidden="true" className="size-5 text-primary" />
          Two-factor sign-in
        </DialogTitle>
        <DialogDescription>
          {kind === 'totp'
            ? 'Enter the 6-digit code from your authenticator app.'
            : 'Enter one of the backup codes you saved. Each one works once.'}
        </DialogDescription>
      </DialogHeader>
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <Field
          label={kind === 'totp' ? 'Authentication code' : 'Backup code'}
          name={kind === 'totp' ? 'totp' : 'backup-code'}
          autoComplete="one-time-code"
          inputMode={kind === 'totp' ? 'numeric' : 'text'}
          maxLength={kind === 'totp' ? 7 : 32}
          placeholder={kind === 'totp' ? '123456' : 'xxxxx-xxxxx'}
          autoFocus
          value={code}
          disabled={expired}
          error={error}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button type="submit" className="w-full" disabled={busy || expired}>
          {busy && <Spinner />}
          Verify
        </Button>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeftIcon aria-hidden="true" />
          Back
        </Button>
        {!expired && (
          <button
            type="button"
            className="cursor-pointer rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            onClick={() => {
              setKind(kind === 'totp' ? 'backup' : 'totp');
              setCode('');
              setError(null);
            }}
          >
            {kind === 'totp' ? 'Use a backup code instead' : 'Use my authenticator app'}
          </button>
        )}
      </div>
    </>
  );
}
