/**
 * Words charged per UTC day for one user, for the account page's chart: read from the word ledger (charges
 * not refunded), the same words the balance counts, so deleting history does not change it.
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DailyUsage } from '@plainspoken/shared';
import type { Db } from '../../db/client';
import { word_charges } from '../../db/schema';

export const USAGE_DAYS = 30;

export type { DailyUsage };

const DAY_MS = 86_400_000;

/** The last `days` UTC days ending today, oldest first; days without rewrites are 0. */
export async function dailyUsage(db: Db, userId: string, now: Date, days = USAGE_DAYS): Promise<DailyUsage> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (days - 1) * DAY_MS);
  const dayExpr = sql<string>`to_char(${word_charges.created_at} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day: dayExpr, words: sql<string>`COALESCE(SUM(${word_charges.words}), 0)` })
    .from(word_charges)
    .where(
      and(
        eq(word_charges.user_id, userId),
        gte(word_charges.created_at, start),
        inArray(word_charges.status, ['saved', 'reserved']),
      ),
    )
    .groupBy(dayExpr);
  const byDay = new Map(rows.map((r) => [r.day, Number(r.words)]));
  const out: DailyUsage['days'] = [];
  for (let i = 0; i < days; i++) {
    const date = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    out.push({ date, words: byDay.get(date) ?? 0 });
  }
  return { days: out, total: out.reduce((s, d) => s + d.words, 0) };
}
