import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { loadToastLibrary, registerToasterHost } from '@/lib/toast';

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
 * The toast area. Error toasts are the product's "destructive" toasts and show in red. At most three
 * stack; on a phone they sit under the header, never over it, and away from the card's Humanize button,
 * which is lower on the page.
 */
const LazySonner = lazy(async () => {
  const { Toaster: Sonner } = await loadToastLibrary();
  function Mounted({ onMounted }: { onMounted: () => void }) {
    const phone = usePhone();
    useEffect(onMounted, [onMounted]);
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
  return { default: Mounted };
});

/** Mounted once at the root; renders the toast area once the first toast is asked for (lib/toast.ts loads the library then). */
export function Toaster() {
  const [host] = useState(registerToasterHost);
  const wanted = useSyncExternalStore(host.subscribe, host.wanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazySonner onMounted={host.markMounted} />
    </Suspense>
  );
}
