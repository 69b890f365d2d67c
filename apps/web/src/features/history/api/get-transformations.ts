import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TransformationPage, TransformationsQuery } from '@plainspoken/shared';
import { api } from '@/config/paths';
import { apiFetch } from '@/lib/api';
import { keyRoots } from '@/lib/query-keys';

export const HISTORY_PAGE_SIZE = 20;

export const transformationKeys = {
  all: [keyRoots.transformations] as const,
  list: (userId: string) => [keyRoots.transformations, userId, 'list'] as const,
};

export function getTransformations(cursor: string | null, signal?: AbortSignal): Promise<TransformationPage> {
  return apiFetch<TransformationPage>(api.transformations, {
    query: { cursor, limit: HISTORY_PAGE_SIZE } satisfies TransformationsQuery,
    ...(signal ? { signal } : {}),
  });
}

export const transformationsQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: transformationKeys.list(userId),
    queryFn: ({ pageParam, signal }) => getTransformations(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useTransformations(userId: string | null) {
  return useInfiniteQuery({ ...transformationsQueryOptions(userId ?? 'anonymous'), enabled: Boolean(userId) });
}
