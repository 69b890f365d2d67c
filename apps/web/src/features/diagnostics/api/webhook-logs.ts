import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookLogRecord } from '@plainspoken/shared';
import { call, server } from '@/lib/api';

export type WebhookLog = WebhookLogRecord;

export const webhookLogKeys = { all: ['admin', 'webhook-logs'] as const };

export const webhookLogsQueryOptions = () =>
  queryOptions({
    queryKey: webhookLogKeys.all,
    queryFn: async () => (await call(server.api.admin['webhook-logs'].$get())).logs,
  });

export function useWebhookLogs() {
  return useQuery(webhookLogsQueryOptions());
}

export function useClearWebhookLogs() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(server.api.admin['webhook-logs'].$delete()),
    onSuccess: () => {
      qc.setQueryData(webhookLogKeys.all, []);
    },
  });
}
