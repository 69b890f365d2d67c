/**
 * The public API's operations, each once for every way in: the HTTP routes (`/v1/*`) and the MCP tools
 * (`/mcp`) call these with the caller the key named. They run the web app's own humanize and AI check
 * flows (handed in as `publicApi`, see services.ts), within the key's rate, at most once per
 * Idempotency-Key (lib/idempotency.ts, shared with the web app's rewrite).
 *
 * A text under the minimum or over the plan's cap is 422 here (the web app answers 400), so that 400
 * always means a malformed request.
 */
import type { z } from 'zod';
import {
  API_KEY_LIMITS,
  isPaidTier,
  limitsFor,
  type AiCheckOutput,
  type ApiUsage,
  type HumanizeOutput,
  type apiHumanizeRequest,
} from '@plainspoken/shared';
import { effectiveTier } from '../../domain/subscribers';
import { reservationHoldMs } from '../../domain/word-ledger';
import { AppError } from '../../lib/errors';
import { onceWithKey, requestFingerprint } from '../../lib/idempotency';
import { withinKeyRate, type ApiCall } from './public-api.middleware';

/** An answer, and whether it is the stored answer of an earlier request with the same Idempotency-Key. */
export interface Answer<T> {
  value: T;
  replayed: boolean;
}

/** A rewrite request as validated (defaults filled in). */
export type HumanizeRequest = z.output<typeof apiHumanizeRequest>;

/** Texts the flows refuse as too short or over the cap are 422 here (see the header comment). */
async function asApi<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof AppError && e.status === 400 && (e.code === 'MIN_WORDS' || e.code === 'WORD_LIMIT_EXCEEDED')) {
      throw new AppError(e.code, 422, e.message, e.extra);
    }
    throw e;
  }
}

/**
 * Runs `run` once per Idempotency-Key (when the request has one). `operation` and `body` make the request's
 * fingerprint: a key sent again with another body is refused. A claim left by a process that died is taken
 * over after the word reservation's hold; `recover` then gives back what that process stored, if anything.
 */
async function once<T>(
  call: ApiCall,
  operation: string,
  body: unknown,
  key: string | undefined,
  run: () => Promise<T>,
  recover?: (since: Date) => Promise<T | null>,
): Promise<Answer<T>> {
  if (key === undefined) return { value: await asApi(run), replayed: false };
  const d = call.deps;
  const out = await onceWithKey(
    d,
    call.caller.id,
    key,
    requestFingerprint('POST', operation, body),
    () => asApi(run),
    reservationHoldMs(d.env.ENGINE_TIMEOUT_MS),
    recover,
  );
  if (!out.replayed) return { value: out.value, replayed: false };
  // The stored answer is this operation's own JSON (the fingerprint names the operation), so it reads back as T.
  return { value: JSON.parse(out.json) as T, replayed: true };
}

/** POST /v1/humanize, and the MCP tool humanize_text: the words are charged to the key's owner. */
export function humanizeForKey(
  call: ApiCall,
  input: HumanizeRequest,
  key: string | undefined,
): Promise<Answer<HumanizeOutput>> {
  const { deps: d, caller } = call;
  return once(
    call,
    '/v1/humanize',
    input,
    key,
    () => withinKeyRate(call, 'humanize', () => d.publicApi.humanize(caller, input)),
    (since) => d.publicApi.storedRewrite(caller, input, since),
  );
}

/** POST /v1/detect, and the MCP tool check_ai_text: costs no words. */
export function detectForKey(call: ApiCall, text: string, key: string | undefined): Promise<Answer<AiCheckOutput>> {
  const d = call.deps;
  return once(call, '/v1/detect', { text }, key, () =>
    withinKeyRate(call, 'detect', async () => {
      const v = await d.publicApi.validateCheck(call.caller, text, d.now());
      return d.publicApi.runCheck(text, v);
    }),
  );
}

/** GET /v1/transformations/{id}/export.docx: a saved rewrite of the owner's as a Word file. */
export function exportForKey(call: ApiCall, id: string, tracked: boolean) {
  return withinKeyRate(call, 'export', () => call.deps.publicApi.exportDocx(call.caller, id, tracked));
}

/** GET /v1/usage, and the MCP tool get_usage: the owner's plan, balance and limits. */
export function usageForKey(call: ApiCall): ApiUsage {
  const row = call.caller.subscriber;
  const tier = effectiveTier(row, call.deps.now());
  const limits = limitsFor(tier);
  return {
    plan: tier,
    balance: Math.max(0, row.monthly_word_balance),
    monthly_limit: limits.monthlyWords,
    request_limit: limits.requestCap,
    rate_limits: {
      requests_per_minute: isPaidTier(tier) ? API_KEY_LIMITS[tier].requestsPerMinute : 0,
      concurrent_requests: isPaidTier(tier) ? API_KEY_LIMITS[tier].concurrent : 0,
    },
    resets_at: row.balance_reset_date?.toISOString() ?? null,
  };
}
