import { DownloadIcon, Trash2Icon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { MSG } from '@plainspoken/shared';
import { server } from '@/lib/api';
import { notifySuccess } from '@/lib/toast';
import { deleteAccount } from '../api/delete-account';
import { securityMessage } from '../lib/security-errors';
import { useEndSession } from '../lib/use-end-session';

export function DataSection({ email, twoFactorEnabled = false }: { email: string; twoFactorEnabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <p className="text-sm text-muted-foreground">
          A JSON file with your account, subscription, balance and every transformation.
        </p>
        <Button asChild variant="outline" className="justify-self-start">
          <a href={server.api.account.export.$path()} download>
            <DownloadIcon aria-hidden="true" />
            Export my data
          </a>
        </Button>
      </div>
      <div className="grid gap-2 border-t pt-4">
        <p className="text-sm text-muted-foreground">
          Deleting your account removes your history, your subscription record and your sign-in details. A paid plan is
          cancelled first. This cannot be undone.
        </p>
        <Button variant="destructive" className="justify-self-start" onClick={() => setOpen(true)}>
          <Trash2Icon aria-hidden="true" />
          Delete account
        </Button>
      </div>
      <DeleteAccountDialog email={email} twoFactorEnabled={twoFactorEnabled} open={open} onOpenChange={setOpen} />
    </div>
  );
}

function DeleteAccountDialog({
  email,
  twoFactorEnabled,
  open,
  onOpenChange,
}: {
  email: string;
  twoFactorEnabled: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const endSession = useEndSession();
  const matches = typed.trim().toLowerCase() === email.toLowerCase();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!matches) return setError('Type your email address exactly to confirm.');
    if (!password) return setError('Enter your password.');
    if (twoFactorEnabled && !code.trim()) return setError(MSG.deletionCodeRequired);
    setBusy(true);
    setError(null);
    try {
      await deleteAccount(password, typed.trim(), twoFactorEnabled ? code.trim() : undefined);
      onOpenChange(false);
      notifySuccess({
        title: 'Your account was deleted',
        description: 'We sent a last email to confirm it. Thank you for trying Plainspoken.',
      });
      endSession();
    } catch (err) {
      setError(securityMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          setTyped('');
          setPassword('');
          setCode('');
          setError(null);
        }
        onOpenChange(o);
      }}
    >
      <DialogContent className="max-w-[28rem]!">
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            Everything goes: history, subscription record, devices and two-factor settings. Type{' '}
            <span className="font-medium text-foreground">{email}</span> and your password
            {twoFactorEnabled ? ', and a two-factor code,' : ''} to confirm.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-3" onSubmit={onSubmit} noValidate aria-label="Delete account">
          <Field
            label="Your email"
            type="email"
            autoComplete="off"
            maxLength={320}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <Field
            label="Your password"
            type="password"
            autoComplete="current-password"
            maxLength={128}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {twoFactorEnabled && (
            <Field
              label="Two-factor code"
              placeholder="123456 or a backup code"
              autoComplete="one-time-code"
              inputMode="text"
              maxLength={32}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          )}
          <FormError>{error}</FormError>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={busy || !matches || !password}>
              {busy && <Spinner />}
              Delete my account
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
