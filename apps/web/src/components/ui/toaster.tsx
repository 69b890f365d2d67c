import { Toaster as Sonner } from 'sonner';

/** Mounted once at the root. Error toasts are the product's "destructive" toasts and show in red. */
export function Toaster() {
  return (
    <Sonner
      theme="system"
      position="top-center"
      richColors
      closeButton
      duration={5000}
      toastOptions={{ classNames: { toast: 'font-sans', description: 'text-sm' } }}
    />
  );
}
