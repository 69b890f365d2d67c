/**
 * The public API, with `Authorization: Bearer <personal API key>`:
 *   POST /v1/humanize, POST /v1/detect, GET /v1/usage
 * and its description: GET /api/openapi.json (OpenAPI 3.1, generated from the zod schemas the routes
 * validate with) and GET /docs/api (the reference page).
 *
 * The words, caps, balance and rate limits are the web app's own: the routes call the humanize and AI
 * check flows the web app calls (handed in as `publicApi`, see services.ts) and charge the key's owner.
 * Two statuses differ from the web app on purpose: a text under the minimum or over the plan's cap is 422
 * (the web app answers 400), so that 400 always means a malformed request.
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  API_CONCURRENCY_RETRY_AFTER_S,
  API_KEY_LIMITS,
  API_MSG,
  PAID_TIERS,
  API_RATE_WINDOW_MS,
  apiDetectRequest,
  apiDetectResponse,
  apiErrorResponse,
  apiHumanizeRequest,
  apiHumanizeResponse,
  apiIdempotencyHeader,
  apiUsageResponse,
  isPaidTier,
  limitsFor,
  type ApiKeyLimits,
  type ApiRequestNoun,
  type ApiUsage,
} from '@plainspoken/shared';
import { effectiveTier, loadSubscriber } from '../../domain/subscribers';
import { reservationHoldMs } from '../../domain/word-ledger';
import type { AppEnv } from '../../lib/context';
import { AppError, unauthorized } from '../../lib/errors';
import { validationError } from '../../lib/http';
import { detectSamples, humanizeSamples, usageSamples } from './code-samples';
import { DOCS_CSP, docsPage, initScript, scalarBundle, type Asset } from './docs-page';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  pruneIdempotencyKeys,
  releaseIdempotencyKey,
  requestFingerprint,
} from '../../lib/idempotency';
import { admitApiRequest, type ApiRequestKind } from './key-limits';
import type { ApiCaller, PublicApiExtra } from './services';

type Env = { Variables: AppEnv<PublicApiExtra>['Variables'] & { apiCaller: ApiCaller } };
type Ctx = Context<Env>;

// ---- the operations, as published ----

const errorContent = { 'application/json': { schema: apiErrorResponse } };
const err = (description: string) => ({ description, content: errorContent });
const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' as const } },
};
/** Sent with every rewrite or check the per-key rate admitted (decision 0034), and with its 429. */
const rateHeaders = {
  'RateLimit-Limit': {
    description: "Requests of this kind the key may start per minute on its owner's plan.",
    schema: { type: 'integer' as const },
  },
  'RateLimit-Remaining': {
    description: 'Requests of this kind the key may still start in the current minute.',
    schema: { type: 'integer' as const },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the current minute ends and the count starts again.',
    schema: { type: 'integer' as const },
  },
};
const keyRateRefusal = (what: string) => ({
  ...err(
    `Refused before any work, nothing charged: the key has started its plan's ${what} for this minute (\`RATE_LIMITED\`, with the RateLimit headers), or already has its plan's most ${what} running (\`CONCURRENCY_LIMITED\`). \`details.limit\` names the limit: \`requests_per_minute\` or \`concurrent_requests\`.`,
  ),
  headers: { ...retryAfter, ...rateHeaders },
});
const authErrors = {
  401: err('No API key, or the key is unknown or revoked (`UNAUTHORIZED`).'),
  403: err("The key's owner is on the Free plan: the API is part of the paid plans (`PLAN_REQUIRED`)."),
};
const idempotencyHeaders = z.object({ 'idempotency-key': apiIdempotencyHeader.optional() });

