import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionData } from '@plainspoken/shared';
import { api } from '@/config/paths';
import { apiFetch } from '@/lib/api';
import { useSession } from '@/lib/auth';
import { keyRoots } from '@/lib/query-keys';

// Under the shared subscription root, so a subscriptionUpdated refresh reaches this page too.
export const diagnosticsSubscriptionQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [keyRoots.subscription, userId, 'diagnostics'] as const,
    queryFn: () => apiFetch<SubscriptionData>(api.subscription),
    staleTime: 0,
  });

export function useDiagnosticsSubscription() {
  const { user } = useSession();
  return useQuery({ ...diagnosticsSubscriptionQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
}
