/**
 * Outside AI detectors behind one interface (docs/decisions/0028). Each one is on when the operator set its
 * key. A scan never throws: a detector that fails, times out, is rate limited or refused the key shows as
 * "unavailable" with the reason. Nothing is retried: a 429 pauses that detector until its Retry-After,
 * a refused key pauses it for five minutes, and three failures in a row pause it for a minute, so a
 * vendor's outage never turns into a storm of calls. Answers are cached by the text's SHA-256 (per
 * process, 24 hours), and a cached answer costs no scan of the caller's allowance.
 */
import { createHash } from 'node:crypto';
import {
  OUTSIDE_DETECTORS,
  OUTSIDE_DETECTOR_NAMES,
  OUTSIDE_MSG,
  type OutsideDetectorId,
  type OutsideScore,
} from '@plainspoken/shared';
import type { Env } from '../../env';
import { ADAPTERS, BadAnswer, type VendorResult } from './adapters';

export interface OutsideDetectorsConfig {
  keys: Partial<Record<OutsideDetectorId, string>>;
  baseUrls: Record<OutsideDetectorId, string>;
  timeoutMs: number;
  now?: () => number;
  /** Operator-facing detail of a failure (the user sees the reason in words). */
  log?: (detector: OutsideDetectorId, detail: string) => void;
  cacheSize?: number;
}

/** Asked before a scan that is not in the cache: null to go ahead, or the reason it may not. */
export type ScanGate = (id: OutsideDetectorId) => Promise<string | null>;

export interface OutsideDetectors {
  readonly configured: readonly OutsideDetectorId[];
  scan(text: string, gate: ScanGate): Promise<OutsideScore[]>;
  /** One detector's answer, with the same cache, pauses and gate (a Deep rewrite aimed at it, decision 0040). */
  scanOne(id: OutsideDetectorId, text: string, gate: ScanGate): Promise<OutsideScore>;
}

const CACHE_TTL_MS = 24 * 3_600_000;
const AUTH_PAUSE_MS = 5 * 60_000;
const FAILURE_PAUSE_MS = 60_000;
const FAILURES_BEFORE_PAUSE = 3;
const MAX_RETRY_AFTER_S = 3_600;

class Unavailable extends Error {}

function retryAfterSeconds(h: string | null, now: number): number {
  if (!h) return 60;
  const n = Number(h);
  const s = Number.isFinite(n) ? n : Math.ceil((Date.parse(h) - now) / 1000);
  return Math.min(MAX_RETRY_AFTER_S, Math.max(1, Number.isFinite(s) ? Math.ceil(s) : 60));
}

const pct = (p: number) => Math.round(Math.min(1, Math.max(0, p)) * 100);

/** A detector's answer when it gave none: the reason in words, never a score. */
export function unavailableScore(id: OutsideDetectorId, reason: string): OutsideScore {
  return {
    detector: id,
    name: OUTSIDE_DETECTOR_NAMES[id],
    status: 'unavailable',
    score: null,
    label: null,
    sentences: [],
    reason,
    cached: false,
  };
}

