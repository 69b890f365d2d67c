import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { loadToastLibrary, registerToasterHost } from '@/lib/toast';

export const MAX_VISIBLE_TOASTS = 3;

/**
 * The toast area. Error toasts are the product's "destructive" toasts and show in red. At most three
 * stack, in a stretch of the screen that holds no control and no score (toast-placement.ts, decision 0052).
 */
const LazySonner = lazy(async () => {
  const [{ Toaster: Sonner }, { mountedToaster }] = await Promise.all([
    loadToastLibrary(),
    import('./toaster-mounted'),
  ]);
  return { default: mountedToaster(Sonner, MAX_VISIBLE_TOASTS) };
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
