/**
 * Fixed-window counters kept in PostgreSQL (the rate_limit table better-auth's limiter also uses; our keys
 * carry a `pl:` prefix so they never meet its `ip/path` keys), so every server process shares them.
 * One atomic upsert counts a hit: a row whose window has passed starts again at 1. `peek` reads without
 * counting. Used for the webhook route's per-IP limits and refusal sampling, and the per-account sign-in
 * failure limit.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { retryOnUniqueViolation, rowsOf } from './rate-limit';

export interface WindowCount {
  /** Hits in the current window, this one included. */
  count: number;
  /** When the current window started (ms). */
  windowStart: number;
  /** Hits the previous window ended with, when this hit started a new window (else 0). */
  previousCount: number;
}

export interface WindowCounter {
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** Hits in the key's current window (0 when none or when the window has passed). */
  peek(key: string, windowMs: number): Promise<{ count: number; windowStart: number }>;
  reset(key: string): Promise<void>;
}

export function createWindowCounter(db: Db, now: () => number = Date.now): WindowCounter {
  return {
    async hit(key, windowMs) {
      const k = `pl:${key}`;
      const t = now();
      const res = await retryOnUniqueViolation(() =>
        db.execute<{
          count: number;
          last_request: string | number;
          prev_count: number | null;
          prev_start: string | number | null;
        }>(sql`
        WITH old AS (SELECT count, last_request FROM rate_limit WHERE key = ${k})
        INSERT INTO rate_limit (id, key, count, last_request) VALUES (${k}, ${k}, 1, ${t})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limit.last_request <= ${t - windowMs} THEN 1 ELSE rate_limit.count + 1 END,
          last_request = CASE WHEN rate_limit.last_request <= ${t - windowMs} THEN ${t} ELSE rate_limit.last_request END
        RETURNING count, last_request, (SELECT count FROM old) AS prev_count, (SELECT last_request FROM old) AS prev_start`),
      );
      const row = rowsOf<{
        count: number;
        last_request: string | number;
        prev_count: number | null;
        prev_start: string | number | null;
      }>(res)[0]!;
      const count = Number(row.count);
      const windowStart = Number(row.last_request);
      const restarted = count === 1 && row.prev_start !== null && Number(row.prev_start) !== windowStart;
      return { count, windowStart, previousCount: restarted ? Number(row.prev_count ?? 0) : 0 };
    },
    async peek(key, windowMs) {
      const t = now();
      const row = rowsOf<{ count: number; last_request: string | number }>(
        await db.execute(sql`SELECT count, last_request FROM rate_limit WHERE key = ${`pl:${key}`}`),
      )[0];
      if (!row || Number(row.last_request) <= t - windowMs) return { count: 0, windowStart: t };
      return { count: Number(row.count), windowStart: Number(row.last_request) };
    },
    async reset(key) {
      await db.execute(sql`DELETE FROM rate_limit WHERE key = ${`pl:${key}`}`);
    },
  };
}
