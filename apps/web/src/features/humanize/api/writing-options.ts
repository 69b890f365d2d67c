import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WritingOptions } from '@plainspoken/shared';
import { call, server } from '@/lib/api';

const key = (userId: string) => ['writing-options', userId] as const;

/** The signed-in user's saved writing options (tone, reading level) and frozen phrases. */
export function useSavedWriting(userId: string | null) {
  return useQuery({
    queryKey: key(userId ?? ''),
    queryFn: () => call(server.api['writing-options'].$get()),
    enabled: Boolean(userId),
    staleTime: Infinity,
  });
}

export function useSaveWriting(userId: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (o: WritingOptions & { keep?: string[] }) =>
      call(
        server.api.functions['writing-options'].$post({
          json: { tone: o.tone, readingLevel: o.readingLevel, ...(o.keep ? { keep: o.keep } : {}) },
        }),
      ),
    onSuccess: (o) => qc.setQueryData(key(userId ?? ''), o),
  });
}
