import { api } from '@/config/paths';
import { apiFetch } from '@/lib/api';

export function syncUsers(): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>(api.syncUsers, { method: 'POST', body: {} });
}
