import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WritingOptions } from '@plainspoken/shared';
import { api } from '@/config/paths';
import { apiFetch } from '@/lib/api';

const key = (userId: string) => ['writing-options', userId] as const;

/** The signed-in user's saved writing options (tone, reading level). */
export function useSavedWriting(userId: string | null) {
  return useQuery({
    queryKey: key(userId ?? ''),
    queryFn: () => apiFetch<WritingOptions>(api.writingOptions),
    enabled: Boolean(userId),
    staleTime: Infinity,
  });
}

export function useSaveWriting(userId: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (o: WritingOptions) =>
      apiFetch<WritingOptions>(api.saveWritingOptions, {
        method: 'POST',
        body: { tone: o.tone, readingLevel: o.readingLevel },
      }),
    onSuccess: (o) => qc.setQueryData(key(userId ?? ''), o),
  });
}
