/**
 * The payment webhook pipeline (architecture convention 6): the signature is checked on the raw body
 * first, each event is applied once (its id goes into processed_webhook_events in the same transaction
 * as the change), every delivery is logged in webhook_debug_logs, and a failure answers 5xx so the
 * provider retries. Events for customers we do not know are logged and answered 200: retrying cannot
 * make them known, and Paddle would otherwise retry for days.
 */
import { randomUUID } from 'node:crypto';
import { EventName, type EventEntity } from '@paddle/paddle-node-sdk';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { TEST_PLAN_VARIANTS, TIER_LIMITS, isTier, type BillingPeriod, type PaidTier } from '@plainspoken/shared';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { processed_webhook_events, subscribers, user, webhook_debug_logs } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { addMonths, ensureSubscriber, expireCancelled, type SubscriberRow } from '../subscription/subscription.service';
import { paymentProvider, type PaymentProvider, type PlanChoice } from './provider';

export interface BillingDeps {
  db: Db;
  env: Env;
  logger: Logger;
  now: () => Date;
}

export interface WebhookResult {
  received: true;
  applied: boolean;
  duplicate?: boolean;
  event_id: string;
  event_type: string;
  message: string;
}

interface SubscriptionFacts {
  id: string;
  status: string;
  customerId: string;
  priceId: string | null;
  userId: string | null;
  periodEnd: Date | null;
  scheduledCancelAt: Date | null;
  canceledAt: Date | null;
}
interface TransactionFacts {
  id: string;
  origin: string;
  customerId: string | null;
  subscriptionId: string | null;
  priceId: string | null;
  userId: string | null;
  periodEnd: Date | null;
}
type BillingEvent =
  | { kind: 'subscription'; id: string; type: string; occurredAt: Date; sub: SubscriptionFacts }
  | { kind: 'transaction'; id: string; type: string; occurredAt: Date; txn: TransactionFacts }
  | { kind: 'test'; id: string; type: string; occurredAt: Date; email: string; plan: PlanChoice; endsAt: Date | null }
  | { kind: 'other'; id: string; type: string; occurredAt: Date };

/** Rolls the transaction back; the delivery is logged as failed but answered 200. */
class UnknownCustomer extends Error {}

const date = (s: string | null | undefined): Date | null => {
  if (!s) return null;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
};
const userIdOf = (custom: unknown): string | null => {
  const v = custom && typeof custom === 'object' ? (custom as Record<string, unknown>).user_id : undefined;
  return typeof v === 'string' && v ? v : null;
};

function normalize(e: EventEntity): BillingEvent {
  const base = { id: e.eventId, type: e.eventType as string, occurredAt: date(e.occurredAt) ?? new Date() };
  switch (e.eventType) {
    case EventName.SubscriptionCreated:
    case EventName.SubscriptionActivated:
    case EventName.SubscriptionUpdated:
    case EventName.SubscriptionCanceled:
    case EventName.SubscriptionPastDue: {
      const d = e.data;
      return {
        ...base,
        kind: 'subscription',
        sub: {
          id: d.id,
          status: d.status,
          customerId: d.customerId,
          priceId: d.items[0]?.price?.id ?? null,
          userId: userIdOf(d.customData),
          periodEnd: date(d.currentBillingPeriod?.endsAt),
          scheduledCancelAt: d.scheduledChange?.action === 'cancel' ? date(d.scheduledChange.effectiveAt) : null,
          canceledAt: date(d.canceledAt),
        },
      };
    }
    case EventName.TransactionCompleted: {
      const d = e.data;
      return {
        ...base,
        kind: 'transaction',
        txn: {
          id: d.id,
          origin: d.origin,
          customerId: d.customerId,
          subscriptionId: d.subscriptionId,
          priceId: d.items[0]?.price?.id ?? null,
          userId: userIdOf(d.customData),
          periodEnd: date(d.billingPeriod?.endsAt),
        },
      };
    }
    default:
      return { ...base, kind: 'other' };
  }
}

const allowance = (tier: string) => (isTier(tier) ? TIER_LIMITS[tier].monthlyWords : TIER_LIMITS.FREE.monthlyWords);
const n = (v: number) => sql.raw(String(Math.trunc(v)));
/** Monthly refills stay monthly on yearly plans: the next reset is a month away at most. */
const nextReset = (periodEnd: Date | null, now: Date) => {
  const month = addMonths(now, 1);
  return periodEnd && periodEnd < month ? periodEnd : month;
};

