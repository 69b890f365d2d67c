import { useEffect, useRef } from 'react';
import { PRODUCT_NAME } from '@plainspoken/shared';
import { useSession } from '@/lib/auth';
import { useAuthDialog } from '@/lib/auth-dialog';
import { notifyError, notifySuccess } from '@/lib/toast';
import { DEAD_LINK_NOTICE, readEmailLinkError, readLinkLanding, type LinkKind } from './email-link-error';

let pending: { message: string; link?: LinkKind | undefined } | null | undefined;
let landing: LinkKind | null = null;

/** Shown when a confirmation link is opened again while signed out: the address is confirmed already. */
export const CONFIRMED_BEFORE_NOTICE =
  'Your email is already confirmed: this link was used before. Sign in to continue.';

/**
 * Reads and removes an email-link error, or a link landing (?link=confirm|sign-in), from the URL. Call
 * before the router starts, so the router never sees those parameters.
 */
export function consumeEmailLinkError(): void {
  if (pending !== undefined) return;
  const found = readEmailLinkError(window.location.href);
  pending = found ? { message: found.message, link: found.link } : null;
  if (found) {
    window.history.replaceState(window.history.state, '', found.cleanUrl);
    return;
  }
  const land = readLinkLanding(window.location.href);
  if (land) {
    landing = land.link;
    window.history.replaceState(window.history.state, '', land.cleanUrl);
  }
}

/**
 * Says what happened after a mailed link, once: signed in by it (a confirmation or a sign-in link), or,
 * for a dead or used link, opens the sign-in dialog with a notice worded for what the link was.
 */
export function useEmailLinkErrors(): void {
  const { openAuthDialog } = useAuthDialog();
  const { isSignedIn, isPending } = useSession();
  const done = useRef(false);

  useEffect(() => {
    consumeEmailLinkError();
    if (!pending) return;
    const { message, link } = pending;
    pending = null;
    // Let the toaster and the dialogs mount first.
    setTimeout(() => {
      if (link) openAuthDialog('sign-in', { notice: message });
      else notifyError({ title: message });
    }, 50);
  }, [openAuthDialog]);

  useEffect(() => {
    if (done.current || isPending || !landing) return;
    done.current = true;
    const link = landing;
    landing = null;
    setTimeout(() => {
      if (isSignedIn) {
        notifySuccess(
          link === 'confirm'
            ? { title: 'Email confirmed', description: `You're signed in. Welcome to ${PRODUCT_NAME}!` }
            : { title: "You're signed in", description: `Welcome back to ${PRODUCT_NAME}.` },
        );
      } else {
        openAuthDialog('sign-in', {
          notice: link === 'confirm' ? CONFIRMED_BEFORE_NOTICE : DEAD_LINK_NOTICE['sign-in'],
        });
      }
    }, 50);
  }, [isPending, isSignedIn, openAuthDialog]);
}
