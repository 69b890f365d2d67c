/**
 * GET /api/engine-state: what the server does with a rewrite now, for the home card (and the `npm start`
 * line): whether a model writes each mode, the model's median time per 500 words over the last 30 days
 * (so Deep is labelled with its real time), and whether the caller is an admin (who sees the setup
 * banner). Read, never awaited from the provider: the provider's state is the last probe's.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { HUMANIZE_MODES, SETUP_COMMAND, type EngineState, type HumanizeMode } from '@plainspoken/shared';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { configuredDetectors } from '../../lib/outside-detectors/allowance';
import { engine_usage } from '../../db/schema';
import type { EngineLlmConfig } from '../../lib/engine/engine';
import type { ModelProvider } from '../../lib/engine/provider';

const CACHE_MS = 60_000;
const timings = new WeakMap<object, { at: number; value: Record<HumanizeMode, number | null> }>();

/** Median model seconds per 500 words by mode over 30 days; cached a minute per database. */
async function modelSeconds(db: Db, now: Date): Promise<Record<HumanizeMode, number | null>> {
  const hit = timings.get(db);
  if (hit && now.getTime() - hit.at < CACHE_MS) return hit.value;
  const since = new Date(now.getTime() - 30 * 24 * 3600 * 1000);
  const rows = await db
    .select({
      mode: engine_usage.mode,
      p50: sql<
        number | string | null
      >`percentile_cont(0.5) within group (order by ${engine_usage.duration_ms} * 500.0 / greatest(${engine_usage.words}, 1))`,
    })
    .from(engine_usage)
    .where(and(eq(engine_usage.engine, 'model'), gte(engine_usage.created_at, since)))
    .groupBy(engine_usage.mode);
  const value = { deep: null, lightning: null } as Record<HumanizeMode, number | null>;
  for (const r of rows) {
    if ((r.mode === 'deep' || r.mode === 'lightning') && r.p50 !== null) value[r.mode] = Number(r.p50) / 1000;
  }
  timings.set(db, { at: now.getTime(), value });
  return value;
}

export async function engineState(
  d: { db: Db; llm: EngineLlmConfig | null; models?: ModelProvider; now: () => Date; env?: Env },
  admin: boolean,
): Promise<EngineState> {
  const model = Object.fromEntries(
    HUMANIZE_MODES.map((m) => [m, (d.models ? d.models.current(m) : d.llm) !== null]),
  ) as Record<HumanizeMode, boolean>;
  const anyModel = model.deep || model.lightning;
  const outside = d.env ? configuredDetectors(d.env) : [];
  return {
    model,
    modelSeconds: anyModel ? await modelSeconds(d.db, d.now()) : { deep: null, lightning: null },
    admin,
    setupCommand: SETUP_COMMAND,
    // The detectors a Deep rewrite may aim at (decision 0040); absent when none is set up.
    ...(outside.length > 0 ? { outsideDetectors: outside } : {}),
  };
}
