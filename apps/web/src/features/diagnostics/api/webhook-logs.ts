import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClearWebhookLogsOutput, WebhookLogRecord, WebhookLogsOutput } from '@plainspoken/shared';
import { api } from '@/config/paths';
import { apiFetch } from '@/lib/api';

export type WebhookLog = WebhookLogRecord;

export const webhookLogKeys = { all: ['admin', 'webhook-logs'] as const };

export const webhookLogsQueryOptions = () =>
  queryOptions({
    queryKey: webhookLogKeys.all,
    queryFn: async () => (await apiFetch<WebhookLogsOutput>(api.adminWebhookLogs)).logs,
  });

export function useWebhookLogs() {
  return useQuery(webhookLogsQueryOptions());
}

export function useClearWebhookLogs() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<ClearWebhookLogsOutput>(api.adminWebhookLogs, { method: 'DELETE' }),
    onSuccess: () => {
      qc.setQueryData(webhookLogKeys.all, []);
    },
  });
}
