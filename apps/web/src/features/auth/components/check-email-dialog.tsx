import { useQueryClient } from '@tanstack/react-query';
import { MailIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { MSG, TIMINGS } from '@plainspoken/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { AUTH_CHANNEL, AUTH_STORAGE_EVENT_KEY, refreshSession, useSession } from '@/lib/auth';
import { dismissErrorToasts, notifyError, notifySuccess } from '@/lib/toast';
import { resendVerificationEmail } from '../api/resend-verification';
import { sendMagicLink } from '../api/send-magic-link';
import { useCooldown } from '../lib/use-cooldown';

const SESSION_POLL_MS = 2000;

export interface CheckEmailDialogProps {
  open: boolean;
  email: string;
  via: 'verify' | 'magic';
  onSignedIn: () => void;
  /** Back to the sign-up form (a typo in the address): the dialog cannot be dismissed otherwise. */
  onUseDifferentEmail: () => void;
}

/**
 * Shown after sign-up or a sign-in link request. It cannot be dismissed: it goes away when the user
 * is signed in, which may happen in another tab where the mailed link was opened.
 */
export function CheckEmailDialog({ open, email, via, onSignedIn, onUseDifferentEmail }: CheckEmailDialogProps) {
  const qc = useQueryClient();
  const { isSignedIn } = useSession({ pollMs: open ? SESSION_POLL_MS : false });
  const { secondsLeft, ready, restart } = useCooldown(TIMINGS.resendCooldownMs, open);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (open) restart();
  }, [open, email, restart]);

  useEffect(() => {
    if (open && isSignedIn) onSignedIn();
  }, [open, isSignedIn, onSignedIn]);

  useEffect(() => {
    if (!open) return;
    const refresh = () => void refreshSession(qc);
    let channel: BroadcastChannel | null = null;
    try {
      channel = new BroadcastChannel(AUTH_CHANNEL);
      channel.onmessage = refresh;
    } catch {
      channel = null;
    }
    const onStorage = (e: StorageEvent) => {
      if (e.key === AUTH_STORAGE_EVENT_KEY) refresh();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      channel?.close();
      window.removeEventListener('storage', onStorage);
    };
  }, [open, qc]);

  async function onResend() {
    dismissErrorToasts();
    setSending(true);
    try {
      if (via === 'magic') await sendMagicLink(email);
      else await resendVerificationEmail(email);
      notifySuccess({ title: MSG.resendTitle, description: MSG.resendText });
      restart();
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : MSG.resendFailed;
      notifyError({ title: message });
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog open={open}>
      <DialogContent
        showClose={false}
        onEscapeKeyDown={(e) => e.preventDefault()}
        onPointerDownOutside={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
        className="max-w-[26rem]! text-center"
      >
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <MailIcon className="size-6" aria-hidden="true" />
        </div>
        <DialogHeader className="sm:text-center!">
          <DialogTitle>Check your email</DialogTitle>
          <DialogDescription>
            {via === 'magic' ? 'We sent a sign-in link to ' : 'We sent a confirmation link to '}
            <strong
              className="font-semibold [overflow-wrap:anywhere] text-foreground"
              data-testid="check-email-address"
            >
              {email}
            </strong>
            . Open it to {via === 'magic' ? 'sign in' : 'activate your account'}.
          </DialogDescription>
        </DialogHeader>
        <p className="rounded-lg bg-muted px-4 py-3 text-sm text-muted-foreground">
          It can take up to 5 minutes to arrive. If you don't see it, check your spam folder.
        </p>
        <Button variant="outline" className="w-full" onClick={onResend} disabled={!ready || sending}>
          {sending && <Spinner />}
          {sending ? 'Sending...' : ready ? 'Resend link' : `Resend in ${secondsLeft}s`}
        </Button>
        <p className="text-sm text-muted-foreground">
          Wrong address?{' '}
          <button
            type="button"
            className="cursor-pointer rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            onClick={onUseDifferentEmail}
          >
            Use a different email
          </button>
        </p>
        <p className="text-xs text-muted-foreground">This window closes by itself once you're signed in.</p>
      </DialogContent>
    </Dialog>
  );
}
