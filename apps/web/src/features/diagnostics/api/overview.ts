import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverview, AdminOverviewQuery, DayPoint } from '@plainspoken/shared';
import { api } from '@/config/paths';
import { apiFetch } from '@/lib/api';

export type { AdminOverview, DayPoint };

export const overviewQueryOptions = (days = 30) =>
  queryOptions({
    queryKey: ['admin', 'overview', days] as const,
    queryFn: () => apiFetch<AdminOverview>(api.adminOverview, { query: { days } satisfies AdminOverviewQuery }),
  });

export function useAdminOverview(days = 30) {
  return useQuery(overviewQueryOptions(days));
}
