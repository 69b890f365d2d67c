import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriberRecord } from '@plainspoken/shared';
import { call, server } from '@/lib/api';

export type { SubscriberRecord };

export const subscriberQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['admin', 'subscriber', email.trim().toLowerCase()] as const,
    queryFn: async () => (await call(server.api.admin.subscriber.$get({ query: { email: email.trim() } }))).subscriber,
  });

/** Looks up only plausible addresses, so typing in the email field does not fire a 400 per keystroke. */
export function useSubscriber(email: string) {
  return useQuery({ ...subscriberQueryOptions(email), enabled: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) });
}
