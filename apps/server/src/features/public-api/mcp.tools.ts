/**
 * The MCP tools, one server per request (stateless, decision 0048): `humanize_text`, `check_ai_text` and
 * `get_usage`, each the public API's own operation (public-api.handlers.ts) for the key's owner, so the
 * words, caps, plan rules, per-key rates, Idempotency-Keys and error codes are those of `/v1`. A refusal is
 * a tool error (`isError`) whose text is `/v1`'s error body: `{"error":{"code":"…","message":"…"}}`.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  KEEP_LIMITS,
  apiDetectRequest,
  apiDetectResponse,
  apiHumanizeRequest,
  apiHumanizeResponse,
  apiIdempotencyHeader,
  apiUsageResponse,
  keepField,
} from '@plainspoken/shared';
import { errorBody, isUnexpected, toAppError } from '../../lib/errors';
import { detectForKey, humanizeForKey, usageForKey, type HumanizeRequest } from './public-api.handlers';
import { requirePaidPlan, type ApiCall } from './public-api.middleware';

/** What the server tells a client about itself: what the product does, and what it does not promise. */
export const MCP_INSTRUCTIONS =
  "Plainspoken rewrites text, typically AI-generated, so that it reads as written by a person, and estimates how machine-written a text reads. humanize_text charges each word of the text once from the account's monthly balance (get_usage tells the balance); check_ai_text costs no words. Both need at least 50 words and at most the plan's words per request. The rewrite changes wording, not meaning: a model's rewrite is checked against the text (numbers, dates, names, links, quotations, negations) and a sentence that fails is put back as written. The scores are Plainspoken's own estimate; no result is guaranteed to pass any other detector.";

const idempotencyKey = apiIdempotencyHeader
  .optional()
  .describe(
    'Optional. Any unique string (a UUID is a good choice). A retry with the same key and the same arguments gets the first answer back and is never charged twice; the same key with other arguments is refused (IDEMPOTENCY_KEY_REUSED). Kept for 24 hours.',
  );

const humanizeInput = {
  text: apiHumanizeRequest.shape.text.describe(
    "The text to rewrite: at least 50 words and at most the plan's words per request. Each word is charged once from the monthly balance.",
  ),
  mode: apiHumanizeRequest.shape.mode.describe(
    '`deep`: the best rewrite, slower (a full rewrite when the server has a rewriting model connected, otherwise a light edit). `lightning`: faster.',
  ),
  tone: apiHumanizeRequest.shape.tone.describe(
    'Writing tone; absent: `neutral`. `professional`, `academic` and `persuasive` need a rewriting model on the server: without one the call is refused (NEEDS_MODEL) and nothing is charged.',
  ),
  readingLevel: apiHumanizeRequest.shape.readingLevel.describe(
    'Reading level; absent: `standard`. `advanced` needs a rewriting model on the server (NEEDS_MODEL without one, nothing charged).',
  ),
  keep: keepField
    .optional()
    .describe(
      `Phrases to keep exactly as written (matched as whole words, ignoring case): up to ${KEEP_LIMITS.phrases} phrases of at most ${KEEP_LIMITS.chars} characters, one line each.`,
    ),
  idempotencyKey,
};

const HUMANIZE_DESCRIPTION =
  "Rewrites the text so it reads as written by a person, as Plainspoken's Humanize does on the website, and saves the result to the account's history. Charges each word of the text once from the monthly balance; nothing when the rewrite fails, when the text comes back unchanged, when a light edit stands in for the full rewrite a connected model was expected to write, or when the result does not score lower than the text. words_charged and remaining_balance say what was charged. It changes wording, not meaning: a model's rewrite is checked sentence by sentence against the text (a changed number, date, name, link or quotation, a flipped negation, a dropped or invented sentence fail) and a failing sentence is put back as written; notes says which. A model's rewrite is the result only when it scores lower than the light edit of the same text; otherwise the light edit is (or the text, when the light edit does not lower the score), and the model's rewrite comes in alternative, never charged. Without a rewriting model on the server the result is a light edit of the wording that reads as machine-written, and summary says so. score_before and score_after are Plainspoken's own estimate of how machine-written each text reads (0-100); the rewrite is not guaranteed to pass any other AI detector. Refusals (nothing charged): MIN_WORDS, WORD_LIMIT_EXCEEDED, INSUFFICIENT_BALANCE, UNSUPPORTED_LANGUAGE, NEEDS_MODEL, PLAN_REQUIRED, RATE_LIMITED, CONCURRENCY_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_IN_PROGRESS, ENGINE_BUSY, ENGINE_FAILED.";

