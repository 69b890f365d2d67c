/**
 * What every public API request passes before its work: the key (who is calling, on which plan), the body
 * size, and the key's own rate and concurrency (decision 0034). The checks are plain functions on an
 * `ApiCall` so the HTTP routes (`/v1/*`) and the MCP tools (`/mcp`) run exactly the same ones.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  API_KEY_LIMITS,
  API_MSG,
  API_RATE_WINDOW_MS,
  isPaidTier,
  type ApiKeyLimits,
  type ApiRequestNoun,
} from '@plainspoken/shared';
import { effectiveTier, loadSubscriber, type SubscriberRow } from '../../domain/subscribers';
import { reservationHoldMs } from '../../domain/word-ledger';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError, unauthorized } from '../../lib/errors';
import { admitApiRequest, type ApiRequestKind } from './key-limits';
import type { ApiCaller, PublicApiExtra } from './services';

/** The dependencies a public API request uses. */
export type ApiDeps = AppDeps & PublicApiExtra;

/** The owner of a key that was presented, with their subscriber row as read for this request. */
export type KeyOwner = ApiCaller & { subscriber: SubscriberRow };

/** One request of a key's owner, whatever it came through. */
export interface ApiCall {
  deps: ApiDeps;
  caller: KeyOwner;
  /** Told the key's rate after a request was counted (the HTTP routes send it as RateLimit headers). */
  onRate?: (rate: { limit: number; remaining: number; resetSeconds: number }) => void;
}

export type ApiEnv = { Variables: AppEnv<PublicApiExtra>['Variables'] & { apiCaller: KeyOwner } };

/**
 * The owner of the key in an `Authorization: Bearer <key>` header, or 401 (no key, an unknown or a revoked
 * one). The owner's subscriber row is read (and refreshed) here, once per request.
 */
export async function identifyKey(d: ApiDeps, authorization: string | undefined): Promise<KeyOwner> {
  const m = authorization ? /^Bearer[ \t]+(\S{1,512})[ \t]*$/i.exec(authorization) : null;
  if (!m?.[1]) throw unauthorized(API_MSG.missingKey);
  const now = d.now();
  const check = await d.publicApi.authenticate(m[1], now);
  if (!check.ok) throw unauthorized(check.reason === 'revoked' ? API_MSG.revokedKey : API_MSG.unknownKey);
  const row = await loadSubscriber(d.db, check.caller, now, check.caller.subscriber);
  return { ...check.caller, subscriber: row, keyId: check.keyId };
}

/** The API is part of the paid plans: a Free-plan owner is 403 `PLAN_REQUIRED`, with the pricing page. */
export function requirePaidPlan(d: ApiDeps, caller: KeyOwner): void {
  const tier = effectiveTier(caller.subscriber, d.now());
  if (tier === 'FREE')
    throw new AppError('PLAN_REQUIRED', 403, API_MSG.apiNeedsPaidPlan, {
      details: { tier, upgrade: `${d.env.BASE_URL}/pricing` },
    });
}

/** `/v1/*`: the key's owner, or 401; a Free-plan owner is 403. Sets `apiCaller`. */
export const requireKey: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const d = c.var.deps;
  c.header('Cache-Control', 'no-store');
  const caller = await identifyKey(d, c.req.header('authorization'));
  requirePaidPlan(d, caller);
  c.set('apiCaller', caller);
  await next();
};

const tooLarge = (c: Context<ApiEnv>) =>
  c.json(
    {
      error: {
        code: 'PAYLOAD_TOO_LARGE',
        message: `The request is too large (limit ${Math.round(c.var.deps.env.BODY_LIMIT_BYTES / 1024)} KB).`,
      },
    },
    413,
  );

/** The request body within BODY_LIMIT_BYTES, or 413. */
export const limitBody: MiddlewareHandler<ApiEnv> = async (c, next) => {
  // The app's check for unstorable text may have read the body already (Hono keeps the text): measure that,
  // since the stream can no longer be read (a request without Content-Length answered 500 otherwise).
  if (c.req.raw.bodyUsed) {
    const size = new TextEncoder().encode(await c.req.text()).length;
    if (size > c.var.deps.env.BODY_LIMIT_BYTES) return tooLarge(c);
    return next();
  }
  return bodyLimit({ maxSize: c.var.deps.env.BODY_LIMIT_BYTES, onError: tooLarge })(c, next);
};

/** The per-key limits of the owner's plan (a Free owner was refused before, so Basic's stand in for it). */
function keyLimits(call: ApiCall): ApiKeyLimits {
  const tier = effectiveTier(call.caller.subscriber, call.deps.now());
  return API_KEY_LIMITS[isPaidTier(tier) ? tier : 'Basic'];
}

const NOUN: Record<ApiRequestKind, ApiRequestNoun> = { humanize: 'rewrites', detect: 'checks', export: 'Word exports' };

/**
 * Runs `work` within the key's rate and concurrency for `kind` (key-limits.ts), or throws 429 naming the
 * limit. Called inside the idempotent run, so a replayed request is not counted again, and before any
 * charge, so a refused request costs nothing. Off with RATE_LIMITS=off, like the other limiters.
 */
export async function withinKeyRate<T>(call: ApiCall, kind: ApiRequestKind, work: () => Promise<T>): Promise<T> {
  const d = call.deps;
  if (d.env.RATE_LIMITS !== 'on') return work();
  const limits = keyLimits(call);
  const a = await admitApiRequest(
    { db: d.db, now: () => d.now().getTime(), leaseMs: reservationHoldMs(d.env.ENGINE_TIMEOUT_MS) },
    call.caller.keyId,
    kind,
    limits,
  );
  if ('rate' in a) call.onRate?.(a.rate);
  if (!a.ok) {
    const rate = a.limit === 'requests_per_minute';
    throw new AppError(
      rate ? 'RATE_LIMITED' : 'CONCURRENCY_LIMITED',
      429,
      rate
        ? API_MSG.rateLimited(limits.requestsPerMinute, NOUN[kind], a.retryAfter)
        : API_MSG.concurrencyLimited(limits.concurrent, NOUN[kind]),
      {
        retryAfter: a.retryAfter,
        details: rate
          ? { limit: a.limit, max: limits.requestsPerMinute, window_seconds: API_RATE_WINDOW_MS / 1000 }
          : { limit: a.limit, max: limits.concurrent },
      },
    );
  }
  try {
    return await work();
  } finally {
    await a.release().catch((e: Error) => d.logger.error('releasing an API request slot failed', { error: e.message }));
  }
}
