import { useEffect, useState } from 'react';
import { Toaster as Sonner } from 'sonner';

/** Phones: below the 64 px sticky header. Wider screens: the bottom-right corner, away from the header and the main column. */
const PHONE_QUERY = '(max-width: 639px)';
/** The header is h-16 (64 px); toasts start 8 px under it. */
const BELOW_HEADER_PX = 72;
export const MAX_VISIBLE_TOASTS = 3;

function usePhone(): boolean {
  const [phone, setPhone] = useState(() => typeof window !== 'undefined' && !!window.matchMedia?.(PHONE_QUERY).matches);
  useEffect(() => {
    const mq = window.matchMedia?.(PHONE_QUERY);
    if (!mq) return;
    const on = () => setPhone(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return phone;
}

/**
 * Mounted once at the root. Error toasts are the product's "destructive" toasts and show in red. At most
 * three stack; on a phone they sit under the header, never over it, and away from the card's Humanize
 * button, which is lower on the page.
 */
export function Toaster() {
  const phone = usePhone();
  return (
    <Sonner
      theme="system"
      position={phone ? 'top-center' : 'bottom-right'}
      offset={{ bottom: 24, right: 24, top: BELOW_HEADER_PX }}
      mobileOffset={{ top: BELOW_HEADER_PX, left: 12, right: 12 }}
      visibleToasts={MAX_VISIBLE_TOASTS}
      richColors
      closeButton
      duration={5000}
      toastOptions={{ classNames: { toast: 'font-sans', description: 'text-sm' } }}
    />
  );
}
