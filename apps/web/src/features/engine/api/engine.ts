import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EngineOverview, HumanizeMode } from '@plainspoken/shared';
import { call, server } from '@/lib/api';
import { useSession } from '@/lib/auth';

export type { EngineOverview };

const KEY = ['admin', 'engine'] as const;

/** The engine page's data; polled fast while a pull runs so the progress bar moves. */
export function useEngineOverview() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => call(server.api.admin.engine.$get()),
    refetchInterval: (q) => (q.state.data?.pull?.state === 'running' ? 500 : 15_000),
  });
}

export function useCheckNow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(server.api.admin.engine.check.$post()),
    onSuccess: (o) => qc.setQueryData(KEY, o),
  });
}

export function usePull() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (model: string) => call(server.api.admin.engine.pull.$post({ json: { model } })),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useCancelPull() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(server.api.admin.engine.pull.$delete()),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useChooseModel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { mode: HumanizeMode; model: string | null }) =>
      call(server.api.admin.engine.models.$post({ json: v })),
    onSuccess: (o) => qc.setQueryData(KEY, o),
  });
}

export type Access = 'loading' | 'signed-out' | 'forbidden' | 'admin';

/** The server decides who is an admin (ADMIN_EMAILS); the page only mirrors it. */
export function useEngineAccess(): Access {
  const { user, isPending } = useSession();
  const q = useQuery({
    queryKey: ['admin-status', user?.id ?? ''],
    queryFn: () => call(server.api.me.$get()),
    enabled: Boolean(user),
    staleTime: 5 * 60_000,
  });
  if (isPending) return 'loading';
  if (!user) return 'signed-out';
  if (q.isPending) return 'loading';
  return q.data?.isAdmin ? 'admin' : 'forbidden';
}
