import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@plainspoken/shared';
import { call, server } from './api';

export type { PublicConfig };

export const configQueryOptions = () =>
  queryOptions({
    queryKey: ['config'] as const,
    queryFn: () => call(server.api.config.$get()),
    staleTime: Infinity,
  });

export function useAppConfig() {
  return useQuery(configQueryOptions());
}
