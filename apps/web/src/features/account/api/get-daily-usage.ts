import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, server } from '@/lib/api';

export const dailyUsageKeys = {
  user: (userId: string) => ['usage', userId, 'daily'] as const,
};

export const dailyUsageQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: dailyUsageKeys.user(userId),
    queryFn: ({ signal }) => call(server.api.usage.daily.$get(undefined, { init: { signal } })),
    staleTime: 60_000,
  });

export function useDailyUsage(userId: string | null) {
  return useQuery({ ...dailyUsageQueryOptions(userId ?? 'anonymous'), enabled: Boolean(userId) });
}
