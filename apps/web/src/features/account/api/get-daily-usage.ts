import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DailyUsage } from '@plainspoken/shared';
import { apiFetch } from '@/lib/api';

export const DAILY_USAGE_PATH = '/api/usage/daily';

export const dailyUsageKeys = {
  user: (userId: string) => ['usage', userId, 'daily'] as const,
};

export const dailyUsageQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: dailyUsageKeys.user(userId),
    queryFn: ({ signal }) => apiFetch<DailyUsage>(DAILY_USAGE_PATH, { signal }),
    staleTime: 60_000,
  });

export function useDailyUsage(userId: string | null) {
  return useQuery({ ...dailyUsageQueryOptions(userId ?? 'anonymous'), enabled: Boolean(userId) });
}
