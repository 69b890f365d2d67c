/**
 * The public API as published: each operation's OpenAPI description (path, input, answers and their
 * errors, built from the shared zod schemas the routes validate with), the document's introduction
 * (authentication, words, rate limits, idempotency, errors) and its settings. The routes
 * (public-api.routes.ts) register these operations; nothing here runs a request.
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  API_CONCURRENCY_RETRY_AFTER_S,
  API_KEY_LIMITS,
  PAID_TIERS,
  apiDetectRequest,
  apiDetectResponse,
  apiErrorResponse,
  apiHumanizeRequest,
  apiHumanizeResponse,
  apiIdempotencyHeader,
  apiUsageResponse,
} from '@plainspoken/shared';
import { detectSamples, humanizeSamples, usageSamples } from './code-samples';

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

export const humanizeRoute = createRoute({
  method: 'post',
  path: '/v1/humanize',
  operationId: 'humanize',
  tags: ['Rewrite'],
  summary: 'Humanize a text',
  description:
    "Rewrites the text so it reads as human-written, exactly as **Humanize** on the website does: the words are taken from your monthly balance before the rewrite runs and given back if it fails, and the result is saved to your history. With a connected model, its rewrite is the result only when it scores lower (our detector) than the light edit of the same text; otherwise the light edit is the result (or your text, when the light edit does not lower the score either) and the model's rewrite comes in `alternative`, to look at and copy, never charged. Each key may start a number of rewrites per minute and have a few running at once, by plan (see *Rate limits*).",
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

export const detectRoute = createRoute({
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

export const usageRoute = createRoute({
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

export const exportRoute = createRoute({
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

/** The document's settings for a server at `base` (the operations come from the router that registered them). */
export function documentConfig(base: string) {
  return {
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
  };
}

/** How the key is sent, as the document's security scheme. */
export const API_KEY_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'ps_live_...',
  description: 'A personal API key from your profile page.',
} as const;

const SAMPLES: Record<string, (base: string) => unknown> = {
  humanize: humanizeSamples,
  detect: detectSamples,
  usage: usageSamples,
};

/** An operation's code samples for a server at `base` (`x-codeSamples`, read by the reference page), if it has any. */
export function codeSamples(operationId: string | undefined, base: string): unknown {
  const make = operationId ? SAMPLES[operationId] : undefined;
  return make?.(base);
}
