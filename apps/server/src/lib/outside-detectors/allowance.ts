/**
 * The monthly scan allowance per plan and outside detector (OUTSIDE_SCAN_ALLOWANCE), counted in PostgreSQL
 * (lib/window-counter.ts, so every server process shares it) under a key holding the UTC month: a new month
 * starts at zero. Only scans that reach the vendor count; cached answers do not.
 */
import {
  OUTSIDE_DETECTORS,
  OUTSIDE_MSG,
  OUTSIDE_SCAN_ALLOWANCE,
  type OutsideDetectorId,
  type OutsideScore,
  type Tier,
} from '@plainspoken/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import type { Logger } from '../logger';
import { rowsOf } from '../rate-limit';
import { createWindowCounter } from '../window-counter';
import {
  outsideConfigFrom,
  outsideDetectorsFor,
  unavailableScore,
  type OutsideDetectors,
  type ScanGate,
} from './index';

const MONTH_MS = 40 * 86_400_000;

export function monthKey(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** The gate for a caller: visitors get no outside scans; users their plan's allowance per detector. */
export function allowanceGate(db: Db, user: { id: string; tier: Tier } | null, now: Date): ScanGate {
  if (!user) return () => Promise.resolve(OUTSIDE_MSG.signInRequired);
  const counter = createWindowCounter(db, () => now.getTime());
  const allowance = OUTSIDE_SCAN_ALLOWANCE[user.tier];
  return async (id) => {
    const { count } = await counter.hit(`outside:${id}:${user.id}:${monthKey(now)}`, MONTH_MS);
    if (count > allowance) return OUTSIDE_MSG.allowanceUsed(allowance);
    // Every scan sent to a vendor, for the engine page's cost figures.
    await counter.hit(`outside-calls:${id}:${monthKey(now)}`, MONTH_MS);
    return null;
  };
}

/** The outside detectors the operator set up (a key each), read from the configuration alone. */
export function configuredDetectors(env: Env): OutsideDetectorId[] {
  const { keys } = outsideConfigFrom(env);
  return OUTSIDE_DETECTORS.filter((id) => !!keys[id]);
}

function detectorsFor(env: Env, logger?: Logger): OutsideDetectors {
  return outsideDetectorsFor(env, (id, detail) =>
    logger?.info('outside detector unavailable', { detector: id, detail }),
  );
}

const failed = (id: OutsideDetectorId): OutsideScore => unavailableScore(id, OUTSIDE_MSG.network);

/**
 * Scans a text with every configured outside detector for this caller, within the allowance; never
 * rejects (a failure of the allowance count itself shows every detector as unavailable).
 */
export function scannerFor(
  env: Env,
  db: Db,
  user: { id: string; tier: Tier } | null,
  now: Date,
  logger?: Logger,
): ((text: string) => Promise<OutsideScore[]>) | null {
  const outside = detectorsFor(env, logger);
  if (outside.configured.length === 0) return null;
  const gate = allowanceGate(db, user, now);
  return (text) =>
    outside.scan(text, gate).catch((e: Error) => {
      logger?.warn('outside detectors failed', { error: e.message });
      return outside.configured.map(failed);
    });
}

/**
 * Scans a text with one outside detector for this caller, within the same allowance and cache (a Deep
 * rewrite aimed at it, decision 0040); never rejects.
 */
export function aimScannerFor(
  env: Env,
  db: Db,
  user: { id: string; tier: Tier },
  now: Date,
  id: OutsideDetectorId,
  logger?: Logger,
): (text: string) => Promise<OutsideScore> {
  const outside = detectorsFor(env, logger);
  const gate = allowanceGate(db, user, now);
  return (text) =>
    outside.scanOne(id, text, gate).catch((e: Error) => {
      logger?.warn('outside detector failed', { detector: id, error: e.message });
      return failed(id);
    });
}

/** Scans that reached each outside detector this UTC month (every account), for the engine page. */
export async function scansThisMonth(db: Db, now: Date): Promise<Record<OutsideDetectorId, number>> {
  const month = monthKey(now);
  const res = await db.execute(sql`SELECT key, count FROM rate_limit WHERE key LIKE ${`pl:outside-calls:%:${month}`}`);
  const out: Record<OutsideDetectorId, number> = { gptzero: 0, sapling: 0, originality: 0, winston: 0 };
  for (const r of rowsOf<{ key: string; count: number }>(res)) {
    const id = r.key.split(':')[2] as OutsideDetectorId;
    if (id in out) out[id] += Number(r.count);
  }
  return out;
}
