import { queryOptions } from '@tanstack/react-query';
import type { ApiKeyList, CreateApiKeyInput, CreatedApiKey, RevokedApiKey } from '@plainspoken/shared';
import { apiFetch } from '@/lib/api';

/** The server's key endpoints and the public reference page (served by the server, not the SPA). */
export const apiKeysPaths = {
  keys: '/api/api-keys',
  key: (id: string) => `/api/api-keys/${encodeURIComponent(id)}`,
  reference: '/docs/api',
} as const;

export const apiKeysKeys = { all: ['api-keys'] as const, list: (userId: string) => ['api-keys', userId] as const };

export const apiKeysQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: apiKeysKeys.list(userId),
    queryFn: () => apiFetch<ApiKeyList>(apiKeysPaths.keys),
    staleTime: 30_000,
  });

export function createApiKey(input: CreateApiKeyInput): Promise<CreatedApiKey> {
  return apiFetch<CreatedApiKey>(apiKeysPaths.keys, { method: 'POST', body: { ...input } });
}

export function revokeApiKey(id: string): Promise<RevokedApiKey> {
  return apiFetch<RevokedApiKey>(apiKeysPaths.key(id), { method: 'DELETE' });
}
