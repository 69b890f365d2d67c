import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@plainspoken/shared';
import { api } from '@/config/paths';
import { apiFetch } from './api';

export type { AppConfig };

export const configQueryOptions = () =>
  queryOptions({
    queryKey: ['config'] as const,
    queryFn: () => apiFetch<AppConfig>(api.config),
    staleTime: Infinity,
  });

export function useAppConfig() {
  return useQuery(configQueryOptions());
}
