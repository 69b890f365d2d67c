/**
 * The auth client and the session as TanStack Query data. Components read the session through
 * `useSession()` so there is one source of truth; anything that signs in or out refreshes it here.
 */
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createAuthClient } from 'better-auth/react';
import { magicLinkClient, twoFactorClient } from 'better-auth/client/plugins';
import { useCallback } from 'react';

export const authClient = createAuthClient({
  baseURL: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  basePath: '/api/auth',
  // The sign-in dialog asks for the code itself (twoFactorRedirect), so the plugin must not navigate.
  plugins: [magicLinkClient(), twoFactorClient()],
});

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

export async function fetchSession(): Promise<SessionData | null> {
  const res = await authClient.getSession();
  if (res.error) {
    // A 401 means "no session"; anything else is a real failure the query should surface and retry.
    if (res.error.status === 401) return null;
    throw new Error(res.error.message ?? 'Could not load the session');
  }
  const data = res.data;
  if (!data?.user) return null;
  return { user: data.user as SessionUser };
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
