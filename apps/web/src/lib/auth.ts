/**
 * The auth client and the session as TanStack Query data. Components read the session through
 * `useSession()` so there is one source of truth; anything that signs in or out refreshes it here.
 */
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { BetterAuthClient } from './auth-client';

let clientLoading: Promise<BetterAuthClient> | null = null;
let client: BetterAuthClient | null = null;
/** Loads the better-auth client (once); later calls through `authClient` then run without waiting. */
export const preloadAuthClient = () =>
  (clientLoading ??= import('./auth-client').then((m) => (client = m.betterAuthClient)));

function call(c: BetterAuthClient, path: readonly string[], args: unknown[]): unknown {
  let owner: unknown = null;
  let fn: unknown = c;
  for (const key of path) {
    owner = fn;
    fn = (fn as Record<string, unknown>)[key];
  }
  // Reflect.apply, not fn.apply: the client's methods are proxies that read any property as a path.
  return Reflect.apply(fn as (...a: unknown[]) => unknown, owner, args);
}

/** A stand-in that records the method path (authClient.signIn.email) and calls it once the client loaded. */
function deferred(path: readonly string[]): unknown {
  return new Proxy(() => undefined, {
    // `then` stays undefined so a path is never taken for a promise.
    get: (_t, key) => (typeof key === 'string' && key !== 'then' ? deferred([...path, key]) : undefined),
    apply: (_t, _this, args: unknown[]) =>
      client ? call(client, path, args) : preloadAuthClient().then((c) => call(c, path, args)),
  });
}

/**
 * The better-auth client, loaded on its first call (~12 KB gzip the first load of a page no longer
 * carries): every method returns a promise, so callers use it as they would the client itself.
 */
export const authClient = deferred([]) as BetterAuthClient;

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  createdAt: string | Date;
  name?: string | null;
  twoFactorEnabled?: boolean | null;
}
export interface SessionData {
  user: SessionUser;
}

export const sessionKeys = { all: ['session'] as const };

/** The session from better-auth's endpoint, read without its client (which loads on first use). */
export async function fetchSession(): Promise<SessionData | null> {
  const res = await fetch('/api/auth/get-session', {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  // A 401 means "no session"; anything else is a real failure the query should surface and retry.
  if (res.status === 401) return null;
  if (!res.ok) throw new Error('Could not load the session');
  const data = (await res.json().catch(() => null)) as { user?: SessionUser } | null;
  if (!data?.user) return null;
  return { user: data.user };
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.all,
    queryFn: fetchSession,
    staleTime: 60_000,
  });

export function useSession(opts: { pollMs?: number | false } = {}) {
  const q = useQuery({ ...sessionQueryOptions(), refetchInterval: opts.pollMs ?? false });
  return {
    user: q.data?.user ?? null,
    isPending: q.isPending,
    isSignedIn: Boolean(q.data?.user),
    refetch: q.refetch,
  };
}

/** Channel other tabs listen on so a sign-in in one tab (an email link) reaches the others. */
export const AUTH_CHANNEL = 'plainspoken-auth';
export const AUTH_STORAGE_EVENT_KEY = 'plainspoken-auth-event';

export function announceAuthChange(kind: 'signed-in' | 'signed-out'): void {
  try {
    const ch = new BroadcastChannel(AUTH_CHANNEL);
    ch.postMessage({ kind, at: Date.now() });
    ch.close();
  } catch {
    // BroadcastChannel is missing in some embedded browsers; the storage event below covers them.
  }
  try {
    localStorage.setItem(AUTH_STORAGE_EVENT_KEY, JSON.stringify({ kind, at: Date.now() }));
  } catch {
    // Storage can be disabled (private modes); polling still closes the dialog.
  }
}

/**
 * The server marks a page requested without a session cookie (`<meta name="plainspoken-session"
 * content="none">`): the visitor is signed out for sure, so the session starts as "none" instead of
 * waiting for the session request. Signing in refreshes it as usual.
 */
export function seedSessionFromPage(qc: QueryClient, doc: Document = document): void {
  if (doc.querySelector('meta[name="plainspoken-session"][content="none"]')) qc.setQueryData(sessionKeys.all, null);
}

export function refreshSession(qc: QueryClient): Promise<void> {
  return qc.invalidateQueries({ queryKey: sessionKeys.all });
}

export function useSignOut() {
  const qc = useQueryClient();
  return useCallback(async () => {
    await authClient.signOut().catch(() => undefined);
    qc.setQueryData(sessionKeys.all, null);
    // Per-user data must not survive into the next account on this browser.
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] && q.queryKey[0] !== 'config' });
    announceAuthChange('signed-out');
  }, [qc]);
}
