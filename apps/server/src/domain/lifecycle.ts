/**
 * The subscriber lifecycle: how a payment event moves a subscriber between FREE, active, cancelled,
 * past due and expired (spec decision 6 and docs/decisions/0010-billing-providers-and-webhooks.md). The
 * events arrive here already normalised (billing/webhooks turns Paddle's payloads into these), and are
 * applied inside the caller's transaction with the product clock's `now`. Nothing here knows about
 * HTTP, signatures or the provider's SDK.
 */
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { TIER_LIMITS, isTier, type BillingPeriod, type PaidTier } from '@plainspoken/shared';
import type { Db } from '../db/client';
import { subscribers, user } from '../db/schema';
import { addMonths, ensureSubscriber, expireCancelled, type SubscriberRow } from './subscribers';

export interface PlanChoice {
  tier: PaidTier;
  period: BillingPeriod;
}

/** The plan a provider price stands for (null for a price that is not one of ours). */
export type PlanForPrice = (priceId: string) => PlanChoice | null;

export interface SubscriptionFacts {
  id: string;
  status: string;
  customerId: string;
  priceId: string | null;
  userId: string | null;
  periodEnd: Date | null;
  scheduledCancelAt: Date | null;
  canceledAt: Date | null;
}
export interface TransactionFacts {
  id: string;
  origin: string;
  customerId: string | null;
  subscriptionId: string | null;
  priceId: string | null;
  userId: string | null;
  periodEnd: Date | null;
}
export type SubscriptionChange = 'created' | 'activated' | 'updated' | 'canceled' | 'past_due';

/** One event in the provider's words (`type`), reduced to what the lifecycle needs. */
export type LifecycleEvent =
  | {
      kind: 'subscription';
      id: string;
      type: string;
      occurredAt: Date;
      change: SubscriptionChange;
      sub: SubscriptionFacts;
    }
  | { kind: 'transaction'; id: string; type: string; occurredAt: Date; txn: TransactionFacts }
  | { kind: 'test'; id: string; type: string; occurredAt: Date; email: string; plan: PlanChoice; endsAt: Date | null }
  | { kind: 'other'; id: string; type: string; occurredAt: Date };

/** No subscriber matches the event; the caller rolls back and logs the delivery as failed but answers 200. */
export class UnknownCustomer extends Error {}

const allowance = (tier: string) => (isTier(tier) ? TIER_LIMITS[tier].monthlyWords : TIER_LIMITS.FREE.monthlyWords);
const n = (v: number) => sql.raw(String(Math.trunc(v)));
/** Monthly refills stay monthly on yearly plans: the next reset is a month away at most. */
const nextReset = (periodEnd: Date | null, now: Date) => {
  const month = addMonths(now, 1);
  return periodEnd && periodEnd < month ? periodEnd : month;
};

async function findRow(
  tx: Db,
  ids: { subscriptionId?: string | null; userId?: string | null; customerId?: string | null },
  now: Date,
): Promise<SubscriberRow> {
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

function planOf(planForPrice: PlanForPrice, priceId: string | null): PlanChoice | null {
  return priceId ? planForPrice(priceId) : null;
}

async function activate(
  tx: Db,
  row: SubscriberRow,
  s: SubscriptionFacts,
  plan: PlanChoice,
  ev: { occurredAt: Date },
  now: Date,
): Promise<string> {
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
      // A new purchase: its own payment (with its code, if any) pays the period; no change since.
      ...(same ? {} : { plan_changed_at: null }),
      updated_at: now,
    })
    .where(eq(subscribers.user_id, row.user_id));
  return same
    ? `${plan.tier} subscription already active; dates updated`
    : `${plan.tier} ${plan.period} activated with ${allowance(plan.tier)} words`;
}

async function cancel(
  tx: Db,
  row: SubscriberRow,
  s: SubscriptionFacts,
  ev: { occurredAt: Date },
  now: Date,
): Promise<string> {
  const at = s.canceledAt ?? ev.occurredAt;
  const end = row.cancellation_end_date && row.cancellation_end_date < at ? row.cancellation_end_date : at;
  await tx
    .update(subscribers)
    .set({
      subscription_cancelled_at: row.subscription_cancelled_at ?? at,
      cancellation_end_date: end,
      updated_at: now,
    })
    .where(eq(subscribers.user_id, row.user_id));
  const expired = await expireCancelled(tx, now, row.user_id);
  return expired ? 'subscription ended; downgraded to FREE' : `subscription ends ${end.toISOString()}`;
}

