/**
 * The public API's rate per key (decision 0034): for each kind of request, at most `requestsPerMinute`
 * admitted in a window of API_RATE_WINDOW_MS that starts with its first request, and at most `concurrent`
 * running at once. The state lives in PostgreSQL, in the `rate_limit` table the other limiters use (keys
 * with the `pl:` prefix, see lib/window-counter.ts), so every server process of a cluster shares it.
 *
 * - Running requests hold one of `concurrent` slot rows (`pl:api-run:<kind>:<key>:<n>`), claimed by one
 *   atomic upsert each and deleted when the request ends. A slot whose process died frees itself after
 *   `leaseMs` (the longest a request can take).
 * - The window is one row (`pl:api-rate:<kind>:<key>`), counted by one atomic upsert that does nothing
 *   when the window is full: a refused request is not counted.
 *
 * A slot is taken first and given back when the window refuses, so a refused request uses neither.
 */
import { sql } from 'drizzle-orm';
import { API_CONCURRENCY_RETRY_AFTER_S, API_RATE_WINDOW_MS, type ApiKeyLimits } from '@plainspoken/shared';
import type { Db } from '../../db/client';
import { retryOnUniqueViolation, rowsOf } from '../../lib/rate-limit';

export type ApiRequestKind = 'humanize' | 'detect' | 'export';

/** The window after this request: what the RateLimit-* headers say. */
export interface RateState {
  limit: number;
  remaining: number;
  /** Seconds until the window starts again. */
  resetSeconds: number;
}

export type Admission =
  | { ok: true; rate: RateState; release: () => Promise<void> }
  | { ok: false; limit: 'requests_per_minute'; rate: RateState; retryAfter: number }
  | { ok: false; limit: 'concurrent_requests'; retryAfter: number };

type Row = { count: number | string; last_request: number | string };

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export async function admitApiRequest(
  d: { db: Db; now: () => number; leaseMs: number },
  keyId: string,
  kind: ApiRequestKind,
  limits: ApiKeyLimits,
): Promise<Admission> {
  const { db, leaseMs } = d;
  const t = d.now();

  // A slot among `concurrent`: read which are held, then claim a free (or expired) one; a claim lost to
  // another process at the same moment moves on to the next slot.
  const slots = Array.from({ length: limits.concurrent }, (_, i) => `pl:api-run:${kind}:${keyId}:${i + 1}`);
  const held = new Map(
    rowsOf<{ key: string; last_request: number | string }>(
      await db.execute(
        sql`SELECT key, last_request FROM rate_limit WHERE key IN (${sql.join(
          slots.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      ),
    ).map((r) => [r.key, Number(r.last_request)]),
  );
  let slot: string | null = null;
  for (const s of slots) {
    const since = held.get(s);
    if (since !== undefined && since > t - leaseMs) continue;
    const claimed = rowsOf(
      await retryOnUniqueViolation(() =>
        db.execute(sql`
          INSERT INTO rate_limit (id, key, count, last_request) VALUES (${s}, ${s}, 1, ${t})
          ON CONFLICT (key) DO UPDATE SET count = 1, last_request = EXCLUDED.last_request
          WHERE rate_limit.last_request <= ${t - leaseMs}
          RETURNING key`),
      ),
    );
    if (claimed.length > 0) {
      slot = s;
      break;
    }
  }
  if (!slot) return { ok: false, limit: 'concurrent_requests', retryAfter: API_CONCURRENCY_RETRY_AFTER_S };
  const claimedSlot = slot;
  // Only this claim's row: a slot taken over after its lease ran out belongs to the request that took it.
  const release = async () => {
    await db.execute(sql`DELETE FROM rate_limit WHERE key = ${claimedSlot} AND last_request = ${t}`);
  };

  const k = `pl:api-rate:${kind}:${keyId}`;
  const w = API_RATE_WINDOW_MS;
  const max = limits.requestsPerMinute;
  try {
    const counted = rowsOf<Row>(
      await retryOnUniqueViolation(() =>
        db.execute(sql`
        INSERT INTO rate_limit (id, key, count, last_request) VALUES (${k}, ${k}, 1, ${t})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limit.last_request <= ${t - w} THEN 1 ELSE rate_limit.count + 1 END,
          last_request = CASE WHEN rate_limit.last_request <= ${t - w} THEN ${t} ELSE rate_limit.last_request END
        WHERE rate_limit.last_request <= ${t - w} OR rate_limit.count < ${max}
        RETURNING count, last_request`),
      ),
    )[0];
    if (counted) {
      const rate = {
        limit: max,
        remaining: Math.max(0, max - Number(counted.count)),
        resetSeconds: seconds(Number(counted.last_request) + w - t),
      };
      return { ok: true, rate, release };
    }
    const cur = rowsOf<Row>(await db.execute(sql`SELECT count, last_request FROM rate_limit WHERE key = ${k}`))[0];
    const wait = seconds(cur ? Number(cur.last_request) + w - t : w);
    await release();
    return {
      ok: false,
      limit: 'requests_per_minute',
      rate: { limit: max, remaining: 0, resetSeconds: wait },
      retryAfter: wait,
    };
  } catch (e) {
    await release().catch(() => {});
    throw e;
  }
}
