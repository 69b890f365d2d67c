import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMINGS, type SubscriptionData } from '@plainspoken/shared';
import { apiFetch } from '@/lib/api';
import { keyRoots } from '@/lib/query-keys';

export const SUBSCRIPTION_PATH = '/api/subscription';

export const subscriptionKeys = {
  all: [keyRoots.subscription] as const,
  user: (userId: string) => [keyRoots.subscription, userId] as const,
};

export function getSubscription(signal?: AbortSignal): Promise<SubscriptionData> {
  return apiFetch<SubscriptionData>(SUBSCRIPTION_PATH, signal ? { signal } : {});
}

/** The subscription cache (spec section 4): fresh for 2 minutes. */
export const subscriptionQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.user(userId),
    queryFn: ({ signal }) => getSubscription(signal),
    staleTime: TIMINGS.subscriptionCacheMs,
  });

export function useSubscription(userId: string | null) {
  return useQuery({ ...subscriptionQueryOptions(userId ?? 'anonymous'), enabled: Boolean(userId) });
}
