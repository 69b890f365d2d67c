/**
 * The engine page's figures, from engine_usage (one row per rewrite): latency p50/p95 per mode, tokens in
 * and out per 1,000 words, fallbacks and their reasons, model drafts set aside by reason, the estimated model cost per 1,000 words at the
 * configured token prices, and each plan's price per 1,000 words beside it.
 */
import { sql } from 'drizzle-orm';
import {
  HUMANIZE_MODES,
  PLANS,
  TIER_LIMITS,
  type EngineBucket,
  type EngineModeStats,
  type EnginePlanMargin,
  type EngineWindow,
  type HumanizeMode,
} from '@plainspoken/shared';
import type { Database } from '../../db/client';
import { engine_usage, transformations } from '../../db/schema';
import { rowsOf } from '../../lib/rate-limit';

type Db = Database['db'];
export interface Prices {
  inPerMillion: number;
  outPerMillion: number;
}

interface AggRow {
  mode: string | null;
  rewrites: number | string;
  model_rewrites: number | string;
  fallbacks: number | string;
  words: number | string | null;
  tokens_in: number | string | null;
  tokens_out: number | string | null;
  p50: number | string | null;
  p95: number | string | null;
}

const num = (v: number | string | null | undefined): number => Number(v ?? 0) || 0;
const round = (x: number, d = 2): number => Math.round(x * 10 ** d) / 10 ** d;

export function costPer1k(tokensIn: number, tokensOut: number, words: number, p: Prices): number | null {
  if (words <= 0) return null;
  return round(((tokensIn * p.inPerMillion + tokensOut * p.outPerMillion) / 1e6 / words) * 1000, 5);
}

function stats(r: AggRow | undefined, p: Prices, charged: number): EngineModeStats {
  const words = num(r?.words);
  const rewrites = num(r?.rewrites);
  return {
    rewrites,
    modelRewrites: num(r?.model_rewrites),
    fallbacks: num(r?.fallbacks),
    words,
    latencyP50Ms: rewrites > 0 ? Math.round(num(r?.p50)) : null,
    latencyP95Ms: rewrites > 0 ? Math.round(num(r?.p95)) : null,
    tokensInPer1k: words > 0 ? round((num(r?.tokens_in) / words) * 1000, 1) : null,
    tokensOutPer1k: words > 0 ? round((num(r?.tokens_out) / words) * 1000, 1) : null,
    costPer1k: costPer1k(num(r?.tokens_in), num(r?.tokens_out), words, p),
    wordsCharged: charged,
    costPer1kCharged: costPer1k(num(r?.tokens_in), num(r?.tokens_out), charged, p),
  };
}