const humanizeRoute = createRoute({
  method: 'post',
  path: '/v1/humanize',
  operationId: 'humanize',
  tags: ['Rewrite'],
  summary: 'Humanize a text',
  description:
    'Rewrites the text so it reads as human-written, exactly as **Humanize** on the website does: the words are taken from your monthly balance before the rewrite runs and given back if it fails, and the result is saved to your history. Each key may start a number of rewrites per minute and have a few running at once, by plan (see *Rate limits*).',
  request: {
    headers: idempotencyHeaders,
    body: { required: true, content: { 'application/json': { schema: apiHumanizeRequest } } },
  },
  responses: {
    200: {
      description: 'The rewrite, with the words charged and the balance left.',
      headers: rateHeaders,
      content: { 'application/json': { schema: apiHumanizeResponse } },
    },
    400: err(
      'Malformed JSON or a field of the wrong type (`BAD_REQUEST`, `VALIDATION`), or `aimAt` names a detector that is not set up or comes with `lightning` (`VALIDATION`). Nothing was charged.',
    ),
    ...authErrors,
    402: err('Not enough words left this month (`INSUFFICIENT_BALANCE`). Nothing was charged.'),
    409: {
      ...err('A request with the same Idempotency-Key is still running (`IDEMPOTENCY_IN_PROGRESS`).'),
      headers: retryAfter,
    },
    413: err('The request body is larger than the server accepts (`PAYLOAD_TOO_LARGE`).'),
    422: err(
      "Fewer than 50 words (`MIN_WORDS`), more than your plan's words per request (`WORD_LIMIT_EXCEEDED`), a language the rewriter does not read (`UNSUPPORTED_LANGUAGE`), an option only a connected model can follow while none is (`NEEDS_MODEL`: a model-only tone or reading level, or `aimAt`), or an Idempotency-Key reused for a different request (`IDEMPOTENCY_KEY_REUSED`).",
    ),
    429: keyRateRefusal('rewrites'),
    502: err('The rewrite failed; no words were charged (`ENGINE_FAILED`).'),
    503: { ...err('The rewriter is busy; retry later (`ENGINE_BUSY`).'), headers: retryAfter },
  },
});

const detectRoute = createRoute({
  method: 'post',
  path: '/v1/detect',
  operationId: 'detect',
  tags: ['Check'],
  summary: 'Check how machine-written a text reads',
  description:
    "Plainspoken's own estimate of how machine-written an English text reads, with each sentence scored and the signals that raised it, as the website's **AI check** shows. Checking costs no words; each key may start a number of checks per minute and have a few running at once, by plan (see *Rate limits*).",
  request: {
    headers: idempotencyHeaders,
    body: { required: true, content: { 'application/json': { schema: apiDetectRequest } } },
  },
  responses: {
    200: {
      description: 'The score and the scored sentences.',
      headers: rateHeaders,
      content: { 'application/json': { schema: apiDetectResponse } },
    },
    400: err('Malformed JSON or a field of the wrong type (`BAD_REQUEST`, `VALIDATION`).'),
    ...authErrors,
    409: {
      ...err('A request with the same Idempotency-Key is still running (`IDEMPOTENCY_IN_PROGRESS`).'),
      headers: retryAfter,
    },
    413: err('The request body is larger than the server accepts (`PAYLOAD_TOO_LARGE`).'),
    422: err(
      "Fewer than 50 words (`MIN_WORDS`), more than your plan's words per request (`WORD_LIMIT_EXCEEDED`), a text that is not English (`UNSUPPORTED_LANGUAGE`), or an Idempotency-Key reused for a different request (`IDEMPOTENCY_KEY_REUSED`).",
    ),
    429: keyRateRefusal('checks'),
    503: { ...err('The checker is busy; retry later (`ENGINE_BUSY`).'), headers: retryAfter },
  },
});

const usageRoute = createRoute({
  method: 'get',
  path: '/v1/usage',
  operationId: 'usage',
  tags: ['Account'],
  summary: 'Your plan and word balance',
  description: "The plan of the key's owner, the words left this month, and the limits that apply to each request.",
  responses: {
    200: { description: 'The balance and limits.', content: { 'application/json': { schema: apiUsageResponse } } },
    ...authErrors,
  },
});

