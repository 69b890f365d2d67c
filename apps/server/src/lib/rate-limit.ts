/**
 * Per-user function rate limits (one request per window), kept in the database so every server process
 * shares them. One atomic upsert decides: the row is claimed only when its window has passed.
 */
import { sql } from 'drizzle-orm';
import { MSG } from '@plainspoken/shared';
import type { Db } from '../db/client';
import { AppError } from './errors';

export interface RateLimiter {
  /** Claims the key's window or throws 429; `message` words the wait (the humanize wording by default). */
  hit(key: string, windowMs: number, message?: (seconds: number) => string): Promise<void>;
}

export function createRateLimiter(db: Db, opts: { enabled: boolean; now?: () => number }): RateLimiter {
  const now = opts.now ?? Date.now;
  return {
    async hit(key, windowMs, message = MSG.pleaseWait) {
      if (!opts.enabled) return;
      const t = now();
      const res = await db.execute<{ last_at: string | number }>(sql`
        INSERT INTO function_rate_limits (key, last_at) VALUES (${key}, ${t})
        ON CONFLICT (key) DO UPDATE SET last_at = EXCLUDED.last_at
        WHERE function_rate_limits.last_at <= ${t - windowMs}
        RETURNING last_at`);
      if (rowsOf(res).length > 0) return;
      const cur = rowsOf<{ last_at: string | number }>(
        await db.execute(sql`SELECT last_at FROM function_rate_limits WHERE key = ${key}`),
      )[0];
      const waitMs = cur ? Number(cur.last_at) + windowMs - t : windowMs;
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw new AppError('RATE_LIMITED', 429, message(seconds), { retryAfter: seconds });
    },
  };
}

/** Rows of a raw query on either driver (node-postgres returns {rows}, PGlite returns {rows} too). */
export function rowsOf<T>(res: unknown): T[] {
  const r = res as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

/**
 * The rate_limit table has two unique indexes (`id` and `key`, both the key where we write it) and ON CONFLICT
 * arbitrates one: two first inserts of one row at the same moment on PostgreSQL fail on the other index
 * (23505) instead of meeting in the conflict clause. The row exists then, so the statement runs once more and
 * meets it.
 */
export async function retryOnUniqueViolation<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    return run();
  }
}

function isUniqueViolation(e: unknown): boolean {
  let x = e as { code?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; x && depth < 4; depth++, x = x.cause as typeof x) if (x.code === '23505') return true;
  return false;
}
