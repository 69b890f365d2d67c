/** Words charged per UTC day for one user, for the account page's chart. */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { DailyUsage } from '@plainspoken/shared';
import type { Db } from '../../db/client';
import { transformations } from '../../db/schema';

export const USAGE_DAYS = 30;

export type { DailyUsage };

const DAY_MS = 86_400_000;

/** The last `days` UTC days ending today, oldest first; days without rewrites are 0. */
export async function dailyUsage(db: Db, userId: string, now: Date, days = USAGE_DAYS): Promise<DailyUsage> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (days - 1) * DAY_MS);
  const dayExpr = sql<string>`to_char(${transformations.created_at} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day: dayExpr, words: sql<string>`COALESCE(SUM(${transformations.words_charged}), 0)` })
    .from(transformations)
    .where(and(eq(transformations.user_id, userId), gte(transformations.created_at, start)))
    .groupBy(dayExpr);
  const byDay = new Map(rows.map((r) => [r.day, Number(r.words)]));
  const out: DailyUsage['days'] = [];
  for (let i = 0; i < days; i++) {
    const date = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    out.push({ date, words: byDay.get(date) ?? 0 });
  }
  return { days: out, total: out.reduce((s, d) => s + d.words, 0) };
}
