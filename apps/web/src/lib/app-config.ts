import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@plainspoken/shared';
import { api } from '@/config/paths';
import { apiFetch } from './api';

export type { PublicConfig };

export const configQueryOptions = () =>
  queryOptions({
    queryKey: ['config'] as const,
    queryFn: () => apiFetch<PublicConfig>(api.config),
    staleTime: Infinity,
  });

export function useAppConfig() {
  return useQuery(configQueryOptions());
}
