import type { RedirectUrl } from '@plainspoken/shared';
import { apiFetch } from '@/lib/api';

export const PORTAL_PATH = '/api/functions/paddle-customer-portal';

export function getPortalUrl(): Promise<RedirectUrl> {
  return apiFetch<RedirectUrl>(PORTAL_PATH, { method: 'POST', body: {} });
}