const exportRoute = createRoute({
  method: 'get',
  path: '/v1/transformations/{id}/export.docx',
  operationId: 'exportDocx',
  tags: ['Rewrite'],
  summary: 'Download a rewrite as Word, with tracked changes',
  description:
    'The rewrite saved under `transformation_id` (from `POST /v1/humanize`) as a Word file. With `changes=tracked` every changed phrase is a tracked revision by "Plainspoken" at the rewrite\'s time, with a comment that says why ("stock phrase \'plays a pivotal role\'", "sentence split: 46 words"); accepting every change gives the result, rejecting every change gives your original. Headings, lists and paragraphs are kept; a rewrite of a .docx uploaded on the website keeps that file\'s own paragraph styles. Costs no words.',
  request: {
    params: z.object({
      id: z.string().uuid('not a history entry id').meta({
        description: 'The `transformation_id` of a rewrite.',
        example: '3f1c2a9e-8d7b-4c55-9a0e-2b6f1d4c7e21',
      }),
    }),
    query: z.object({
      changes: z
        .enum(['tracked', 'none'])
        .optional()
        .default('none')
        .meta({ description: '`tracked`: the changes as revisions with reasons; `none`: the result only.' }),
    }),
  },
  responses: {
    200: {
      description: 'The .docx file.',
      headers: rateHeaders,
      content: {
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
          schema: z.string().meta({ format: 'binary' }),
        },
      },
    },
    400: err('The id is not a history entry id, or `changes` is neither `tracked` nor `none` (`VALIDATION`).'),
    ...authErrors,
    404: err("No rewrite with this id among the key owner's history (`NOT_FOUND`)."),
    429: keyRateRefusal('Word exports'),
  },
});

const DESCRIPTION = `Humanize and check text from your own code, with the same plans, words and caps as the website, and a rate for programs.

## Authentication
Create a personal API key on your [profile page](/profile) (paid plans). Send it with every request:

\`\`\`
Authorization: Bearer ps_live_...
\`\`\`

The full key is shown once, when you create it; we keep only a hash. Revoke a key on the profile page and it stops working at once.

## Words and limits
Requests are charged to the key's owner exactly as the website charges: each word of a humanized text once, from the monthly balance, with the plan's words per request. Checking text costs no words. \`GET /v1/usage\` tells the balance and your plan's rate.

## Rate limits
Each API key has its own rate, set by its owner's plan: requests it may start per minute, and requests it may have running at once. Rewrites (\`POST /v1/humanize\`), checks (\`POST /v1/detect\`) and Word exports (\`GET /v1/transformations/{id}/export.docx\`) are counted separately.

| plan | per minute | at once |
|---|---|---|
${PAID_TIERS.map((p) => `| ${p} | ${API_KEY_LIMITS[p].requestsPerMinute} | ${API_KEY_LIMITS[p].concurrent} |`).join('\n')}

The minute starts with the first request counted and the count starts again when it ends. Every request the rate lets through counts, whatever its answer; a replay of an idempotent request (below) does not count again. The website's own limits (one rewrite every 3 seconds per account) do not apply to the API.

Each rewrite, check or Word export answer carries the key's state as headers:

\`\`\`
RateLimit-Limit: ${API_KEY_LIMITS.Basic.requestsPerMinute}
RateLimit-Remaining: 12
RateLimit-Reset: 41
\`\`\`

\`RateLimit-Limit\` is the plan's requests per minute, \`RateLimit-Remaining\` what is left of this minute, \`RateLimit-Reset\` the seconds until the minute ends.

Over either limit, the request is refused before any work, with **429**, a \`Retry-After\` header (seconds), and nothing charged:

- \`RATE_LIMITED\`: the key has started its requests for this minute. \`details.limit\` is \`requests_per_minute\`; \`Retry-After\` is when the minute ends.
- \`CONCURRENCY_LIMITED\`: the key already has its most requests running. \`details.limit\` is \`concurrent_requests\`; retry after ${API_CONCURRENCY_RETRY_AFTER_S} seconds, or once one of them has finished.

Keys on the Free plan have no API access (403).

## Retries and idempotency
Send an \`Idempotency-Key\` header (a UUID, for example) with \`POST\` requests. If the connection drops, retry with the **same key and body**: you get the first answer back (marked \`Idempotent-Replayed: true\`) and are never charged twice. The same key with a different body is refused with 422; a retry while the first request is still running gets 409 with \`Retry-After\`. A request that failed does not keep its key, so you can retry it once the cause is fixed. Keys are remembered for 24 hours.

## Errors
Every error is JSON: \`{"error": {"code": "...", "message": "..."}}\`. Branch on \`code\`; \`message\` is written for people.

| status | code | when |
|---|---|---|
| 400 | \`BAD_REQUEST\`, \`VALIDATION\` | malformed JSON, a missing or mistyped field |
| 401 | \`UNAUTHORIZED\` | no key, an unknown key, a revoked key |
| 402 | \`INSUFFICIENT_BALANCE\` | not enough words left this month |
| 403 | \`PLAN_REQUIRED\` | the key's owner is on the Free plan |
| 409 | \`IDEMPOTENCY_IN_PROGRESS\` | the same Idempotency-Key is still running |
| 413 | \`PAYLOAD_TOO_LARGE\` | the body is too large |
| 422 | \`MIN_WORDS\`, \`WORD_LIMIT_EXCEEDED\`, \`UNSUPPORTED_LANGUAGE\`, \`IDEMPOTENCY_KEY_REUSED\` | the text cannot be processed as sent |
| 429 | \`RATE_LIMITED\`, \`CONCURRENCY_LIMITED\` | over the key's requests per minute, or too many running at once; wait \`Retry-After\` seconds |
| 502, 503 | \`ENGINE_FAILED\`, \`ENGINE_BUSY\` | the rewrite failed (nothing charged) or the service is busy |
`;

