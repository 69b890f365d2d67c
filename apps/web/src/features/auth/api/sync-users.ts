import type { SyncUsersOutput } from '@plainspoken/shared';
import { api } from '@/config/paths';
import { apiFetch } from '@/lib/api';

export function syncUsers(): Promise<SyncUsersOutput> {
  return apiFetch<SyncUsersOutput>(api.syncUsers, { method: 'POST', body: {} });
}
