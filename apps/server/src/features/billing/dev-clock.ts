/**
 * A movable clock for browser tests: POST /api/dev/clock {offsetMs} shifts the product's now() so a
 * cancellation can expire without waiting a month. Mounted only when NODE_ENV=test.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../app';
import { readJson } from '../../lib/http';

export interface TestClock {
  now(): Date;
  setOffset(ms: number): void;
}

export function createTestClock(base: () => Date): TestClock {
  let offset = 0;
  return {
    now: () => new Date(base().getTime() + offset),
    setOffset: (ms) => {
      offset = ms;
    },
  };
}

const YEAR_MS = 366 * 24 * 3_600_000;

export const devClockRoutes = new Hono<AppEnv>().post('/clock', async (c) => {
  const { offsetMs } = await readJson(c, z.object({ offsetMs: z.number().int().min(-YEAR_MS).max(5 * YEAR_MS) }));
  c.var.deps.clock?.setOffset(offsetMs);
  return c.json({ offsetMs, now: c.var.deps.now().toISOString() });
});