async function applySubscription(
  tx: Db,
  planForPrice: PlanForPrice,
  ev: Extract<LifecycleEvent, { kind: 'subscription' }>,
  now: Date,
): Promise<string> {
  const s = ev.sub;
  const row = await findRow(tx, { subscriptionId: s.id, userId: s.userId, customerId: s.customerId }, now);
  const plan = planOf(planForPrice, s.priceId);
  const current = !row.paddle_subscription_id || row.paddle_subscription_id === s.id;

  if (ev.change === 'created' || ev.change === 'activated') {
    if (!plan) throw new Error(`price ${s.priceId ?? '(none)'} is not one of our plans`);
    if (s.status !== 'active' && s.status !== 'trialing') return `status ${s.status}; nothing to activate`;
    return activate(tx, row, s, plan, ev, now);
  }
  // An older subscription of the same customer must not touch the current one.
  if (!current) return `subscription ${s.id} is not the current one (${row.paddle_subscription_id}); ignored`;

  if (ev.change === 'canceled' || s.status === 'canceled') return cancel(tx, row, s, ev, now);

  if (ev.change === 'past_due' || s.status === 'past_due') {
    // Dunning: the remaining words stay usable, but no refill until a payment completes.
    await tx
      .update(subscribers)
      .set({ balance_reset_date: null, updated_at: now })
      .where(eq(subscribers.user_id, row.user_id));
    return 'payment past due; monthly refill paused until payment';
  }

  // subscription.updated
  if (!plan) throw new Error(`price ${s.priceId ?? '(none)'} is not one of our plans`);
  if (row.subscription_tier === 'FREE' || !row.subscribed) return activate(tx, row, s, plan, ev, now);
  const notes: string[] = [];
  const set: PgUpdateSetSource<typeof subscribers> = { billing_period: plan.period, updated_at: now };
  if (s.periodEnd) set.subscription_end = s.periodEnd;
  // Another tier or billing period: the plan held from now on was paid at its list price (prorated).
  if (plan.tier !== row.subscription_tier || plan.period !== (row.billing_period === 'yearly' ? 'yearly' : 'monthly'))
    set.plan_changed_at = now;
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

async function applyTransaction(
  tx: Db,
  planForPrice: PlanForPrice,
  ev: Extract<LifecycleEvent, { kind: 'transaction' }>,
  now: Date,
): Promise<string> {
  const t = ev.txn;
  // The first payment is applied by subscription.created; only renewals refill here.
  if (t.origin !== 'subscription_recurring') return `transaction ${t.origin}; nothing to change`;
  const row = await findRow(tx, { subscriptionId: t.subscriptionId, userId: t.userId, customerId: t.customerId }, now);
  if (row.paddle_subscription_id && t.subscriptionId && row.paddle_subscription_id !== t.subscriptionId)
    return `renewal of subscription ${t.subscriptionId}, not the current one; ignored`;
  if (row.subscription_tier === 'FREE') return 'renewal for an account without a paid plan; ignored';
  const tier = planOf(planForPrice, t.priceId)?.tier ?? row.subscription_tier;
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

async function applyTest(tx: Db, ev: Extract<LifecycleEvent, { kind: 'test' }>, now: Date): Promise<string> {
  let row = (
    await tx
      .select()
      .from(subscribers)
      .where(sql`lower(${subscribers.email}) = ${ev.email.toLowerCase()}`)
  )[0];
  if (!row) {
    const u = (
      await tx
        .select({ id: user.id, email: user.email })
        .from(user)
        .where(sql`lower(${user.email}) = ${ev.email.toLowerCase()}`)
    )[0];
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

/** Applies one event to the ledger inside `tx`; returns a sentence for the delivery log. */
export async function applyLifecycleEvent(
  tx: Db,
  planForPrice: PlanForPrice,
  ev: LifecycleEvent,
  now: Date,
): Promise<string> {
  if (ev.kind === 'subscription') return applySubscription(tx, planForPrice, ev, now);
  if (ev.kind === 'transaction') return applyTransaction(tx, planForPrice, ev, now);
  if (ev.kind === 'test') return applyTest(tx, ev, now);
  return `event type ${ev.type} is not used; acknowledged`;
}
