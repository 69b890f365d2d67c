import { apiFetch } from '@/lib/api';

export const PORTAL_PATH = '/api/functions/paddle-customer-portal';

export function getPortalUrl(): Promise<{ url?: string | null }> {
  return apiFetch<{ url?: string | null }>(PORTAL_PATH, { method: 'POST', body: {} });
}
