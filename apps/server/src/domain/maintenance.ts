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

export interface MaintenanceDeps {
  db: Db;
  logger: Logger;
  now: () => Date;
}

export async function processExpired(deps: Pick<MaintenanceDeps, 'db' | 'now'>): Promise<{ expired: number; reset: number }> {
  const now = deps.now();
  const expired = await expireCancelled(deps.db, now);
  const reset = await resetDueBalances(deps.db, now);
  return { expired, reset };
}

export const DAILY_JOB = 'subscription-maintenance';

/** Runs the daily work unless another process already claimed today's run (job_runs primary key). */
export async function runDailyJob(deps: MaintenanceDeps): Promise<{ ran: boolean; expired?: number; reset?: number }> {
  const day = deps.now().toISOString().slice(0, 10);
  const claimed = rowsOf(
    await deps.db.execute(sql`INSERT INTO job_runs (job, run_key) VALUES (${DAILY_JOB}, ${day}) ON CONFLICT DO NOTHING RETURNING job`),
  );
  if (claimed.length === 0) return { ran: false };
  const r = await processExpired(deps);
  deps.logger.info('daily subscription job', { day, ...r });
  return { ran: true, ...r };
}
