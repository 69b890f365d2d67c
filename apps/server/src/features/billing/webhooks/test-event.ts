/**
 * The diagnostics page's test event: the original's subscription_created shape with a test plan
 * variant (TEST_PLAN_VARIANTS). The caller is an admin (checked by the route); nothing else about the
 * payload is trusted. Parsing only: the result goes through the same pipeline as a signed delivery.
 */
import { randomUUID } from 'node:crypto';
import { TEST_PLAN_VARIANTS } from '@plainspoken/shared';
import type { LifecycleEvent } from '../../../domain/lifecycle';
import { date } from './paddle-normalize';

export type ParsedTestEvent =
  { ok: true; event: Extract<LifecycleEvent, { kind: 'test' }> } | { ok: false; message: string };

export function parseTestEvent(rawBody: string, now: Date): ParsedTestEvent {
  const fail = (message: string): ParsedTestEvent => ({ ok: false, message });
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return fail('The test event is not valid JSON.');
  }
  const b = (body ?? {}) as {
    meta?: { event_name?: unknown };
    data?: { id?: unknown; attributes?: Record<string, unknown> };
  };
  if (b.meta?.event_name !== 'subscription_created')
    return fail('Only the subscription_created test event is accepted (meta.event_name).');
  const a = b.data?.attributes ?? {};
  const variantId = Number(a.variant_id);
  const variant = TEST_PLAN_VARIANTS.find((v) => v.id === variantId);
  if (!variant)
    return fail(
      `Unknown variant_id ${String(a.variant_id)}; use one of ${TEST_PLAN_VARIANTS.map((v) => v.id).join(', ')}.`,
    );
  const email = typeof a.user_email === 'string' ? a.user_email.trim() : '';
  if (!email) return fail('data.attributes.user_email is required.');
  const rawId = b.data?.id;
  const id = `test:${typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : randomUUID()}`;
  const endsAt = date(typeof a.ends_at === 'string' ? a.ends_at : null);
  return {
    ok: true,
    event: {
      kind: 'test',
      id,
      type: 'subscription_created',
      occurredAt: now,
      email,
      plan: { tier: variant.tier, period: variant.period },
      endsAt,
    },
  };
}
