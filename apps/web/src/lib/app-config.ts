import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/config/paths';
import { apiFetch } from './api';

export interface AppConfig {
  googleEnabled: boolean;
  contactEmail: string;
  posthog: { key: string; host: string } | null;
  payments: 'sandbox' | 'paddle';
}

export const configQueryOptions = () =>
  queryOptions({
    queryKey: ['config'] as const,
    queryFn: () => apiFetch<AppConfig>(api.config),
    staleTime: Infinity,
  });

export function useAppConfig() {
  return useQuery(configQueryOptions());
}
