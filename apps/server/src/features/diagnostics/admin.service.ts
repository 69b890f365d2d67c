/**
 * Read models behind the admin pages: webhook debug logs, one subscriber by email, and the overview's
 * 30-day series. Day buckets are UTC calendar days, so every admin sees the same numbers.
 */
import { count, desc, eq, gte, sql } from 'drizzle-orm';
import {
  DEBUG_LOG_PAGE_SIZE,
  TIERS,
  type Tier,
  type SubscriberRecord,
  type WebhookLogRecord,
  type AdminOverview,
  type DayPoint,
} from '@plainspoken/shared';
import type { Db } from '../../db/client';
import { subscribers, transformations, user, webhook_debug_logs } from '../../db/schema';
import { rowsOf } from '../../lib/rate-limit';

export type SubscriberDto = SubscriberRecord;
export type WebhookLogDto = WebhookLogRecord;
export type OverviewDto = AdminOverview;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function listWebhookLogs(db: Db, limit = DEBUG_LOG_PAGE_SIZE): Promise<WebhookLogDto[]> {
  const rows = await db
    .select()
    .from(webhook_debug_logs)
    .orderBy(desc(webhook_debug_logs.processed_at), desc(webhook_debug_logs.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, processed_at: r.processed_at.toISOString() }));
}

export async function clearWebhookLogs(db: Db): Promise<number> {
  const rows = await db.delete(webhook_debug_logs).returning({ id: webhook_debug_logs.id });
  return rows.length;
}

export async function findSubscriberByEmail(db: Db, email: string): Promise<SubscriberDto | null> {
  const row = (
    await db
      .select()
      .from(subscribers)
      .where(eq(sql`lower(${subscribers.email})`, email.toLowerCase()))
      .limit(1)
  )[0];
  if (!row) return null;
  return {
    user_id: row.user_id,
    email: row.email,
    subscription_tier: row.subscription_tier,
    subscribed: row.subscribed,
    monthly_word_balance: row.monthly_word_balance,
    subscription_end: iso(row.subscription_end),
    balance_reset_date: iso(row.balance_reset_date),
    paddle_customer_id: row.paddle_customer_id,
    subscription_cancelled_at: iso(row.subscription_cancelled_at),
    cancellation_end_date: iso(row.cancellation_end_date),
    updated_at: row.updated_at.toISOString(),
  };
}

function dayKey(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The `days` UTC days ending today, oldest first. */
export function dayRange(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => dayKey(new Date(today - (days - 1 - i) * 86_400_000)));
}

function fill(range: string[], rows: { day: string; value: number | string | null }[]): DayPoint[] {
  const by = new Map(rows.map((r) => [r.day, Number(r.value ?? 0)]));
  return range.map((day) => ({ day, value: by.get(day) ?? 0 }));
}

const dayOf = (col: unknown) => sql<string>`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

export async function buildOverview(db: Db, now: Date, days: number): Promise<OverviewDto> {
  const range = dayRange(now, days);
  const from = new Date(`${range[0]}T00:00:00.000Z`);

  const signUpRows = rowsOf<{ day: string; value: number }>(
    await db.execute(sql`SELECT ${dayOf(user.createdAt)} AS day, count(*)::int AS value FROM ${user}
      WHERE ${user.createdAt} >= ${from.toISOString()} AND ${user.createdAt} <= ${now.toISOString()} GROUP BY 1`),
  );
  const wordRows = rowsOf<{ day: string; value: number }>(
    await db.execute(sql`SELECT ${dayOf(transformations.created_at)} AS day, coalesce(sum(${transformations.words_charged}), 0)::int AS value
      FROM ${transformations} WHERE ${transformations.created_at} >= ${from.toISOString()} AND ${transformations.created_at} <= ${now.toISOString()} GROUP BY 1`),
  );
  const failureRows = rowsOf<{ day: string; value: number }>(
    await db.execute(sql`SELECT ${dayOf(webhook_debug_logs.processed_at)} AS day, count(*)::int AS value FROM ${webhook_debug_logs}
      WHERE ${webhook_debug_logs.success} = false AND ${webhook_debug_logs.processed_at} >= ${from.toISOString()}
      AND ${webhook_debug_logs.processed_at} <= ${now.toISOString()} GROUP BY 1`),
  );

  // "Active" follows the effective subscription of spec section 4: a cancelled plan counts until its end date.
  const tierRows = rowsOf<{ tier: string; value: number }>(
    await db.execute(sql`SELECT CASE
        WHEN ${subscribers.subscribed} AND ${subscribers.subscription_tier} <> 'FREE'
          AND (${subscribers.cancellation_end_date} IS NULL OR ${subscribers.cancellation_end_date} > ${now.toISOString()})
        THEN ${subscribers.subscription_tier} ELSE 'FREE' END AS tier, count(*)::int AS value
      FROM ${subscribers} GROUP BY 1`),
  );
  const activeByTier = Object.fromEntries(TIERS.map((t) => [t, 0])) as Record<Tier, number>;
  for (const r of tierRows) {
    const t = (TIERS as readonly string[]).includes(r.tier) ? (r.tier as Tier) : 'FREE';
    activeByTier[t] += Number(r.value);
  }

  const [users] = await db.select({ n: count() }).from(user);
  const [events] = await db
    .select({ n: count() })
    .from(webhook_debug_logs)
    .where(gte(webhook_debug_logs.processed_at, from));

  const signUps = fill(range, signUpRows);
  const wordsHumanized = fill(range, wordRows);
  const webhookFailures = fill(range, failureRows);
  const sum = (xs: DayPoint[]) => xs.reduce((a, p) => a + p.value, 0);
  return {
    days,
    from: range[0] ?? dayKey(now),
    to: range[range.length - 1] ?? dayKey(now),
    signUps,
    wordsHumanized,
    webhookFailures,
    activeByTier,
    totals: {
      users: Number(users?.n ?? 0),
      signUps: sum(signUps),
      wordsHumanized: sum(wordsHumanized),
      webhookFailures: sum(webhookFailures),
      webhookEvents: Number(events?.n ?? 0),
    },
  };
}