export function createOutsideDetectors(cfg: OutsideDetectorsConfig): OutsideDetectors {
  const now = cfg.now ?? Date.now;
  const configured = OUTSIDE_DETECTORS.filter((id) => !!cfg.keys[id]);
  const cache = new Map<string, { at: number; value: VendorResult }>();
  const inFlight = new Map<string, Promise<VendorResult>>();
  const state = new Map<OutsideDetectorId, { failures: number; pausedUntil: number; pauseReason: string }>();
  const maxCache = cfg.cacheSize ?? 2_000;

  function stateOf(id: OutsideDetectorId) {
    let s = state.get(id);
    if (!s) state.set(id, (s = { failures: 0, pausedUntil: 0, pauseReason: '' }));
    return s;
  }

  async function call(id: OutsideDetectorId, text: string): Promise<VendorResult> {
    const a = ADAPTERS[id];
    const req = a.request(text, cfg.keys[id]!);
    const s = stateOf(id);
    const fail = (detail: string, reason: string): never => {
      cfg.log?.(id, detail);
      if (++s.failures >= FAILURES_BEFORE_PAUSE) {
        s.pausedUntil = now() + FAILURE_PAUSE_MS;
        s.pauseReason = 'failures';
        s.failures = 0;
      }
      throw new Unavailable(reason);
    };
    let res: Response;
    try {
      res = await fetch(cfg.baseUrls[id].replace(/\/+$/, '') + req.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...req.headers },
        body: JSON.stringify(req.body),
        signal: AbortSignal.timeout(cfg.timeoutMs),
      });
    } catch (e) {
      const err = e as Error;
      if (err.name === 'TimeoutError') return fail(`timed out after ${cfg.timeoutMs} ms`, OUTSIDE_MSG.timeout);
      return fail(`request failed: ${err.message}`, OUTSIDE_MSG.network);
    }
    if (res.status === 429) {
      const secs = retryAfterSeconds(res.headers.get('retry-after'), now());
      await res.body?.cancel();
      s.pausedUntil = now() + secs * 1000;
      s.pauseReason = 'rate';
      cfg.log?.(id, `rate limited, paused ${secs} s`);
      throw new Unavailable(OUTSIDE_MSG.rateLimited(secs));
    }
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      s.pausedUntil = now() + AUTH_PAUSE_MS;
      s.pauseReason = 'auth';
      cfg.log?.(id, `key refused (HTTP ${res.status})`);
      throw new Unavailable(OUTSIDE_MSG.auth);
    }
    if (!res.ok) {
      await res.body?.cancel();
      return fail(`HTTP ${res.status}`, OUTSIDE_MSG.httpError(res.status));
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch (e) {
      return fail(`answer is not JSON: ${(e as Error).message}`, OUTSIDE_MSG.badAnswer);
    }
    try {
      const v = a.parse(body);
      s.failures = 0;
      return v;
    } catch (e) {
      if (e instanceof BadAnswer) return fail(`unexpected answer: ${e.message}`, OUTSIDE_MSG.badAnswer);
      throw e;
    }
  }

  function remember(key: string, value: VendorResult) {
    cache.delete(key);
    cache.set(key, { at: now(), value });
    while (cache.size > maxCache) cache.delete(cache.keys().next().value!);
  }

  async function one(id: OutsideDetectorId, text: string, hash: string, gate: ScanGate): Promise<OutsideScore> {
    const name = OUTSIDE_DETECTOR_NAMES[id];
    const down = (reason: string): OutsideScore => unavailableScore(id, reason);
    const ok = (v: VendorResult, cached: boolean): OutsideScore => ({
      detector: id,
      name,
      status: 'ok',
      score: pct(v.probability),
      label: v.label,
      sentences: v.sentences.map((x) => ({ text: x.text, score: pct(x.probability) })),
      reason: null,
      cached,
    });
    const key = `${id}:${hash}`;
    const hit = cache.get(key);
    if (hit && now() - hit.at < CACHE_TTL_MS) return ok(hit.value, true);
    if (text.length < ADAPTERS[id].minChars) return down(OUTSIDE_MSG.tooShort(ADAPTERS[id].minChars));
    const s = stateOf(id);
    if (s.pausedUntil > now()) {
      const secs = Math.max(1, Math.ceil((s.pausedUntil - now()) / 1000));
      return down(
        s.pauseReason === 'rate'
          ? OUTSIDE_MSG.rateLimited(secs)
          : s.pauseReason === 'auth'
            ? OUTSIDE_MSG.auth
            : OUTSIDE_MSG.coolingDown(secs),
      );
    }
    const pending = inFlight.get(key);
    try {
      if (pending) return ok(await pending, true);
      const refused = await gate(id);
      if (refused) return down(refused);
      const p = call(id, text);
      inFlight.set(key, p);
      try {
        const v = await p;
        remember(key, v);
        return ok(v, false);
      } finally {
        inFlight.delete(key);
      }
    } catch (e) {
      if (e instanceof Unavailable) return down(e.message);
      cfg.log?.(id, `unexpected error: ${(e as Error).message}`);
      return down(OUTSIDE_MSG.network);
    }
  }

  return {
    configured,
    async scan(text, gate) {
      if (configured.length === 0) return [];
      const hash = createHash('sha256').update(text).digest('hex');
      return Promise.all(configured.map((id) => one(id, text, hash, gate)));
    },
    async scanOne(id, text, gate) {
      if (!configured.includes(id)) return unavailableScore(id, OUTSIDE_MSG.notConfigured);
      return one(id, text, createHash('sha256').update(text).digest('hex'), gate);
    },
  };
}

export function outsideConfigFrom(env: Env): Omit<OutsideDetectorsConfig, 'log' | 'now'> {
  return {
    keys: {
      gptzero: env.GPTZERO_API_KEY,
      sapling: env.SAPLING_API_KEY,
      originality: env.ORIGINALITY_API_KEY,
      winston: env.WINSTON_API_KEY,
    },
    baseUrls: {
      gptzero: env.GPTZERO_BASE_URL,
      sapling: env.SAPLING_BASE_URL,
      originality: env.ORIGINALITY_BASE_URL,
      winston: env.WINSTON_BASE_URL,
    },
    timeoutMs: env.OUTSIDE_DETECTOR_TIMEOUT_MS,
  };
}

const perEnv = new WeakMap<Env, OutsideDetectors>();

/** The process's outside detectors for this configuration (one cache and one pause state per server). */
export function outsideDetectorsFor(env: Env, log?: OutsideDetectorsConfig['log']): OutsideDetectors {
  let o = perEnv.get(env);
  if (!o) perEnv.set(env, (o = createOutsideDetectors({ ...outsideConfigFrom(env), log })));
  return o;
}
