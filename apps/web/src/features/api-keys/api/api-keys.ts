import { queryOptions } from '@tanstack/react-query';
import type { CreateApiKeyInput } from '@plainspoken/shared';
import { call, server } from '@/lib/api';

/** The public API's reference page (served by the server, not the SPA). */
export const apiKeysPaths = { reference: '/docs/api' } as const;

export const apiKeysKeys = { all: ['api-keys'] as const, list: (userId: string) => ['api-keys', userId] as const };

export const apiKeysQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: apiKeysKeys.list(userId),
    queryFn: () => call(server.api['api-keys'].$get()),
    staleTime: 30_000,
  });

export function createApiKey(input: CreateApiKeyInput) {
  return call(server.api['api-keys'].$post({ json: input }));
}

export function revokeApiKey(id: string) {
  return call(server.api['api-keys'][':id'].$delete({ param: { id: encodeURIComponent(id) } }));
}
