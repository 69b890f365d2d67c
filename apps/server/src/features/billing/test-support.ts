/** Helpers shared by the billing tests: signed deliveries and the sandbox pages' form posts. */
import {
  envelope,
  signPaddle,
  subscriptionData,
  transactionData,
  type SubscriptionShape,
  type TransactionShape,
} from './payments/paddle-events';
import type { TestProduct } from '../../test/harness';

export const DAY_MS = 86_400_000;

export function sessionOf(url: string): string {
  const s = new URL(url).searchParams.get('session');
  if (!s) throw new Error(`no session in ${url}`);
  return s;
}

/** Submits one of the sandbox pages' forms as the browser would. */
export function postForm(
  t: TestProduct,
  path: string,
  fields: Record<string, string>,
  cookie?: string,
): Promise<Response> {
  return t.req(path, {
    rawBody: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    ...(cookie ? { cookie } : {}),
  });
}

export function deliver(
  t: TestProduct,
  body: unknown,
  secret: string,
  opts: { tsSeconds?: number; signature?: string | null } = {},
): Promise<Response> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const sig = opts.signature === undefined ? signPaddle(raw, secret, opts.tsSeconds) : opts.signature;
  if (sig !== null) headers['paddle-signature'] = sig;
  return t.req('/api/functions/payment-webhook', { rawBody: raw, headers });
}

export function subEvent(type: string, s: SubscriptionShape, occurredAt = new Date(), eventId?: string) {
  return envelope(type, subscriptionData(s), occurredAt, eventId);
}
export function txnEvent(s: TransactionShape, occurredAt = new Date(), eventId?: string) {
  return envelope('transaction.completed', transactionData(s), occurredAt, eventId);
}

/** The bearer token better-auth's bearer plugin accepts: the session cookie's value. */
export function bearerFrom(cookie: string): string {
  const m = /session_token=([^;]+)/.exec(cookie);
  if (!m?.[1]) throw new Error('no session cookie');
  return decodeURIComponent(m[1]);
}
