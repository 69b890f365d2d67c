import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverview, DayPoint } from '@plainspoken/shared';

export type { AdminOverview, DayPoint };
import { api } from '@/config/paths';
import { apiFetch } from '@/lib/api';



export const overviewQueryOptions = (days = 30) =>
  queryOptions({
    queryKey: ['admin', 'overview', days] as const,
    queryFn: () => apiFetch<AdminOverview>(api.adminOverview, { query: { days } }),
  });

export function useAdminOverview(days = 30) {
  return useQuery(overviewQueryOptions(days));
}