const CHECK_DESCRIPTION =
  "Estimates how machine-written an English text reads, with Plainspoken's own detector, as the website's AI check does: a score from 0 to 100, a verdict (ai, mixed, human, or unclear for a short text or an email it cannot judge), the share of the text in each, a caution saying how sure it is for short texts and emails, and each sentence's score with the signals that raised it. It is an estimate, not proof of who wrote the text, and other detectors may score it differently; detectors lists the scores of outside detectors the server's operator set up (empty when none). Costs no words. Needs at least 50 words and at most the plan's words per request. Refusals: MIN_WORDS, WORD_LIMIT_EXCEEDED, UNSUPPORTED_LANGUAGE, PLAN_REQUIRED, RATE_LIMITED, CONCURRENCY_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_IN_PROGRESS, ENGINE_BUSY.";

const USAGE_DESCRIPTION =
  "The plan of the API key's owner, the words left this month, the words the plan grants each month, the most words one request may hold, the key's rate (calls per minute and at once) and when the balance is next refilled. Costs nothing and is not rate limited.";

/** The tool's answer: the result as structured content (and as JSON text), or the `/v1` error as a tool error. */
async function answer(call: ApiCall, run: () => Promise<Record<string, unknown>>): Promise<CallToolResult> {
  try {
    requirePaidPlan(call.deps, call.caller);
    const value = await run();
    return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
  } catch (e) {
    const err = toAppError(e);
    if (isUnexpected(e))
      call.deps.logger.error('MCP tool failed', { error: (e as Error).message, stack: (e as Error).stack });
    return { content: [{ type: 'text', text: JSON.stringify(errorBody(err)) }], isError: true };
  }
}

/** An MCP server with the three tools, acting for the key's owner in `call`. */
export function mcpServerFor(call: ApiCall): McpServer {
  const server = new McpServer(
    { name: 'plainspoken', title: 'Plainspoken', version: '1.0.0' },
    { instructions: MCP_INSTRUCTIONS },
  );
  server.registerTool(
    'humanize_text',
    {
      title: 'Humanize text',
      description: HUMANIZE_DESCRIPTION,
      inputSchema: humanizeInput,
      outputSchema: apiHumanizeResponse.shape,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    },
    ({ text, mode, tone, readingLevel, keep, idempotencyKey: key }) =>
      answer(call, async () => {
        const input: HumanizeRequest = {
          text,
          mode,
          useSecondPrompt: false,
          ...(keep ? { keep } : {}),
          ...(tone ? { tone } : {}),
          ...(readingLevel ? { readingLevel } : {}),
        };
        return { ...(await humanizeForKey(call, input, key)).value };
      }),
  );
  server.registerTool(
    'check_ai_text',
    {
      title: 'Check text for AI writing',
      description: CHECK_DESCRIPTION,
      inputSchema: {
        text: apiDetectRequest.shape.text.describe(
          "English text to score: at least 50 words and at most the plan's words per request. Costs no words.",
        ),
        idempotencyKey,
      },
      outputSchema: apiDetectResponse.shape,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
    },
    ({ text, idempotencyKey: key }) => answer(call, async () => ({ ...(await detectForKey(call, text, key)).value })),
  );
  server.registerTool(
    'get_usage',
    {
      title: 'Plan and word balance',
      description: USAGE_DESCRIPTION,
      inputSchema: {},
      outputSchema: apiUsageResponse.shape,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    () => answer(call, () => Promise.resolve(usageForKey(call))),
  );
  return server;
}
