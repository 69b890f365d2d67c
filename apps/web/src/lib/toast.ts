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

let host: { wanted: boolean; listeners: Set<() => void>; mounted: Promise<void>; markMounted: () => void } | null =
  null;

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

/** Runs `fn` with the toast library once it is loaded and the app's toast area listens (custom toasts: actions, undo). */
export function showToast(fn: (s: Sonner) => void): void {
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
  showToast(({ toast }) => toast(msg.title, options(msg)));
}

export function notifySuccess(msg: ToastMessage): void {
  showToast(({ toast }) => toast.success(msg.title, options(msg)));
}

/** Error toasts still on screen; a new attempt clears them so an old failure never sits beside a new try. */
const liveErrors = new Set<string | number>();

/**
 * Success toasts that offer Undo for one action (a file read into the box). A later error makes them stale: the
 * error is about what came after, and an Undo beside it would read as its remedy, so it goes away.
 */
const liveUndos = new Set<string | number>();

export function notifyUndoable(msg: ToastMessage & { onUndo?: (() => void) | undefined }): void {
  showToast(({ toast }) => {
    const id = toast.success(msg.title, {
      ...(msg.description ? { description: msg.description } : {}),
      ...(msg.onUndo ? { action: { label: 'Undo', onClick: msg.onUndo } } : {}),
      onDismiss: (t) => liveUndos.delete(t.id),
      onAutoClose: (t) => liveUndos.delete(t.id),
    });
    if (msg.onUndo) liveUndos.add(id);
  });
}

/** Takes away the Undo toasts on screen (an error shown anywhere, a toast or in the page, made them stale). */
export function dismissUndoToasts(): void {
  if (liveUndos.size === 0) return;
  const ids = [...liveUndos];
  liveUndos.clear();
  showToast(({ toast }) => {
    for (const id of ids) toast.dismiss(id);
  });
}

export function notifyError(msg: ToastMessage): void {
  dismissUndoToasts();
  showToast(({ toast }) => {
    const id = toast.error(msg.title, {
      ...(msg.description ? { description: msg.description } : {}),
      onDismiss: (t) => liveErrors.delete(t.id),
      onAutoClose: (t) => liveErrors.delete(t.id),
    });
    liveErrors.add(id);
  });
}

export function notifyWarning(msg: ToastMessage): void {
  showToast(({ toast }) => toast.warning(msg.title, options(msg)));
}

/** Call when the user starts a new attempt (submit, retry): the error toasts of earlier attempts go away. */
export function dismissErrorToasts(): void {
  if (liveErrors.size === 0) return;
  const ids = [...liveErrors];
  liveErrors.clear();
  showToast(({ toast }) => {
    for (const id of ids) toast.dismiss(id);
  });
}

/** A toast whose text changes in place (a countdown); returns functions to update and end it. */
export function liveToast(msg: ToastMessage): { update(msg: ToastMessage): void; done(): void } {
  let id: string | number | null = null;
  let ended = false;
  showToast(({ toast }) => {
    if (!ended) id = toast.loading(msg.title, options(msg));
  });
  return {
    update: (m) =>
      showToast(({ toast }) => {
        if (!ended && id !== null)
          toast.loading(m.title, { id, ...(m.description ? { description: m.description } : {}) });
      }),
    done: () => {
      ended = true;
      showToast(({ toast }) => {
        if (id !== null) toast.dismiss(id);
      });
    },
  };
}