async function findRow(tx: Db, ids: { subscriptionId?: string | null; userId?: string | null; customerId?: string | null }, now: Date): Promise<SubscriberRow> {
  if (ids.subscriptionId) {
    const r = await tx.select().from(subscribers).where(eq(subscribers.paddle_subscription_id, ids.subscriptionId));
    if (r[0]) return r[0];
  }
  if (ids.userId) {
    const u = (await tx.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, ids.userId)))[0];
    if (u) {
      await ensureSubscriber(tx, u, now);
      const r = await tx.select().from(subscribers).where(eq(subscribers.user_id, u.id));
      if (r[0]) return r[0];
    }
  }
  if (ids.customerId) {
    const r = await tx.select().from(subscribers).where(eq(subscribers.paddle_customer_id, ids.customerId));
    if (r[0]) return r[0];
  }
  throw new UnknownCustomer(
    `No subscriber for ${[ids.subscriptionId && `subscription ${ids.subscriptionId}`, ids.customerId && `customer ${ids.customerId}`, ids.userId && `user ${ids.userId}`].filter(Boolean).join(', ') || 'this event'}.`,
  );
}

function planOf(provider: PaymentProvider, priceId: string | null): PlanChoice | null {
  return priceId ? provider.planForPrice(priceId) : null;
}

async function activate(tx: Db, row: SubscriberRow, s: SubscriptionFacts, plan: PlanChoice, ev: { occurredAt: Date }, now: Date): Promise<string> {
  // created and activated both arrive for one purchase: the second must not refill spent words.
  const same = row.paddle_subscription_id === s.id && row.subscription_tier === plan.tier && row.subscribed;
  await tx
    .update(subscribers)
    .set({
      subscription_tier: plan.tier,
      subscribed: true,
      ...(same ? {} : { monthly_word_balance: allowance(plan.tier), balance_reset_date: nextReset(s.periodEnd, now) }),
      subscription_end: s.periodEnd,
      paddle_customer_id: s.customerId,
      paddle_subscription_id: s.id,
      billing_period: plan.period,
      subscription_cancelled_at: s.scheduledCancelAt ? (row.subscription_cancelled_at ?? ev.occurredAt) : null,
      cancellation_end_date: s.scheduledCancelAt,
      updated_at: now,
    })
    .where(eq(subscribers.user_id, row.user_id));
  return same ? `${plan.tier} subscription already active; dates updated` : `${plan.tier} ${plan.period} activated with ${allowance(plan.tier)} words`;
}

async function cancel(tx: Db, row: SubscriberRow, s: SubscriptionFacts, ev: { occurredAt: Date }, now: Date): Promise<string> {
  const at = s.canceledAt ?? ev.occurredAt;
  const end = row.cancellation_end_date && row.cancellation_end_date < at ? row.cancellation_end_date : at;
  await tx
    .update(subscribers)
    .set({ subscription_cancelled_at: row.subscription_cancelled_at ?? at, cancellation_end_date: end, updated_at: now })
    .where(eq(subscribers.user_id, row.user_id));
  const expired = await expireCancelled(tx, now, row.user_id);
  return expired ? 'subscription ended; downgraded to FREE' : `subscription ends ${end.toISOString()}`;
}

async function applySubscription(tx: Db, provider: PaymentProvider, ev: Extract<BillingEvent, { kind: 'subscription' }>, now: Date): Promise<string> {
  const s = ev.sub;
  const row = await findRow(tx, { subscriptionId: s.id, userId: s.userId, customerId: s.customerId }, now);
  const plan = planOf(provider, s.priceId);
  const current = !row.paddle_subscription_id || row.paddle_subscription_id === s.id;

  if (ev.type === EventName.SubscriptionCreated || ev.type === EventName.SubscriptionActivated) {
    if (!plan) throw new Error(`price ${s.priceId ?? '(none)'} is not one of our plans`);
    if (s.status !== 'active' && s.status !== 'trialing') return `status ${s.status}; nothing to activate`;
    return activate(tx, row, s, plan, ev, now);
  }
  // An older subscription of the same customer must not touch the current one.
  if (!current) return `subscription ${s.id} is not the current one (${row.paddle_subscription_id}); ignored`;

  if (ev.type === EventName.SubscriptionCanceled || s.status === 'canceled') return cancel(tx, row, s, ev, now);

  if (ev.type === EventName.SubscriptionPastDue || s.status === 'past_due') {
    // Dunning: the remaining words stay usable, but no refill until a payment completes.
    await tx.update(subscribers).set({ balance_reset_date: null, updated_at: now }).where(eq(subscribers.user_id, row.user_id));
    return 'payment past due; monthly refill paused until payment';
  }

  // subscription.updated
  if (!plan) throw new Error(`price ${s.priceId ?? '(none)'} is not one of our plans`);
  if (row.subscription_tier === 'FREE' || !row.subscribed) return activate(tx, row, s, plan, ev, now);
  const notes: string[] = [];
  const set: PgUpdateSetSource<typeof subscribers> = { billing_period: plan.period, updated_at: now };
  if (s.periodEnd) set.subscription_end = s.periodEnd;
  if (plan.tier !== row.subscription_tier) {
    const up = allowance(plan.tier) > allowance(row.subscription_tier);
    set.subscription_tier = plan.tier;
    // Upgrade: the new allowance at once. Downgrade: keep what is left, capped at the new allowance.
    set.monthly_word_balance = up
      ? allowance(plan.tier)
      : sql<number>`LEAST(${subscribers.monthly_word_balance}, ${n(allowance(plan.tier))})`;
    notes.push(`${up ? 'upgraded' : 'downgraded'} ${row.subscription_tier} → ${plan.tier}`);
  }
  if (s.scheduledCancelAt) {
    set.subscription_cancelled_at = row.subscription_cancelled_at ?? ev.occurredAt;
    set.cancellation_end_date = s.scheduledCancelAt;
    notes.push(`cancels at ${s.scheduledCancelAt.toISOString()}`);
  } else if (row.subscription_cancelled_at || row.cancellation_end_date) {
    set.subscription_cancelled_at = null;
    set.cancellation_end_date = null;
    notes.push('resumed');
  }
  await tx.update(subscribers).set(set).where(eq(subscribers.user_id, row.user_id));
  return notes.join('; ') || 'subscription details updated';
}