// ---- the router ----

export const publicApiRoutes = new OpenAPIHono<Env>({
  // One validation answer for the whole product (lib/http.ts).
  defaultHook: (result) => {
    if (!result.success) throw validationError(result.error.issues);
  },
});

publicApiRoutes.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'ps_live_...',
  description: 'A personal API key from your profile page.',
});

/** The key's owner, or 401; a Free-plan owner is 403. The owner's subscriber row is read (and refreshed) once here. */
const requireKey: MiddlewareHandler<Env> = async (c, next) => {
  const d = c.var.deps;
  c.header('Cache-Control', 'no-store');
  const header = c.req.header('authorization');
  const m = header ? /^Bearer[ \t]+(\S{1,512})[ \t]*$/i.exec(header) : null;
  if (!m?.[1]) throw unauthorized(API_MSG.missingKey);
  const now = d.now();
  const check = await d.publicApi.authenticate(m[1], now);
  if (!check.ok) throw unauthorized(check.reason === 'revoked' ? API_MSG.revokedKey : API_MSG.unknownKey);
  const row = await loadSubscriber(d.db, check.caller, now, check.caller.subscriber);
  const tier = effectiveTier(row, now);
  if (tier === 'FREE')
    throw new AppError('PLAN_REQUIRED', 403, API_MSG.apiNeedsPaidPlan, {
      details: { tier, upgrade: `${d.env.BASE_URL}/pricing` },
    });
  c.set('apiCaller', { ...check.caller, subscriber: row, keyId: check.keyId });
  await next();
};

const TOO_LARGE = (c: Ctx) =>
  c.json(
    {
      error: {
        code: 'PAYLOAD_TOO_LARGE',
        message: `The request is too large (limit ${Math.round(c.var.deps.env.BODY_LIMIT_BYTES / 1024)} KB).`,
      },
    },
    413,
  );
const limitBody: MiddlewareHandler<Env> = async (c, next) => {
  // The app's check for unstorable text may have read the body already (Hono keeps the text): measure that,
  // since the stream can no longer be read (a request without Content-Length answered 500 otherwise).
  if (c.req.raw.bodyUsed) {
    const size = new TextEncoder().encode(await c.req.text()).length;
    if (size > c.var.deps.env.BODY_LIMIT_BYTES) return TOO_LARGE(c);
    return next();
  }
  return bodyLimit({ maxSize: c.var.deps.env.BODY_LIMIT_BYTES, onError: TOO_LARGE })(c, next);
};

