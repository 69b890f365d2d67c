import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { HISTORY_PAGE_SIZE } from '@plainspoken/shared';
import { call, server } from '@/lib/api';
import { keyRoots } from '@/lib/query-keys';

export { HISTORY_PAGE_SIZE };

export const transformationKeys = {
  all: [keyRoots.transformations] as const,
  list: (userId: string, q = '') => [keyRoots.transformations, userId, 'list', q] as const,
};

export function getTransformations(cursor: string | null, signal?: AbortSignal, q = '') {
  const query = { limit: String(HISTORY_PAGE_SIZE), ...(cursor ? { cursor } : {}), ...(q ? { q } : {}) };
  return call(server.api.transformations.$get({ query }, { init: signal ? { signal } : {} }));
}

export const transformationsQueryOptions = (userId: string, q = '') =>
  infiniteQueryOptions({
    queryKey: transformationKeys.list(userId, q),
    queryFn: ({ pageParam, signal }) => getTransformations(pageParam, signal, q),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The user's history, 20 entries a page, newest first; `q` keeps the entries that contain it. */
export function useTransformations(userId: string | null, q = '') {
  return useInfiniteQuery({
    ...transformationsQueryOptions(userId ?? 'anonymous', q),
    enabled: Boolean(userId),
    placeholderData: (prev) => prev,
  });
}

/** DELETE /api/transformations/:id */
export function deleteTransformation(id: string) {
  return call(server.api.transformations[':id'].$delete({ param: { id: encodeURIComponent(id) } }));
}
