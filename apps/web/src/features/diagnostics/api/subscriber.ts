import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/config/paths';
import { apiFetch } from '@/lib/api';

export interface SubscriberRecord {
  user_id: string;
  email: string;
  subscription_tier: string;
  subscribed: boolean;
  monthly_word_balance: number;
  subscription_end: string | null;
  balance_reset_date: string | null;
  paddle_customer_id: string | null;
  subscription_cancelled_at: string | null;
  cancellation_end_date: string | null;
  updated_at: string;
}

export const subscriberQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['admin', 'subscriber', email.trim().toLowerCase()] as const,
    queryFn: async () => (await apiFetch<{ subscriber: SubscriberRecord | null }>(api.adminSubscriber, { query: { email: email.trim() } })).subscriber,
  });

/** Looks up only plausible addresses, so typing in the email field does not fire a 400 per keystroke. */
export function useSubscriber(email: string) {
  return useQuery({ ...subscriberQueryOptions(email), enabled: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) });
}
