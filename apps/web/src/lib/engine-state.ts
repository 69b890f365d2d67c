import { useQuery } from '@tanstack/react-query';
import type { EngineState } from '@plainspoken/shared';
import { call, server } from '@/lib/api';

/**
 * What the server will do with a rewrite now (GET /api/engine-state): a model per mode or the light edit,
 * the model's real time, and whether the caller is an admin. Checked again every minute, like the server's
 * own look for a model. Shared by the humanizer card and the home page's cards and FAQ, which follow it.
 */
export function useEngineState(): { data: EngineState | undefined } {
  const q = useQuery({
    queryKey: ['engine-state'],
    queryFn: (): Promise<EngineState> => call(server.api['engine-state'].$get()),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
  // An answer without the per-mode flags (an older server) is treated as not known.
  return { data: q.data && typeof q.data.model === 'object' && q.data.model !== null ? q.data : undefined };
}

/** Whether a model writes Deep now (null: not known yet). */
export function useDeepModel(): boolean | null {
  const engine = useEngineState().data;
  return engine ? engine.model.deep : null;
}