publicApiRoutes.use('/v1/*', requireKey, limitBody);

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

let lastPrune = 0;
/** Runs `run` at most once per Idempotency-Key (when the request has one) and answers with its result. */
async function idempotent<T extends object>(
  c: Ctx,
  body: unknown,
  key: string | undefined,
  run: () => Promise<T>,
): Promise<Response> {
  const d = c.var.deps;
  const caller = c.var.apiCaller;
  if (key === undefined) return c.json(await asApi(run), 200);
  const now = d.now();
  if (now.getTime() - lastPrune > 3_600_000) {
    lastPrune = now.getTime();
    void pruneIdempotencyKeys(d.db, now).catch((e: Error) =>
      d.logger.warn('pruning idempotency keys failed', { error: e.message }),
    );
  }
  const claim = await claimIdempotencyKey(
    d.db,
    caller.id,
    key,
    requestFingerprint(c.req.method, c.req.path, body),
    now,
  );
  if (claim.kind === 'replay') {
    c.header('Idempotent-Replayed', 'true');
    return c.newResponse(claim.body, claim.status as 200, { 'Content-Type': 'application/json' });
  }
  let out: T;
  try {
    out = await asApi(run);
  } catch (e) {
    await releaseIdempotencyKey(d.db, caller.id, key).catch((x: Error) =>
      d.logger.error('releasing an idempotency key failed', { error: x.message }),
    );
    throw e;
  }
  const json = JSON.stringify(out);
  try {
    await completeIdempotencyKey(d.db, caller.id, key, 200, json, d.now());
  } catch (e) {
    // The work is done and charged: the answer still goes out; a retry with this key will get 409.
    d.logger.error('storing an idempotent answer failed', { error: (e as Error).message });
  }
  return c.newResponse(json, 200, { 'Content-Type': 'application/json' });
}

/** The per-key limits of the key owner's plan (requireKey let only paid plans through). */
function keyLimits(c: Ctx): ApiKeyLimits {
  const tier = effectiveTier(c.var.apiCaller.subscriber!, c.var.deps.now());
  return API_KEY_LIMITS[isPaidTier(tier) ? tier : 'Basic'];
}

const NOUN: Record<ApiRequestKind, ApiRequestNoun> = { humanize: 'rewrites', detect: 'checks', export: 'Word exports' };

/**
 * Runs `work` within the key's rate and concurrency for `kind` (key-limits.ts), or answers 429 naming the
 * limit. Called inside `idempotent`'s run, so a replayed request is not counted again, and before any
 * charge, so a refused request costs nothing. Off with RATE_LIMITS=off, like the other limiters.
 */
