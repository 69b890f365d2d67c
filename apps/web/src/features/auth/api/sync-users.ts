import type { OkResponse } from '@plainspoken/shared';
import { api } from '@/config/paths';
import { apiFetch } from '@/lib/api';

export function syncUsers(): Promise<OkResponse> {
  return apiFetch<OkResponse>(api.syncUsers, { method: 'POST', body: {} });
}
