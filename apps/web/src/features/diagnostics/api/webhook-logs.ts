import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookLogsCleared, WebhookLogRecord, WebhookLogList } from '@plainspoken/shared';
import { api } from '@/config/paths';
import { apiFetch } from '@/lib/api';

export type WebhookLog = WebhookLogRecord;

export const webhookLogKeys = { all: ['admin', 'webhook-logs'] as const };

export const webhookLogsQueryOptions = () =>
  queryOptions({
    queryKey: webhookLogKeys.all,
    queryFn: async () => (await apiFetch<WebhookLogList>(api.adminWebhookLogs)).logs,
  });

export function useWebhookLogs() {
  return useQuery(webhookLogsQueryOptions());
}

export function useClearWebhookLogs() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<WebhookLogsCleared>(api.adminWebhookLogs, { method: 'DELETE' }),
    onSuccess: () => {
      qc.setQueryData(webhookLogKeys.all, []);
    },
  });
}
