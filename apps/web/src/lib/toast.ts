/**
 * Toasts in the product's two shapes: a title with an optional text, plain or destructive (red).
 * The toast library loads with the first toast, not with the page (it is ~9 KB gzip that most first
 * visits never need): a toast asks the app's <Toaster /> (components/ui/toaster.tsx) to mount, and shows
 * once it listens. Where no such host is rendered (tests render the library's own Toaster), it shows
 * as soon as the library is loaded.
 */
type Sonner = typeof import('sonner');
type Options = { description: string } | undefined;

let loading: Promise<Sonner> | null = null;
export const loadToastLibrary = (): Promise<Sonner> => (loading ??= import('sonner'));

let host: { wanted: boolean; listeners: Set<() => void>; mounted: Promise<void>; markMounted: () => void } | null = null;

/** Called by the app's Toaster on its first render: toasts then wait until it has mounted. */
export function registerToasterHost() {
  if (!host) {
    let markMounted = () => {};
    const mounted = new Promise<void>((r) => (markMounted = r));
    host = { wanted: false, listeners: new Set(), mounted, markMounted };
  }
  return {
    wanted: () => host!.wanted,
    subscribe: (fn: () => void) => {
      host!.listeners.add(fn);
      return () => host!.listeners.delete(fn);
    },
    markMounted: () => host!.markMounted(),
  };
}

function show(fn: (s: Sonner) => void): void {
  if (host && !host.wanted) {
    host.wanted = true;
    for (const l of host.listeners) l();
  }
  void Promise.all([loadToastLibrary(), host?.mounted]).then(([s]) => fn(s));
}

export interface ToastMessage {
  title: string;
  description?: string | undefined;
}

const options = (msg: ToastMessage): Options => (msg.description ? { description: msg.description } : undefined);

export function notify(msg: ToastMessage): void {
  show(({ toast }) => toast(msg.title, options(msg)));
}

export function notifySuccess(msg: ToastMessage): void {
  show(({ toast }) => toast.success(msg.title, options(msg)));
}

export function notifyError(msg: ToastMessage): void {
  show(({ toast }) => toast.error(msg.title, options(msg)));
}

export function notifyWarning(msg: ToastMessage): void {
  show(({ toast }) => toast.warning(msg.title, options(msg)));
}
