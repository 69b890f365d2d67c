import type { RedirectUrlOutput } from '@plainspoken/shared';
import { apiFetch } from '@/lib/api';

export const PORTAL_PATH = '/api/functions/paddle-customer-portal';

export function getPortalUrl(): Promise<RedirectUrlOutput> {
  return apiFetch<RedirectUrlOutput>(PORTAL_PATH, { method: 'POST', body: {} });
}
