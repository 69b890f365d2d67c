import { useState, type FormEvent } from 'react';
import { MSG } from '@plainspoken/shared';
import { Button } from '@/components/ui/button';
import { Field, FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { notifySuccess } from '@/lib/toast';
import { changePassword } from '../api/password';
import { passwordOk, securityMessage } from '../lib/security-errors';

export function PasswordSection({ onChanged }: { onChanged: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [signOutOthers, setSignOutOthers] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!current || !next) return setError(MSG.fillAllFields);
    if (!passwordOk(next)) return setError(MSG.passwordRule);
    setBusy(true);
    setError(null);
    try {
      await changePassword(current, next, signOutOthers);
      setCurrent('');
      setNext('');
      notifySuccess({
        title: 'Password changed',
        description: signOutOthers ? 'Your other devices were signed out.' : undefined,
      });
      onChanged();
    } catch (err) {
      setError(securityMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate aria-label="Change password">
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        maxLength={128}
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        maxLength={128}
        placeholder="At least 8 characters and a number"
        value={next}
        onChange={(e) => setNext(e.target.value)}
      />
      <label className="flex items-center gap-2 text-sm text-muted-foreground">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={signOutOthers}
          onChange={(e) => setSignOutOthers(e.target.checked)}
        />
        Sign out my other devices
      </label>
      <FormError>{error}</FormError>
      <Button type="submit" variant="outline" className="justify-self-start" disabled={busy}>
        {busy && <Spinner />}
        Change password
      </Button>
    </form>
  );
}
