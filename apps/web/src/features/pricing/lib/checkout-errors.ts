import { MSG } from '@plainspoken/shared';
import { isApiError } from '@/lib/api';
import type { ToastMessage } from '@/lib/toast';

/** The spec's checkout failures; a refusal the server explains (already subscribed) keeps its reason. */
export function checkoutFailedToast(err: unknown): ToastMessage {
  if (isApiError(err) && err.status === 409 && err.message)
    return { title: MSG.checkoutFailed, description: err.message };
  return { title: MSG.checkoutFailed, description: MSG.pleaseTryAgain };
}

export const noCheckoutUrlToast: ToastMessage = { title: MSG.noCheckoutUrl, description: MSG.pleaseTryAgain };
