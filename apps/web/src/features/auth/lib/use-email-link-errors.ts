import { useEffect } from 'react';
import { notifyError } from '@/lib/toast';
import { readEmailLinkError } from './email-link-error';

let pending: string | null | undefined;

/**
 * Reads and removes an email-link error from the URL. Call before the router starts, so the router
 * never sees the error parameters.
 */
export function consumeEmailLinkError(): void {
  if (pending !== undefined) return;
  const found = readEmailLinkError(window.location.href);
  pending = found?.message ?? null;
  if (found) window.history.replaceState(window.history.state, '', found.cleanUrl);
}

/** Shows the error consumed at start as a toast, once. */
export function useEmailLinkErrors(): void {
  useEffect(() => {
    consumeEmailLinkError();
    if (!pending) return;
    const message = pending;
    pending = null;
    // Let the toaster mount before the first toast.
    setTimeout(() => notifyError({ title: message }), 50);
  }, []);
}
