/**
 * The limits cache (spec section 4): tier, balance and per-request cap of the signed-in user.
 * Free entries stay fresh 5 minutes and paid ones 2 minutes; a `subscriptionUpdated` window event
 * invalidates them and refreshes after 100 ms; pollLimits() follows a pending plan change.
 */
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { limitsFor, TIMINGS, type LimitsInfo, type SubscriptionData } from '@plainspoken/shared';
import { api } from '@/config/paths';
import { apiFetch } from '@/lib/api';
import { keyRoots } from '@/lib/query-keys';

export const limitsKeys = {
  all: [keyRoots.limits] as const,
  user: (userId: string) => [keyRoots.limits, userId] as const,
};

/** Reads the balance from the subscription endpoint: the balance check itself is rate limited and
 *  is kept for the moment a rewrite is about to run. */
export async function fetchLimits(): Promise<LimitsInfo> {
  const s = await apiFetch<SubscriptionData>(api.subscription);
  return {
    subscriptionTier: s.subscription_tier,
    currentBalance: s.currentBalance,
    requestLimit: limitsFor(s.subscription_tier).requestCap,
    canProcess: s.currentBalance > 0,
    exceedsRequestLimit: false,
  };
}

export function limitsStaleTime(data: LimitsInfo | undefined): number {
  if (!data) return 0;
  return data.subscriptionTier === 'FREE' ? TIMINGS.limitsCacheFreeMs : TIMINGS.limitsCachePaidMs;
}

export const limitsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: limitsKeys.user(userId),
    queryFn: fetchLimits,
    staleTime: (query) => limitsStaleTime(query.state.data),
    // Errors are only logged (spec section 8): the cached numbers stay on screen.
    retry: 1,
  });

export function useLimits(userId: string | null) {
  return useQuery({ ...limitsQueryOptions(userId ?? 'anonymous'), enabled: Boolean(userId) });
}

/** After a successful balance check the words are taken off the cached balance, never below 0. */
export function deductLocally(qc: QueryClient, userId: string, limits: LimitsInfo, words: number): void {
  qc.setQueryData<LimitsInfo>(limitsKeys.user(userId), {
    ...limits,
    currentBalance: Math.max(0, limits.currentBalance - words),
  });
}

export function setBalance(qc: QueryClient, userId: string, balance: number): void {
  qc.setQueryData<LimitsInfo>(limitsKeys.user(userId), (old) =>
    old ? { ...old, currentBalance: Math.max(0, balance), canProcess: balance > 0 } : old,
  );
}

export const SUBSCRIPTION_UPDATED_EVENT = 'subscriptionUpdated';

export function onSubscriptionUpdated(qc: QueryClient): () => void {
  void qc.invalidateQueries({ queryKey: limitsKeys.all, refetchType: 'none' });
  const id = setTimeout(() => {
    void qc.refetchQueries({ queryKey: limitsKeys.all, type: 'active' });
  }, TIMINGS.cacheClearRefreshDelayMs);
  return () => clearTimeout(id);
}

/** Mount once: listens for the window event other parts of the app send after a plan change. */
export function useSubscriptionUpdatedListener(): void {
  const qc = useQueryClient();
  useEffect(() => {
    const cancels: Array<() => void> = [];
    const handler = () => cancels.push(onSubscriptionUpdated(qc));
    window.addEventListener(SUBSCRIPTION_UPDATED_EVENT, handler);
    return () => {
      window.removeEventListener(SUBSCRIPTION_UPDATED_EVENT, handler);
      cancels.forEach((c) => c());
    };
  }, [qc]);
}

export interface PollOptions {
  /** Stop early once this holds; by default, once tier or balance differs from when polling began. */
  until?: (limits: LimitsInfo) => boolean;
  onUpdate?: (limits: LimitsInfo) => void;
}

/**
 * Polls for changed limits, e.g. after checkout: waits 1 s, then up to 8 attempts 3 s apart.
 * Returns a cancel function.
 */
export function pollLimits(qc: QueryClient, userId: string, opts: PollOptions = {}): () => void {
  const key = limitsKeys.user(userId);
  const start = qc.getQueryData<LimitsInfo>(key);
  const changed =
    opts.until ??
    ((l: LimitsInfo) => !start || l.subscriptionTier !== start.subscriptionTier || l.currentBalance !== start.currentBalance);
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let cancelled = false;

  const attempt = async () => {
    if (cancelled) return;
    attempts += 1;
    try {
      const fresh = await qc.fetchQuery({ ...limitsQueryOptions(userId), staleTime: 0 });
      opts.onUpdate?.(fresh);
      if (changed(fresh)) return;
    } catch {
      // A failed attempt counts; the next one may succeed.
    }
    if (!cancelled && attempts < TIMINGS.limitsPollAttempts) timer = setTimeout(attempt, TIMINGS.limitsPollIntervalMs);
  };
  timer = setTimeout(attempt, TIMINGS.limitsPollStartMs);
  return () => {
    cancelled = true;
    if (timer) clearTimeout(timer);
  };
}
