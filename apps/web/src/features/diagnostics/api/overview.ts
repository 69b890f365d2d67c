import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverview, DayPoint } from '@plainspoken/shared';
import { call, server } from '@/lib/api';

export type { AdminOverview, DayPoint };

export const overviewQueryOptions = (days = 30) =>
  queryOptions({
    queryKey: ['admin', 'overview', days] as const,
    queryFn: () => call(server.api.admin.overview.$get({ query: { days: String(days) } })),
  });

export function useAdminOverview(days = 30) {
  return useQuery(overviewQueryOptions(days));
}
