/**
 * The one cache of `GET /api/subscription` (spec section 4). Every page reads the signed-in user's
 * plan through this query: the account cards read it whole, the word limits of the home card and the
 * AI check are derived from it with `select`. A plan change reaches all of them through the query
 * client (`announceSubscriptionChange`), and polling after a change is this query's `refetchInterval` (subscription-poll.ts, loaded by the pages
 * that poll).
 *
 * The balance check (`POST /api/functions/check-balance`) is a separate, rate-limited endpoint kept
 * for the moment a rewrite is about to run; its answer is written back into this cache.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { limitsFor, TIMINGS, type LimitsInfo, type SubscriptionData } from '@plainspoken/shared';
import { call, server } from '@/lib/api';
import { keyRoots } from '@/lib/query-keys';

export const subscriptionKeys = {
  all: [keyRoots.subscription] as const,
  user: (userId: string) => [keyRoots.subscription, userId] as const,
};

export function fetchSubscription(signal?: AbortSignal): Promise<SubscriptionData> {
  return call(server.api.subscription.$get(undefined, { init: signal ? { signal } : {} }));
}

/** The subscription as the account page reads it: fresh for 2 minutes. */
export const subscriptionQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.user(userId),
    queryFn: ({ signal }) => fetchSubscription(signal),
    staleTime: TIMINGS.subscriptionCacheMs,
  });

/** `staleTime: 0` re-reads on every mount (the diagnostics page shows the server's answer as of now). */
export function useSubscription(userId: string | null, opts: { staleTime?: number } = {}) {
  return useQuery({
    ...subscriptionQueryOptions(userId ?? 'anonymous'),
    ...(opts.staleTime !== undefined ? { staleTime: opts.staleTime } : {}),
    enabled: Boolean(userId),
  });
}

// ---- Limits: tier, balance and per-request cap, derived from the same data ----

export function toLimits(s: SubscriptionData): LimitsInfo {
  return {
    subscriptionTier: s.subscription_tier,
    currentBalance: s.currentBalance,
    requestLimit: limitsFor(s.subscription_tier).requestCap,
    canProcess: s.currentBalance > 0,
    exceedsRequestLimit: false,
  };
}

/** Free limits stay fresh 5 minutes and paid ones 2 minutes; nothing cached is stale at once. */
export function limitsStaleTime(data: Pick<LimitsInfo, 'subscriptionTier'> | undefined): number {
  if (!data) return 0;
  return data.subscriptionTier === 'FREE' ? TIMINGS.limitsCacheFreeMs : TIMINGS.limitsCachePaidMs;
}

/** The limits view of the subscription query, shared by every page that shows a word limit. */
export const limitsQueryOptions = (userId: string) =>
  queryOptions({
    ...subscriptionQueryOptions(userId),
    select: toLimits,
    staleTime: (query) => limitsStaleTime(query.state.data && toLimits(query.state.data)),
    // Errors are only logged (spec section 8): the cached numbers stay on screen.
    retry: 1,
  });

export function useLimits(userId: string | null) {
  return useQuery({ ...limitsQueryOptions(userId ?? 'anonymous'), enabled: Boolean(userId) });
}

/** Writes a balance check's answer (tier and balance) into the cached subscription. */
export function applyLimits(
  qc: QueryClient,
  userId: string,
  limits: Pick<LimitsInfo, 'subscriptionTier' | 'currentBalance'>,
): void {
  const old = qc.getQueryData<SubscriptionData>(subscriptionKeys.user(userId));
  if (!old) return;
  qc.setQueryData<SubscriptionData>(subscriptionKeys.user(userId), {
    ...old,
    subscription_tier: limits.subscriptionTier,
    currentBalance: Math.max(0, limits.currentBalance),
  });
  // A different tier means more than the balance changed (monthly limit, dates): mark it for a full
  // re-read on the next mount or focus, without refetching now over the numbers just written.
  if (old.subscription_tier !== limits.subscriptionTier) {
    void qc.invalidateQueries({ queryKey: subscriptionKeys.user(userId), refetchType: 'none' });
  }
}

/** Sets the cached balance, never below 0 (e.g. the balance a finished rewrite reports). */
export function setCachedBalance(qc: QueryClient, userId: string, balance: number): void {
  qc.setQueryData<SubscriptionData>(subscriptionKeys.user(userId), (old) =>
    old ? { ...old, currentBalance: Math.max(0, balance) } : old,
  );
}

// ---- Change and refresh ----

/**
 * Tells every reader the plan changed (spec: the subscriptionUpdated event): the cache is marked stale
 * at once and the queries on screen refresh after 100 ms. Returns a cancel function for the refresh.
 */
export function announceSubscriptionChange(qc: QueryClient): () => void {
  void qc.invalidateQueries({ queryKey: subscriptionKeys.all, refetchType: 'none' });
  const id = setTimeout(() => {
    void qc.refetchQueries({ queryKey: subscriptionKeys.all, type: 'active' });
  }, TIMINGS.cacheClearRefreshDelayMs);
  return () => clearTimeout(id);
}