async function withinKeyRate<T>(c: Ctx, kind: ApiRequestKind, work: () => Promise<T>): Promise<T> {
  const d = c.var.deps;
  if (d.env.RATE_LIMITS !== 'on') return work();
  const limits = keyLimits(c);
  const a = await admitApiRequest(
    { db: d.db, now: () => d.now().getTime(), leaseMs: reservationHoldMs(d.env.ENGINE_TIMEOUT_MS) },
    c.var.apiCaller.keyId,
    kind,
    limits,
  );
  if ('rate' in a) {
    c.header('RateLimit-Limit', String(a.rate.limit));
    c.header('RateLimit-Remaining', String(a.rate.remaining));
    c.header('RateLimit-Reset', String(a.rate.resetSeconds));
  }
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

publicApiRoutes.openapi(humanizeRoute, (c) => {
  const d = c.var.deps;
  const input = c.req.valid('json');
  const caller = c.var.apiCaller;
  return idempotent(c, input, c.req.valid('header')['idempotency-key'], () =>
    withinKeyRate(c, 'humanize', () => d.publicApi.humanize(caller, input)),
  ) as never;
});

publicApiRoutes.openapi(detectRoute, (c) => {
  const d = c.var.deps;
  const { text } = c.req.valid('json');
  const caller = c.var.apiCaller;
  return idempotent(c, { text }, c.req.valid('header')['idempotency-key'], () =>
    withinKeyRate(c, 'detect', async () => {
      const v = await d.publicApi.validateCheck(caller, text, d.now());
      return d.publicApi.runCheck(text, v);
    }),
  ) as never;
});

publicApiRoutes.openapi(exportRoute, async (c) => {
  const { id } = c.req.valid('param');
  const { changes } = c.req.valid('query');
  const f = await withinKeyRate(c, 'export', () =>
    c.var.deps.publicApi.exportDocx(c.var.apiCaller, id, changes === 'tracked'),
  );
  return c.body(f.bytes, 200, f.headers);
});

publicApiRoutes.openapi(usageRoute, (c) => {
  const now = c.var.deps.now();
  const row = c.var.apiCaller.subscriber!;
  const tier = effectiveTier(row, now);
  const limits = limitsFor(tier);
  const usage: ApiUsage = {
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
  return c.json(usage, 200);
});

publicApiRoutes.all('/v1/*', (c) =>
  c.json({ error: { code: 'NOT_FOUND', message: `No API route ${c.req.method} ${c.req.path}.` } }, 404),
);

// ---- the document and the reference page ----

const SAMPLES: Record<string, (base: string) => unknown> = {
  humanize: humanizeSamples,
  detect: detectSamples,
  usage: usageSamples,
};
let documentCache: { base: string; json: string } | null = null;

/** The OpenAPI 3.1 document for this server's address (built once per address). */
export function openApiDocument(base: string): string {
  if (documentCache?.base === base) return documentCache.json;
  const doc = publicApiRoutes.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Plainspoken API',
      version: '1.0.0',
      description: DESCRIPTION,
      contact: { name: 'Plainspoken', url: base },
    },
    servers: [{ url: base }],
    security: [{ apiKey: [] }],
    tags: [
      { name: 'Rewrite', description: 'Rewrite text so it reads as human-written.' },
      { name: 'Check', description: 'Estimate how machine-written a text reads.' },
      { name: 'Account', description: 'Your plan and balance.' },
    ],
  });
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of [item.get, item.post]) {
      if (op?.operationId && SAMPLES[op.operationId])
        (op as Record<string, unknown>)['x-codeSamples'] = SAMPLES[op.operationId]!(base);
    }
  }
  documentCache = { base, json: JSON.stringify(doc) };
  return documentCache.json;
}

publicApiRoutes.get('/api/openapi.json', (c) => {
  c.header('Cache-Control', 'no-cache');
  c.header('Access-Control-Allow-Origin', '*');
  return c.body(openApiDocument(c.var.deps.env.BASE_URL), 200, { 'Content-Type': 'application/json; charset=utf-8' });
});

function sendAsset(c: Ctx, a: Asset, type: string): Response {
  if (c.req.header('if-none-match') === a.etag) return c.body(null, 304);
  const accept = c.req.header('accept-encoding') ?? '';
  const [body, encoding] = /\bbr\b/.test(accept)
    ? [a.br, 'br']
    : /\bgzip\b/.test(accept)
      ? [a.gzip, 'gzip']
      : [a.body, undefined];
  const headers: Record<string, string> = {
    'Content-Type': type,
    ETag: a.etag,
    'Cache-Control': 'public, max-age=3600',
    Vary: 'Accept-Encoding',
  };
  if (encoding) headers['Content-Encoding'] = encoding;
  return c.body(new Uint8Array(body), 200, headers);
}

const VERSION = '1';
publicApiRoutes.get('/docs/api', (c) => {
  c.header('Content-Security-Policy', DOCS_CSP);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'same-origin');
  return c.html(docsPage(VERSION));
});
publicApiRoutes.get('/docs/api/', (c) => c.redirect('/docs/api', 301));
publicApiRoutes.get('/docs/api/scalar.js', async (c) =>
  sendAsset(c, await scalarBundle(), 'text/javascript; charset=utf-8'),
);
publicApiRoutes.get('/docs/api/init.js', async (c) =>
  sendAsset(c, await initScript(), 'text/javascript; charset=utf-8'),
);
