import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { loadToastLibrary, registerToasterHost } from '@/lib/toast';

/** Mounted once at the root. Error toasts are the product's "destructive" toasts and show in red. */
const LazySonner = lazy(async () => {
  const { Toaster: Sonner } = await loadToastLibrary();
  function Mounted({ onMounted }: { onMounted: () => void }) {
    useEffect(onMounted, [onMounted]);
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
  return { default: Mounted };
});

/** Renders the toast area once the first toast is asked for (lib/toast.ts loads the library then). */
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
