import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EngineOverview, EnginePull, HumanizeMode, MeResponse } from '@plainspoken/shared';
import { api } from '@/config/paths';
import { apiFetch } from '@/lib/api';
import { useSession } from '@/lib/auth';

export type { EngineOverview };

const KEY = ['admin', 'engine'] as const;

/** The engine page's data; polled fast while a pull runs so the progress bar moves. */
export function useEngineOverview() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => apiFetch<EngineOverview>(api.adminEngine),
    refetchInterval: (q) => (q.state.data?.pull?.state === 'running' ? 500 : 15_000),
  });
}

export function useCheckNow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<EngineOverview>(api.adminEngineCheck, { method: 'POST' }),
    onSuccess: (o) => qc.setQueryData(KEY, o),
  });
}

export function usePull() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (model: string) => apiFetch<EnginePull>(api.adminEnginePull, { method: 'POST', body: { model } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useCancelPull() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<EnginePull>(api.adminEnginePull, { method: 'DELETE' }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useChooseModel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { mode: HumanizeMode; model: string | null }) =>
      apiFetch<EngineOverview>(api.adminEngineModels, { method: 'POST', body: v }),
    onSuccess: (o) => qc.setQueryData(KEY, o),
  });
}

export type Access = 'loading' | 'signed-out' | 'forbidden' | 'admin';

/** The server decides who is an admin (ADMIN_EMAILS); the page only mirrors it. */
export function useEngineAccess(): Access {
  const { user, isPending } = useSession();
  const q = useQuery({
    queryKey: ['admin-status', user?.id ?? ''],
    queryFn: () => apiFetch<MeResponse>(api.me),
    enabled: Boolean(user),
    staleTime: 5 * 60_000,
  });
  if (isPending) return 'loading';
  if (!user) return 'signed-out';
  if (q.isPending) return 'loading';
  return q.data?.isAdmin ? 'admin' : 'forbidden';
}
