import { queryOptions } from '@tanstack/react-query';
import type { ApproveExtensionInput } from '@plainspoken/shared';
import { call, server } from '@/lib/api';

export const extensionKeys = {
  all: ['extension-connections'] as const,
  list: (userId: string) => ['extension-connections', userId] as const,
};

export const connectionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: extensionKeys.list(userId),
    queryFn: () => call(server.api.extension.connections.$get()),
    staleTime: 30_000,
  });

export function approveExtension(input: ApproveExtensionInput) {
  return call(server.api.extension.approve.$post({ json: input }));
}

export function revokeConnection(id: string) {
  return call(server.api.extension.connections[':id'].$delete({ param: { id: encodeURIComponent(id) } }));
}
