/** Toasts in the product's two shapes: a title with an optional text, plain or destructive (red). */
import { toast } from 'sonner';

export interface ToastMessage {
  title: string;
  description?: string | undefined;
}

export function notify(msg: ToastMessage): void {
  toast(msg.title, msg.description ? { description: msg.description } : undefined);
}

export function notifySuccess(msg: ToastMessage): void {
  toast.success(msg.title, msg.description ? { description: msg.description } : undefined);
}

export function notifyError(msg: ToastMessage): void {
  toast.error(msg.title, msg.description ? { description: msg.description } : undefined);
}

export function notifyWarning(msg: ToastMessage): void {
  toast.warning(msg.title, msg.description ? { description: msg.description } : undefined);
}
