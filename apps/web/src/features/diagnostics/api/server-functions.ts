/**
 * Raw calls to the product's server functions for the diagnostics pages. They bypass `call` on
 * purpose: the pages show the status and body exactly as the server answered.
 */
import { server } from '@/lib/api';
import { getSessionToken } from '../lib/session-token';

export interface RawResponse {
  ok: boolean;
  status: number;
  body: string;
}

async function authHeaders(): Promise<Record<string, string>> {
  const token = await getSessionToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export async function sendTestWebhook(payload: string): Promise<RawResponse> {
  const res = await fetch(server.api.functions['payment-webhook'].$path(), {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', ...(await authHeaders()) },
    body: payload,
  });
  return { ok: res.ok, status: res.status, body: await res.text() };
}

export async function checkWebhookEndpoint(): Promise<RawResponse> {
  const res = await fetch(server.api.functions['payment-webhook'].$path(), {
    method: 'OPTIONS',
    credentials: 'include',
  });
  return { ok: res.ok, status: res.status, body: await res.text() };
}

export async function runExpirationCheck(): Promise<RawResponse> {
  const res = await fetch(server.api.functions['process-expired-subscriptions'].$path(), {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', ...(await authHeaders()) },
    body: '{}',
  });
  return { ok: res.ok, status: res.status, body: await res.text() };
}