async function applyTransaction(tx: Db, provider: PaymentProvider, ev: Extract<BillingEvent, { kind: 'transaction' }>, now: Date): Promise<string> {
  const t = ev.txn;
  // The first payment is applied by subscription.created; only renewals refill here.
  if (t.origin !== 'subscription_recurring') return `transaction ${t.origin}; nothing to change`;
  const row = await findRow(tx, { subscriptionId: t.subscriptionId, userId: t.userId, customerId: t.customerId }, now);
  if (row.paddle_subscription_id && t.subscriptionId && row.paddle_subscription_id !== t.subscriptionId)
    return `renewal of subscription ${t.subscriptionId}, not the current one; ignored`;
  if (row.subscription_tier === 'FREE') return 'renewal for an account without a paid plan; ignored';
  const tier = planOf(provider, t.priceId)?.tier ?? row.subscription_tier;
  await tx
    .update(subscribers)
    .set({
      monthly_word_balance: allowance(tier),
      balance_reset_date: nextReset(t.periodEnd, now),
      ...(t.periodEnd ? { subscription_end: t.periodEnd } : {}),
      updated_at: now,
    })
    .where(eq(subscribers.user_id, row.user_id));
  return `renewal: balance reset to ${allowance(tier)}`;
}

async function applyTest(tx: Db, ev: Extract<BillingEvent, { kind: 'test' }>, now: Date): Promise<string> {
  let row = (await tx.select().from(subscribers).where(sql`lower(${subscribers.email}) = ${ev.email.toLowerCase()}`))[0];
  if (!row) {
    const u = (await tx.select({ id: user.id, email: user.email }).from(user).where(sql`lower(${user.email}) = ${ev.email.toLowerCase()}`))[0];
    if (!u) throw new UnknownCustomer(`No subscriber with email ${ev.email}.`);
    await ensureSubscriber(tx, u, now);
    row = (await tx.select().from(subscribers).where(eq(subscribers.user_id, u.id)))[0];
    if (!row) throw new UnknownCustomer(`No subscriber with email ${ev.email}.`);
  }
  const end = ev.endsAt && ev.endsAt > now ? ev.endsAt : addMonths(now, ev.plan.period === 'monthly' ? 1 : 12);
  await tx
    .update(subscribers)
    .set({
      subscription_tier: ev.plan.tier,
      subscribed: true,
      monthly_word_balance: allowance(ev.plan.tier),
      subscription_end: end,
      balance_reset_date: nextReset(end, now),
      billing_period: ev.plan.period,
      subscription_cancelled_at: null,
      cancellation_end_date: null,
      updated_at: now,
    })
    .where(eq(subscribers.user_id, row.user_id));
  return `test event: ${ev.email} is now active on ${ev.plan.tier} ${ev.plan.period}`;
}

const MAX_LOGGED_CHARS = 64 * 1024;

/** Kept readable for the diagnostics page, but bounded: rejected deliveries can be anyone's junk. */
function rawPayload(raw: string): unknown {
  if (raw.length > MAX_LOGGED_CHARS) return { truncated: raw.slice(0, 4096), length: raw.length };
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return { unparsed: raw.slice(0, 4096) };
  }
}

async function log(deps: BillingDeps, entry: { eventId: string | null; eventType: string; success: boolean; error: string | null; raw: string }): Promise<void> {
  try {
    await deps.db.insert(webhook_debug_logs).values({
      event_id: entry.eventId,
      event_type: entry.eventType,
      success: entry.success,
      error_message: entry.error,
      raw_payload: rawPayload(entry.raw),
      processed_at: deps.now(),
    });
  } catch (e) {
    deps.logger.error('webhook log write failed', { error: (e as Error).message });
  }
}

