import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tier } from '@plainspoken/shared';
import { api } from '@/config/paths';
import { apiFetch } from '@/lib/api';

export interface DayPoint {
  day: string;
  value: number;
}

export interface AdminOverview {
  days: number;
  from: string;
  to: string;
  signUps: DayPoint[];
  wordsHumanized: DayPoint[];
  webhookFailures: DayPoint[];
  activeByTier: Record<Tier, number>;
  totals: { users: number; signUps: number; wordsHumanized: number; webhookFailures: number; webhookEvents: number };
}

export const overviewQueryOptions = (days = 30) =>
  queryOptions({
    queryKey: ['admin', 'overview', days] as const,
    queryFn: () => apiFetch<AdminOverview>(api.adminOverview, { query: { days } }),
  });

export function useAdminOverview(days = 30) {
  return useQuery(overviewQueryOptions(days));
}
