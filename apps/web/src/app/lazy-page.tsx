import { use, type ComponentType } from 'react';

export interface LazyPage {
  Page: ComponentType;
  /** Starts (once) loading the page's module; resolves when it can render without suspending. */
  preload: () => Promise<unknown>;
}

/**
 * React.lazy that renders at once when its module is already loaded: React.lazy always suspends on its
 * first render, which would put the loading skeleton on screen for a frame even after main.tsx waited
 * for the page's module, and the page then replaces it (a layout shift).
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let Loaded: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (C) => (Loaded = C),
      (err: unknown) => {
        // A failed chunk (offline, a new deploy) may be retried by the next navigation.
        pending = null;
        throw err;
      },
    ));
  function Page() {
    if (Loaded) return <Loaded />;
    const C = use(preload());
    return <C />;
  }
  return { Page, preload };
}
