/**
 * The monthly scan allowance per plan and outside detector (OUTSIDE_SCAN_ALLOWANCE), counted in PostgreSQL
 * (lib/window-counter.ts, so every server process shares it) under a key holding the UTC month: a new month
 * starts at zero. Only scans that reach the vendor count; cached answers do not.
 */
import { OUTSIDE_MSG, OUTSIDE_SCAN_ALLOWANCE, type Tier } from '@plainspoken/shared';
import type { Db } from '../../db/client';
import { createWindowCounter } from '../window-counter';
import type { ScanGate } from './index';

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
    return count > allowance ? OUTSIDE_MSG.allowanceUsed(allowance) : null;
  };
}