async function apply(deps: BillingDeps, provider: PaymentProvider, ev: BillingEvent, raw: string): Promise<WebhookResult> {
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
      if (claimed.length === 0) return { duplicate: true, message: 'Duplicate event; it was applied before and changed nothing now.' };
      let message: string;
      if (ev.kind === 'subscription') message = await applySubscription(tx, provider, ev, now);
      else if (ev.kind === 'transaction') message = await applyTransaction(tx, provider, ev, now);
      else if (ev.kind === 'test') message = await applyTest(tx, ev, now);
      else message = `event type ${ev.type} is not used; acknowledged`;
      return { duplicate: false, message };
    });
    await log(deps, { eventId: ev.id, eventType: ev.type, success: true, error: outcome.duplicate ? outcome.message : null, raw });
    return { ...head, applied: !outcome.duplicate, ...(outcome.duplicate ? { duplicate: true } : {}), message: outcome.message };
  } catch (e) {
    if (e instanceof UnknownCustomer) {
      deps.logger.warn('webhook for unknown customer', { eventId: ev.id, type: ev.type, error: e.message });
      await log(deps, { eventId: ev.id, eventType: ev.type, success: false, error: e.message, raw });
      return { ...head, applied: false, message: e.message };
    }
    const message = (e as Error).message;
    deps.logger.error('webhook processing failed', { eventId: ev.id, type: ev.type, error: message });
    await log(deps, { eventId: ev.id, eventType: ev.type, success: false, error: message, raw });
    throw new AppError('INTERNAL', 500, 'The event could not be processed. It will be retried.');
  }
}

function eventTypeOf(raw: string): string {
  try {
    const j = JSON.parse(raw) as { event_type?: unknown; meta?: { event_name?: unknown } };
    const t = j.event_type ?? j.meta?.event_name;
    return typeof t === 'string' && t.length < 100 ? t : 'unknown';
  } catch {
    return 'unparsable';
  }
}

/** A Paddle-signed delivery (from Paddle or from the sandbox pages). */
export async function receiveSignedWebhook(deps: BillingDeps, rawBody: string, signature: string | undefined): Promise<WebhookResult> {
  const provider = paymentProvider(deps.env);
  let event: EventEntity;
  try {
    if (!signature) throw new Error('missing Paddle-Signature header');
    event = await provider.verify(rawBody, signature);
  } catch (e) {
    const why = signature ? 'invalid or expired signature' : 'missing Paddle-Signature header';
    deps.logger.warn('webhook signature rejected', { reason: why, detail: (e as Error).message });
    await log(deps, { eventId: null, eventType: eventTypeOf(rawBody), success: false, error: `Rejected: ${why}`, raw: rawBody });
    throw new AppError('WEBHOOK_SIGNATURE', 401, 'The webhook signature is missing, invalid or too old.');
  }
  return apply(deps, provider, normalize(event), rawBody);
}

/**
 * The diagnostics page's test event: the original's subscription_created shape with a test plan
 * variant. The caller is an admin (checked by the route); nothing else about it is trusted.
 */
export async function receiveTestEvent(deps: BillingDeps, rawBody: string): Promise<WebhookResult> {
  const fail = async (message: string): Promise<never> => {
    await log(deps, { eventId: null, eventType: eventTypeOf(rawBody), success: false, error: message, raw: rawBody });
    throw new AppError('VALIDATION', 400, message);
  };
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return fail('The test event is not valid JSON.');
  }
  const b = (body ?? {}) as { meta?: { event_name?: unknown }; data?: { id?: unknown; attributes?: Record<string, unknown> } };
  if (b.meta?.event_name !== 'subscription_created') return fail('Only the subscription_created test event is accepted (meta.event_name).');
  const a = b.data?.attributes ?? {};
  const variantId = Number(a.variant_id);
  const variant = TEST_PLAN_VARIANTS.find((v) => v.id === variantId);
  if (!variant) return fail(`Unknown variant_id ${String(a.variant_id)}; use one of ${TEST_PLAN_VARIANTS.map((v) => v.id).join(', ')}.`);
  const email = typeof a.user_email === 'string' ? a.user_email.trim() : '';
  if (!email) return fail('data.attributes.user_email is required.');
  const rawId = b.data?.id;
  const id = `test:${typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : randomUUID()}`;
  const plan: { tier: PaidTier; period: BillingPeriod } = { tier: variant.tier, period: variant.period };
  const endsAt = date(typeof a.ends_at === 'string' ? a.ends_at : null);
  return apply(deps, paymentProvider(deps.env), { kind: 'test', id, type: 'subscription_created', occurredAt: deps.now(), email, plan, endsAt }, rawBody);
}

