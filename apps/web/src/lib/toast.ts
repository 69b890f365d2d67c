/** Toasts in the product's two shapes: a title with an optional text, plain or destructive (red). */
import { toast } from 'sonner';

export interface ToastMessage {
  title: string;
  description?: string | undefined;
}

/** Error toasts still on screen; a new attempt clears them so an old failure never sits beside a new try. */
const liveErrors = new Set<string | number>();

export function notify(msg: ToastMessage): void {
  toast(msg.title, msg.description ? { description: msg.description } : undefined);
}

export function notifySuccess(msg: ToastMessage): void {
  toast.success(msg.title, msg.description ? { description: msg.description } : undefined);
}

export function notifyError(msg: ToastMessage): void {
  const id = toast.error(msg.title, {
    ...(msg.description ? { description: msg.description } : {}),
    onDismiss: (t) => liveErrors.delete(t.id),
    onAutoClose: (t) => liveErrors.delete(t.id),
  });
  liveErrors.add(id);
}

export function notifyWarning(msg: ToastMessage): void {
  toast.warning(msg.title, msg.description ? { description: msg.description } : undefined);
}

/** Call when the user starts a new attempt (submit, retry): the error toasts of earlier attempts go away. */
export function dismissErrorToasts(): void {
  for (const id of liveErrors) toast.dismiss(id);
  liveErrors.clear();
}

/** A toast whose text changes in place (a countdown); returns functions to update and end it. */
export function liveToast(msg: ToastMessage): { update(msg: ToastMessage): void; done(): void } {
  const id = toast.loading(msg.title, msg.description ? { description: msg.description } : undefined);
  return {
    update: (m) => void toast.loading(m.title, { id, ...(m.description ? { description: m.description } : {}) }),
    done: () => void toast.dismiss(id),
  };
}
