import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { HISTORY_PAGE_SIZE } from '@plainspoken/shared';
import { call, server } from '@/lib/api';
import { keyRoots } from '@/lib/query-keys';

export { HISTORY_PAGE_SIZE };

/** The history's mode filter: every entry, or those of one mode. */
export type HistoryMode = 'all' | 'deep' | 'lightning';

export const transformationKeys = {
  all: [keyRoots.transformations] as const,
  list: (userId: string, q = '', mode: HistoryMode = 'all') =>
    [keyRoots.transformations, userId, 'list', q, mode] as const,
};

export function getTransformations(cursor: string | null, signal?: AbortSignal, q = '', mode: HistoryMode = 'all') {
  const query = {
    limit: String(HISTORY_PAGE_SIZE),
    ...(cursor ? { cursor } : {}),
    ...(q ? { q } : {}),
    ...(mode !== 'all' ? { mode } : {}),
  };
  return call(server.api.transformations.$get({ query }, { init: signal ? { signal } : {} }));
}

export const transformationsQueryOptions = (userId: string, q = '', mode: HistoryMode = 'all') =>
  infiniteQueryOptions({
    queryKey: transformationKeys.list(userId, q, mode),
    queryFn: ({ pageParam, signal }) => getTransformations(pageParam, signal, q, mode),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The user's history, 20 entries a page, newest first; `q` keeps the entries that contain it, `mode` one mode's. */
export function useTransformations(userId: string | null, q = '', mode: HistoryMode = 'all') {
  return useInfiniteQuery({
    ...transformationsQueryOptions(userId ?? 'anonymous', q, mode),
    enabled: Boolean(userId),
    placeholderData: (prev) => prev,
  });
}

/** DELETE /api/transformations/:id */
export function deleteTransformation(id: string) {
  return call(server.api.transformations[':id'].$delete({ param: { id: encodeURIComponent(id) } }));
}
