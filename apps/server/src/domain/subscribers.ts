/**
 * The subscriber ledger: the subscriber row and the subscription data derived from it (spec sections
 * 3-4, decisions 1-2), used by sign-up, humanize, the AI check, billing and the account export.
 * Every balance change is one atomic statement; lazy transitions (monthly reset, expired cancellation)
 * are applied on read with guards, so applying them twice changes nothing.
 */
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import {
  FREE_SIGNUP_WORDS,
  TIER_LIMITS,
  isTier,
  limitsFor,
  type SubscriptionData,
  type Tier,
} from '@plainspoken/shared';
import type { Db } from '../db/client';
import { subscribers } from '../db/schema';

export type SubscriberRow = typeof subscribers.$inferSelect;

export function addMonths(d: Date, n: number): Date {
  const r = new Date(d);
  r.setUTCMonth(r.getUTCMonth() + n);
  return r;
}

/** Creates the FREE row (250 words, reset in a month) if missing; never touches an existing row. */
export async function ensureSubscriber(db: Db, u: { id: string; email: string }, now: Date): Promise<void> {
  await db
    .insert(subscribers)
    .values({
      user_id: u.id,
      email: u.email,
      subscription_tier: 'FREE',
      subscribed: false,
      monthly_word_balance: FREE_SIGNUP_WORDS,
      balance_reset_date: addMonths(now, 1),
    })
    .onConflictDoNothing();
}

/** Downgrades cancelled subscriptions whose end date has passed; returns how many rows changed. */
export async function expireCancelled(db: Db, now: Date, userId?: string): Promise<number> {
  const rows = await db
    .update(subscribers)
    .set({
      subscription_tier: 'FREE',
      subscribed: false,
      monthly_word_balance: sql<number>`LEAST(${subscribers.monthly_word_balance}, ${sql.raw(String(TIER_LIMITS.FREE.monthlyWords))})`,
      subscription_end: null,
      paddle_subscription_id: null,
      billing_period: null,
      balance_reset_date: addMonths(now, 1),
      updated_at: now,
    })
    .where(
      and(
        isNotNull(subscribers.cancellation_end_date),
        lte(subscribers.cancellation_end_date, now),
        sql`${subscribers.subscription_tier} <> 'FREE'`,
        userId ? eq(subscribers.user_id, userId) : undefined,
      ),
    )
    .returning({ id: subscribers.user_id });
  return rows.length;
}

/** Monthly reset (spec decision 2): refills to the tier's allowance once the reset date has passed. */
export async function resetDueBalances(db: Db, now: Date, userId?: string): Promise<number> {
  const n = (v: number) => sql.raw(String(Math.trunc(v)));
  const allowance = sql<number>`CASE ${subscribers.subscription_tier}
    WHEN 'Basic' THEN ${n(TIER_LIMITS.Basic.monthlyWords)}
    WHEN 'Pro' THEN ${n(TIER_LIMITS.Pro.monthlyWords)}
    WHEN 'Ultra' THEN ${n(TIER_LIMITS.Ultra.monthlyWords)}
    ELSE ${n(TIER_LIMITS.FREE.monthlyWords)} END`;
  const rows = await db
    .update(subscribers)
    .set({ monthly_word_balance: allowance, balance_reset_date: addMonths(now, 1), updated_at: now })
    .where(
      and(
        isNotNull(subscribers.balance_reset_date),
        lte(subscribers.balance_reset_date, now),
        userId ? eq(subscribers.user_id, userId) : undefined,
      ),
    )
    .returning({ id: subscribers.user_id });
  return rows.length;
}

/**
 * The caller's row, created if missing, with due transitions applied. One SELECT on the common path, none
 * when the caller passes the row it has just read (the session query brings it).
 */
export async function loadSubscriber(
  db: Db,
  u: { id: string; email: string },
  now: Date,
  known?: SubscriberRow | null,
): Promise<SubscriberRow> {
  const read = async () => (await db.select().from(subscribers).where(eq(subscribers.user_id, u.id)))[0];
  let row = known ?? (await read());
  if (!row) {
    await ensureSubscriber(db, u, now);
    row = await read();
  }
  if (!row) throw new Error('subscriber row missing after insert');
  const cancelledDue =
    !!row.cancellation_end_date && row.cancellation_end_date <= now && row.subscription_tier !== 'FREE';
  const resetDue = !!row.balance_reset_date && row.balance_reset_date <= now;
  if (!cancelledDue && !resetDue) return row;
  if (cancelledDue) await expireCancelled(db, now, u.id);
  await resetDueBalances(db, now, u.id);
  const fresh = await read();
  if (!fresh) throw new Error('subscriber row vanished');
  return fresh;
}

/** Effective subscription (spec section 4). */
export function effectiveTier(row: SubscriberRow, now: Date): Tier {
  if (row.cancellation_end_date && row.cancellation_end_date <= now) return 'FREE';
  return isTier(row.subscription_tier) ? row.subscription_tier : 'FREE';
}

export function toSubscriptionData(row: SubscriberRow, now: Date): SubscriptionData {
  const tier = effectiveTier(row, now);
  const expired = !!row.cancellation_end_date && row.cancellation_end_date <= now;
  const subscribed = expired ? false : row.subscribed;
  return {
    subscription_tier: tier,
    subscribed,
    monthly_word_balance: row.monthly_word_balance,
    subscription_end: row.subscription_end?.toISOString() ?? null,
    subscription_cancelled_at: row.subscription_cancelled_at?.toISOString() ?? null,
    cancellation_end_date: row.cancellation_end_date?.toISOString() ?? null,
    monthlyLimit: limitsFor(tier).monthlyWords,
    currentBalance: Math.max(0, row.monthly_word_balance),
    isActive: tier !== 'FREE' && subscribed,
  };
}