async function windowOf(db: Db, now: Date, label: '24h' | '30d', p: Prices): Promise<EngineWindow> {
  const hourly = label === '24h';
  const from = hourly
    ? new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 - 23 * 3_600_000)
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 29));
  const fromIso = from.toISOString();
  const nowIso = now.toISOString();
  const u = engine_usage;
  const range = sql`${u.created_at} >= ${fromIso} AND ${u.created_at} <= ${nowIso}`;
  const agg = sql`count(*)::int AS rewrites,
      sum(CASE WHEN ${u.engine} = 'model' THEN 1 ELSE 0 END)::int AS model_rewrites,
      sum(CASE WHEN ${u.fell_back} THEN 1 ELSE 0 END)::int AS fallbacks,
      sum(${u.words})::bigint AS words, sum(${u.tokens_in})::bigint AS tokens_in, sum(${u.tokens_out})::bigint AS tokens_out,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY ${u.duration_ms}) AS p50,
      percentile_cont(0.95) WITHIN GROUP (ORDER BY ${u.duration_ms}) AS p95`;
  const byMode = rowsOf<AggRow>(
    await db.execute(sql`SELECT ${u.mode} AS mode, ${agg} FROM ${u} WHERE ${range} GROUP BY ${u.mode}`),
  );
  const all = rowsOf<AggRow>(await db.execute(sql`SELECT NULL AS mode, ${agg} FROM ${u} WHERE ${range}`))[0];
  // Words charged in the window, by mode: the history entries' charges (a free result charged none).
  const t = transformations;
  const chargedRows = rowsOf<{ mode: string; words: number | string | null }>(
    await db.execute(
      sql`SELECT ${t.mode} AS mode, sum(${t.words_charged})::bigint AS words FROM ${t} WHERE ${t.created_at} >= ${fromIso} AND ${t.created_at} <= ${nowIso} GROUP BY 1`,
    ),
  );
  const chargedOf = (m: string | null) =>
    chargedRows.filter((r) => m === null || r.mode === m).reduce((n, r) => n + num(r.words), 0);
  const reasons = rowsOf<{ reason: string | null; count: number | string }>(
    await db.execute(
      sql`SELECT coalesce(${u.fallback_reason}, 'unknown') AS reason, count(*)::int AS count FROM ${u} WHERE ${range} AND ${u.fell_back} GROUP BY 1 ORDER BY 2 DESC`,
    ),
  );
  const guard = rowsOf<{ n: number | string }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM ${u} WHERE ${range} AND ${u.guard_rejected}`),
  )[0];
  const setAside = rowsOf<{ reason: string; count: number | string }>(
    await db.execute(
      sql`SELECT r.reason AS reason, count(*)::int AS count FROM ${u}, jsonb_array_elements_text(${u.set_aside}) AS r(reason) WHERE ${range} GROUP BY 1 ORDER BY 2 DESC, 1`,
    ),
  ).map((r) => ({ reason: r.reason, count: num(r.count) }));
  const bucket = hourly
    ? sql<string>`to_char(date_trunc('hour', ${u.created_at} AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24:00:00"Z"')`
    : sql<string>`to_char(${u.created_at} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const seriesRows = rowsOf<{
    at: string;
    model: number | string;
    local: number | string;
    fallbacks: number | string;
    tokens_in: number | string;
    tokens_out: number | string;
    p95: number | string | null;
  }>(
    await db.execute(sql`SELECT ${bucket} AS at,
        sum(CASE WHEN ${u.engine} = 'model' THEN 1 ELSE 0 END)::int AS model,
        sum(CASE WHEN ${u.engine} = 'model' THEN 0 ELSE 1 END)::int AS local,
        sum(CASE WHEN ${u.fell_back} THEN 1 ELSE 0 END)::int AS fallbacks,
        sum(${u.tokens_in})::bigint AS tokens_in, sum(${u.tokens_out})::bigint AS tokens_out,
        percentile_cont(0.95) WITHIN GROUP (ORDER BY ${u.duration_ms}) AS p95
      FROM ${u} WHERE ${range} GROUP BY 1`),
  );
  const byAt = new Map(seriesRows.map((r) => [r.at, r]));
  const keys = hourly
    ? Array.from({ length: 24 }, (_, i) =>
        new Date(from.getTime() + i * 3_600_000)
          .toISOString()
          .replace(/\.\d{3}Z$/, 'Z')
          .replace(/:\d{2}:\d{2}Z$/, ':00:00Z'),
      )
    : Array.from({ length: 30 }, (_, i) => new Date(from.getTime() + i * 86_400_000).toISOString().slice(0, 10));
  const series: EngineBucket[] = keys.map((at) => {
    const r = byAt.get(at);
    return {
      at,
      model: num(r?.model),
      local: num(r?.local),
      fallbacks: num(r?.fallbacks),
      tokensIn: num(r?.tokens_in),
      tokensOut: num(r?.tokens_out),
      p95Ms: r?.p95 == null ? null : Math.round(num(r.p95)),
    };
  });
  const modes = Object.fromEntries(
    HUMANIZE_MODES.map((m) => [
      m,
      stats(
        byMode.find((r) => r.mode === m),
        p,
        chargedOf(m),
      ),
    ]),
  ) as Record<HumanizeMode, EngineModeStats>;
  return {
    label,
    from: fromIso,
    modes,
    all: stats(all, p, chargedOf(null)),
    fallbackReasons: reasons.map((r) => ({ reason: r.reason ?? 'unknown', count: num(r.count) })),
    guardRejected: num(guard?.n),
    setAsideReasons: setAside,
    setAsideDrafts: setAside.reduce((n, r) => n + r.count, 0),
    series,
  };
}

export async function engineWindows(db: Db, now: Date, p: Prices): Promise<{ day: EngineWindow; month: EngineWindow }> {
  return { day: await windowOf(db, now, '24h', p), month: await windowOf(db, now, '30d', p) };
}

/**
 * Each paid plan's price per 1,000 words of its allowance, and the margin over the model's cost per 1,000
 * words charged (pass `costPer1kCharged`): a plan is paid per charged word, and free results cost the model too.
 */
export function planMargins(cost30d: number | null): EnginePlanMargin[] {
  const out: EnginePlanMargin[] = [];
  for (const plan of PLANS) {
    const words = TIER_LIMITS[plan.tier].monthlyWords;
    for (const period of ['monthly', 'yearly'] as const) {
      const perMonth = period === 'monthly' ? plan.monthlyPrice : plan.annualPrice;
      const pricePer1k = round((perMonth / words) * 1000, 4);
      const marginPer1k = cost30d === null ? null : round(pricePer1k - cost30d, 4);
      out.push({
        tier: plan.tier,
        period,
        pricePer1k,
        marginPer1k,
        marginPct: marginPer1k === null ? null : round((marginPer1k / pricePer1k) * 100, 1),
      });
    }
  }
  return out;
}
