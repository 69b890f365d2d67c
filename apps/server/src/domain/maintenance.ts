/**
 * The subscriber ledger's daily maintenance: expired cancellations to FREE, then due monthly refills
 * (spec decision 2). The same transitions also run lazily on read (loadSubscriber); this catches the rows
 * nobody reads. Safe to run any number of times.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import { rowsOf } from '../lib/rate-limit';
import { expireCancelled, resetDueBalances } from './subscribers';
import { reconcileWords, refundAbandoned } from './word-ledger';

export interface MaintenanceDeps {
  db: Db;
  logger: Logger;
  now: () => Date;
}

export async function processExpired(
  deps: Pick<MaintenanceDeps, 'db' | 'now'>,
): Promise<{ expired: number; reset: number }> {
  const now = deps.now();
  const expired = await expireCancelled(deps.db, now);
  const reset = await resetDueBalances(deps.db, now);
  return { expired, reset };
}

export const DAILY_JOB = 'subscription-maintenance';

/**
 * Refunds word reservations a crashed request left open (past their hold; every open one when `all`).
 * Safe in every process at any time: each reservation is settled once.
 */
export async function sweepReservations(
  deps: MaintenanceDeps,
  opts: { all?: boolean } = {},
): Promise<{ refunded: number; words: number }> {
  const r = await refundAbandoned(deps.db, deps.now(), opts);
  if (r.refunded > 0) deps.logger.warn('refunded word reservations left open by an interrupted request', r);
  return r;
}

/**
 * Runs the daily work unless another process already claimed today's run (job_runs primary key). The
 * reservation sweep runs on every call (hourly), whoever holds the day's claim.
 */
export async function runDailyJob(
  deps: MaintenanceDeps,
): Promise<{ ran: boolean; expired?: number; reset?: number; refunded?: number }> {
  const swept = await sweepReservations(deps);
  const day = deps.now().toISOString().slice(0, 10);
  const claimed = rowsOf(
    await deps.db.execute(
      sql`INSERT INTO job_runs (job, run_key) VALUES (${DAILY_JOB}, ${day}) ON CONFLICT DO NOTHING RETURNING job`,
    ),
  );
  if (claimed.length === 0) return { ran: false, refunded: swept.refunded };
  const r = await processExpired(deps);
  const ledger = await reconcileWords(deps.db);
  deps.logger[ledger.ok ? 'info' : 'error']('daily subscription job', { day, ...r, refunded: swept.refunded, ledger });
  return { ran: true, ...r, refunded: swept.refunded };
}
