/**
 * The payment webhook pipeline (architecture convention 6): the signature is checked on the raw body
 * first, each event is applied once (its id goes into processed_webhook_events in the same transaction
 * as the change), every delivery is logged in webhook_debug_logs. A failure that a retry can cure (the
 * database) answers 5xx so the provider retries; one it cannot (an unknown customer, a price that is not
 * ours, an event without items) is logged as failed for diagnostics and answered 200 with applied: false,
 * since Paddle would otherwise retry it for days.
 */
import { recordRedemption } from '../promotions';
import type { WebhookResult } from '@plainspoken/shared';
import type { Db } from '../../../db/client';
import { processed_webhook_events } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { isDatabaseUnavailable } from '../../../db/unavailable';
import { UnknownCustomer, applyLifecycleEvent, type LifecycleEvent } from '../../../domain/lifecycle';
import type { BillingDeps } from '../payments/types';
import { eventTypeOf, logDelivery, logRefusal } from './delivery-log';
import { normalizePaddleEvent } from './paddle-normalize';
import { parseTestEvent } from './test-event';

export type { WebhookResult };

async function apply(deps: BillingDeps, ev: LifecycleEvent, raw: string): Promise<WebhookResult> {
  const now = deps.now();
  const head = { received: true as const, event_id: ev.id, event_type: ev.type };
  try {
    const outcome = await deps.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const claimed = await tx
        .insert(processed_webhook_events)
        .values({ event_id: ev.id, event_type: ev.type, processed_at: now })
        .onConflictDoNothing()
        .returning({ id: processed_webhook_events.event_id });
      if (claimed.length === 0)
        return { duplicate: true, message: 'Duplicate event; it was applied before and changed nothing now.' };
      return {
        duplicate: false,
        message: await applyLifecycleEvent(tx, (id) => deps.payments.planForPrice(id), ev, now),
      };
    });
    await logDelivery(deps, {
      eventId: ev.id,
      eventType: ev.type,
      success: true,
      error: outcome.duplicate ? outcome.message : null,
      raw,
    });
    return {
      ...head,
      applied: !outcome.duplicate,
      ...(outcome.duplicate ? { duplicate: true } : {}),
      message: outcome.message,
    };
  } catch (e) {
    if (e instanceof UnknownCustomer) {
      deps.logger.warn('webhook for unknown customer', { eventId: ev.id, type: ev.type, error: e.message });
      await logDelivery(deps, { eventId: ev.id, eventType: ev.type, success: false, error: e.message, raw });
      return { ...head, applied: false, message: e.message };
    }
    const message = (e as Error).message;
    if (!retryable(e)) {
      deps.logger.error('webhook event can never be applied', { eventId: ev.id, type: ev.type, error: message });
      await logDelivery(deps, { eventId: ev.id, eventType: ev.type, success: false, error: message, raw });
      return { ...head, applied: false, message: `Not applied, and retrying will not change that: ${message}` };
    }
    deps.logger.error('webhook processing failed', { eventId: ev.id, type: ev.type, error: message });
    await logDelivery(deps, { eventId: ev.id, eventType: ev.type, success: false, error: message, raw }).catch(
      () => {},
    );
    throw new AppError('INTERNAL', 500, 'The event could not be processed. It will be retried.');
  }
}

/**
 * A failure a retry may cure: the database (unreachable, or a PostgreSQL error such as a serialization
 * failure or deadlock, which carry a SQLSTATE code). The event's own content fails the same way every time.
 */
function retryable(e: unknown, depth = 0): boolean {
  if (isDatabaseUnavailable(e)) return true;
  if (!e || typeof e !== 'object' || depth > 4) return false;
  const err = e as { code?: unknown; cause?: unknown };
  if (typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code)) return true;
  return retryable(err.cause, depth + 1);
}

/** How far in the future a signature's timestamp may be (clock skew between the provider and us). */
const MAX_FUTURE_SKEW_MS = 5_000;

/** A Paddle-signed delivery (from Paddle or from the sandbox pages). */
export async function receiveSignedWebhook(
  deps: BillingDeps,
  rawBody: string,
  signature: string | undefined,
  /** Runs for a refused post before it is logged (the route's per-address refusal count; may throw 429). */
  beforeRefusal?: () => Promise<void>,
): Promise<WebhookResult> {
  let event;
  try {
    if (!signature) throw new Error('missing Paddle-Signature header');
    // The SDK refuses a signature older than a few seconds but not one dated in the future: allow only
    // the same small skew the other way.
    const ts = Number(/(?:^|;)\s*ts=(\d+)/.exec(signature)?.[1]);
    if (Number.isFinite(ts) && ts * 1000 > Date.now() + MAX_FUTURE_SKEW_MS)
      throw new Error('signature dated in the future');
    event = await deps.payments.verify(rawBody, signature);
  } catch (e) {
    const why = signature ? 'invalid or expired signature' : 'missing Paddle-Signature header';
    deps.logger.debug('webhook signature rejected', { reason: why, detail: (e as Error).message });
    await beforeRefusal?.();
    await logRefusal(deps, {
      eventId: null,
      eventType: eventTypeOf(rawBody),
      success: false,
      error: `Rejected: ${why}`,
      raw: rawBody,
    });
    throw new AppError('WEBHOOK_SIGNATURE', 401, 'The webhook signature is missing, invalid or too old.');
  }
  // A correctly signed body must still be an event: a JSON object (an array, string or number is not).
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    body = null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    const message = 'The signed body is not a payment event (a JSON object with an event_type).';
    await logDelivery(deps, { eventId: null, eventType: 'unknown', success: false, error: message, raw: rawBody });
    throw new AppError('VALIDATION', 400, message);
  }
  const result = await apply(deps, normalizePaddleEvent(event, deps.now()), rawBody);
  await recordRedemption(deps, body);
  return result;
}

/** The diagnostics page's test event (the route checked the caller is an admin). */
export async function receiveTestEvent(deps: BillingDeps, rawBody: string): Promise<WebhookResult> {
  const parsed = parseTestEvent(rawBody, deps.now());
  if (!parsed.ok) {
    await logDelivery(deps, {
      eventId: null,
      eventType: eventTypeOf(rawBody),
      success: false,
      error: parsed.message,
      raw: rawBody,
    });
    throw new AppError('VALIDATION', 400, parsed.message);
  }
  return apply(deps, parsed.event, rawBody);
}
