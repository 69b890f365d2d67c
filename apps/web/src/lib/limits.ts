/**
 * The limits query (spec section 4): tier, balance and per-request cap of the signed-in user, shared by
 * every page that shows a word limit. Free entries stay fresh 5 minutes and paid ones 2 minutes.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
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
