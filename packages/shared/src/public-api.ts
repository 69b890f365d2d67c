/**
 * The public API (`/v1/*`, Authorization: Bearer <key>) and the personal API keys that open it.
 * The request schemas here are the ones the server validates with, and the OpenAPI document at
 * /api/openapi.json is generated from them (their `.meta()` carries names, descriptions and examples),
 * so the reference page cannot drift from what the server accepts.
 */
import { type Input, type Infer, z } from './z';
import { ERROR_CODES } from './errors';
import { TIERS, type Tier } from './plans';
import { HUMANIZE_MODES } from './modes';
import { READING_LEVELS, WRITING_TONES } from './writing';
import { AIM_CALLS, OUTSIDE_DETECTORS } from './outside-detectors';
import { aimResult, outsideScore } from './outside-detector-schemas';
import { ALTERNATIVE_DELIVERED } from './model-alternative';
import { MEANING_FACT_KINDS } from './schemas';
import { AI_CHECK_VERDICTS } from './ai-check-copy';
import { KEEP_LIMITS, MAX_TEXT_CHARS, keepField, type AiCheckOutput, type HumanizeOutput } from './schemas';

/** Every key starts with this, so a leaked key is recognisable (and findable by secret scanners). */
export const API_KEY_PREFIX = 'ps_live_';
/** How many characters of a key the profile shows (the prefix and the first characters of the secret). */
export const API_KEY_VISIBLE_CHARS = API_KEY_PREFIX.length + 6;
/** Active keys one account may hold at once. */
export const MAX_API_KEYS = 10;
export const API_KEY_NAME_MAX = 60;
/** An idempotency key is remembered this long; after that the same key starts a new request. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

/** What a per-key limit counts, in its messages: rewrites, checks or Word exports, each on its own. */
export type ApiRequestNoun = 'rewrites' | 'checks' | 'Word exports';

export const API_MSG = {
  keysNeedPaidPlan: 'API keys are part of the paid plans. Upgrade to Basic, Pro or Ultra to create one.',
  apiNeedsPaidPlan:
    'The API is part of the paid plans and this account is on the Free plan. Upgrade to use your API keys again.',
  missingKey:
    'Send your API key in the Authorization header: Authorization: Bearer <key>. Create a key on your profile page.',
  unknownKey: 'This API key is not valid. Check that you copied all of it, or create a new one on your profile page.',
  revokedKey: 'This API key has been revoked. Create a new one on your profile page.',
  keyLimit: (n: number) => `You can have up to ${n} active API keys. Revoke one you no longer use first.`,
  keyNotFound: 'API key not found.',
  keyNameRequired: 'Give the key a name, for example the app that will use it.',
  idempotencyReused:
    'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
  idempotencyInProgress: 'A request with this Idempotency-Key is still running. Retry in a moment to get its result.',
  rateLimited: (n: number, what: ApiRequestNoun, seconds: number) =>
    `This API key has reached its limit of ${n} ${what} per minute. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  concurrencyLimited: (n: number, what: ApiRequestNoun) =>
    `This API key already has ${n} ${what} running, the most its plan allows at once. Retry when one has finished.`,
  keyCreated: 'API key created',
  keyCreatedText: 'Copy it now: it will not be shown again.',
  keyRevoked: 'API key revoked',
  keyCopied: 'API key copied to clipboard',
} as const;

// ---- personal API keys (the profile page; session-authenticated, owner only) ----

/** One key as its owner sees it: never the key itself, only its visible start. */
export interface ApiKeyItem {
  id: string;
  name: string;
  /** The first API_KEY_VISIBLE_CHARS characters of the key, e.g. `ps_live_a1B2c3`. */
  prefix: string;
  created_at: string;
  last_used_at: string | null;
}

/** GET /api/api-keys */
export interface ApiKeyList {
  keys: ApiKeyItem[];
  /** False on the Free plan: the page shows the upgrade message instead of the form. */
  canCreate: boolean;
  tier: Tier;
  maxKeys: number;
}

/** POST /api/api-keys */
export const createApiKeyInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, API_MSG.keyNameRequired)
    .max(API_KEY_NAME_MAX, `Keep the name under ${API_KEY_NAME_MAX} characters.`),
});
export type CreateApiKeyInput = Input<typeof createApiKeyInput>;

/** The answer to POST /api/api-keys: the only time the full key (`secret`) is ever sent. */
export interface CreatedApiKey {
  key: ApiKeyItem;
  secret: string;
}

/** DELETE /api/api-keys/:id */
export interface RevokedApiKey {
  revoked: true;
  id: string;
}

// ---- the public API's schemas (validated by the server, published as OpenAPI) ----

const EXAMPLE_TEXT =
  "In today's fast-paced digital landscape, it is important to note that effective communication plays a pivotal role in fostering meaningful connections. Moreover, leveraging the right tools can significantly enhance productivity and streamline workflows, ultimately empowering teams to unlock their full potential and achieve remarkable results in an ever-evolving environment.";

export const apiHumanizeRequest = z
  .object({
    text: z.string().min(1).max(MAX_TEXT_CHARS).meta({
      description:
        "The text to rewrite: at least 50 words and at most your plan's words per request. Each word is charged once from your monthly balance.",
      example: EXAMPLE_TEXT,
    }),
    mode: z
      .enum(HUMANIZE_MODES)
      .meta({ description: '`deep` (Deep Humanize: best, slower) or `lightning` (faster).', example: 'lightning' }),
    useSecondPrompt: z.boolean().optional().default(false).meta({
      description: '"Humanize again": ask for a rewrite that differs from your latest result for exactly this text.',
      example: false,
    }),
    keep: keepField.optional().meta({
      description: `Frozen phrases: every occurrence of each is kept exactly as written, in both modes and by a model rewrite (matched as whole words, ignoring case). Up to ${KEEP_LIMITS.phrases} phrases of at most ${KEEP_LIMITS.chars} characters, one line each. Only the phrases you send apply (the website's saved phrases do not), and nothing is saved.`,
      example: ['pivotal role'],
    }),
    tone: z.enum(WRITING_TONES).optional().meta({
      description:
        'Writing tone. `professional`, `academic` and `persuasive` need a connected rewriting model: without one the request is refused with 422 `NEEDS_MODEL` and nothing is charged (`GET /api/engine-state` tells). Absent: `neutral`.',
      example: 'neutral',
    }),
    readingLevel: z.enum(READING_LEVELS).optional().meta({
      description:
        'Reading level. `advanced` needs a connected rewriting model (422 `NEEDS_MODEL` without one, nothing charged). Absent: `standard`.',
      example: 'standard',
    }),
    aimAt: z
      .enum(OUTSIDE_DETECTORS)
      .optional()
      .meta({
        description: `Deep only, with a connected rewriting model: aim the rewrite at one outside detector the operator set up (\`GET /api/engine-state\` lists them). Deep scores its faithful candidates with that detector (at most ${AIM_CALLS} texts per request, each counted against your plan's monthly allowance for it unless answered from the cache) and keeps the one it scores lowest; \`aim\` in the answer gives its score. Refused before any charge: 400 \`VALIDATION\` for a detector that is not set up or with \`lightning\`, 422 \`NEEDS_MODEL\` without a connected model.`,
        example: 'gptzero',
      }),
  })
  .meta({ id: 'HumanizeRequest' });
export type ApiHumanizeRequest = Input<typeof apiHumanizeRequest>;

const scoreField = z.number().int().min(0).max(100);
const scoredSentence = z
  .object({
    start: z.number().int().meta({ description: "UTF-16 offset of the sentence's first character in the text." }),
    end: z.number().int().meta({ description: "UTF-16 offset just past the sentence's last character." }),
    score: scoreField.meta({ description: 'How machine-written the sentence reads, 0-100.' }),
    flagged: z.boolean().meta({ description: 'True when the score is 50 or more.' }),
    reasons: z.array(z.string()).meta({ description: 'Short phrases naming what raised the score.' }),
  })
  .meta({ id: 'ScoredSentence' });

const meaningSpan = z.tuple([z.number().int(), z.number().int()]);
const meaningCheck = z
  .object({
    summary: z.string().meta({
      description:
        'One line: how many facts of your text were checked in the result, by kind, and whether all were kept.',
      example: '9 facts checked: 4 numbers, 2 names, 1 date, 1 quotation, 1 negation: all kept',
    }),
    facts: z
      .array(
        z.object({
          kind: z.enum(MEANING_FACT_KINDS).meta({ description: 'What kind of fact.' }),
          text: z.string().meta({ description: 'The fact as your text writes it (a number with its unit).' }),
          original: meaningSpan.meta({ description: 'UTF-16 offsets [start, end) of the fact in your text.' }),
          kept: z.boolean().meta({ description: 'The result says it as written.' }),
          result: meaningSpan
            .nullable()
            .meta({ description: 'Where it stands in `humanized_text` (null when not there as written).' }),
        }),
      )
      .meta({ description: 'Each number, date, name, link, quotation and negation of your text, in text order.' }),
    putBack: z
      .array(
        z.object({
          sentence: z.string().meta({ description: 'The sentence of your text, as you wrote it.' }),
          why: z.string().meta({ description: 'Why it was put back, in words ("a number changed").' }),
          rule: z
            .string()
            .nullable()
            .meta({ description: "The id of the meaning check's rule that found it (for example `number.moved`)." }),
        }),
      )
      .meta({
        description:
          "Sentences of your text put back as you wrote them in the model's rewrite (empty when none was, and for a light edit).",
      }),
    rules: z.array(z.string()).meta({ description: "The ids of the meaning check's rules that fired, each once." }),
    secondReading: z
      .object({
        heard: z.number().int().meta({
          description: 'Sentences of the result the model wrote that it compared with yours and found the same.',
        }),
        rewritten: z.number().int().meta({ description: 'Sentences of the result the model wrote.' }),
      })
      .optional()
      .meta({
        description:
          "The model's second reading of its delivered rewrite, sentence by sentence beside yours (absent when none was asked, and for a light edit). Sentences it found different were put back and are in `putBack`.",
      }),
  })
  .meta({ id: 'MeaningCheck' });

const modelVersion = z
  .object({
    text: z.string().meta({ description: "The model's rewrite, as it passed the meaning check." }),
    score: scoreField.meta({ description: 'Its AI-likeness estimate (our detector), 0-100.', example: 71 }),
    delivered_score: scoreField.meta({
      description:
        "The delivered result's estimate it did not beat: the light edit's, or your text's own when it came back unchanged.",
      example: 48,
    }),
    delivered: z.enum(ALTERNATIVE_DELIVERED).meta({
      description:
        '`light-edit`: the light edit was delivered; `unchanged`: the light edit did not lower the score either, so your text came back as written.',
    }),
    model: z.string().nullable().meta({ description: 'The model that wrote it (null when not known).' }),
    repair_note: z.string().nullable().meta({
      description: 'Sentences of it the meaning check put back as you wrote them, in words (null when none).',
    }),
    reason: z.string().meta({
      description: 'Why it was not used, in one sentence.',
      example: "The model's rewrite scored 71%; the light edit scored 48%, so you got the light edit.",
    }),
    meaning: meaningCheck.meta({
      description: "The meaning report of this version (its `result` offsets point into this object's `text`).",
    }),
  })
  .meta({ id: 'ModelVersion' });

export const apiHumanizeResponse = z
  .object({
    humanized_text: z.string().meta({ description: 'The rewrite.' }),
    transformation_id: z
      .string()
      .nullable()
      .meta({ description: "The rewrite's id in your history (null if it could not be saved)." }),
    saved: z.boolean().meta({ description: 'Whether the rewrite was saved to your history.' }),
    words_charged: z.number().int().meta({
      description:
        'Words taken from your monthly balance: 0 when the result does not score lower than your text (our detector), is your text unchanged, or is a light edit given instead of a full rewrite.',
      example: 57,
    }),
    cost: z.string().meta({
      description: 'What this result cost, in words for a person: "57 words charged" or "No words charged".',
      example: '57 words charged',
    }),
    remaining_balance: z
      .number()
      .int()
      .meta({ description: 'Words left this month after this request.', example: 14943 }),
    score_before: scoreField.nullable().meta({
      description: "Plainspoken's AI-likeness estimate of your text, 0-100 (null when the language is not scored).",
    }),
    score_after: scoreField.nullable().meta({ description: 'The same estimate for the rewrite.' }),
    engine: z.enum(['model', 'local']).meta({ description: 'Which engine wrote the result.' }),
    outcome: z
      .enum(['model', 'light-edit', 'light-edit-fallback', 'unchanged'])
      .meta({ description: 'What was done, as `summary` says in words.' }),
    summary: z.string().meta({ description: 'One plain sentence saying what was done.' }),
    notes: z.array(z.string()).meta({
      description:
        'More of what happened, in plain sentences, as the website shows them: sentences of the rewrite put back as you wrote them (and why), sentences it added that were taken out, a draft set aside because it changed what your text says, what the writing options did. Empty when there is nothing more to say. Your history keeps the same words.',
      example: [
        '1 sentence of the rewrite changed what your text says, so we kept it as you wrote it (a number changed).',
      ],
    }),
    language: z.string().meta({ description: "ISO 639-1 code of the text's language.", example: 'en' }),
    sentences_after: z
      .array(scoredSentence)
      .meta({ description: "The rewrite's sentences with their scores (empty when not scored)." }),
    detectors_before: z.array(outsideScore).optional().meta({
      description:
        "Each outside detector the operator configured, with its own score for your text (absent when none is configured). Scans count against your plan's monthly allowance per detector.",
    }),
    detectors_after: z.array(outsideScore).optional().meta({ description: 'The same detectors for the rewrite.' }),
    meaning: meaningCheck.meta({
      description:
        'The meaning report: what of your text was checked in the result (read from the two texts, so it is true for this result whatever wrote it).',
    }),
    aim: aimResult.optional().meta({
      description:
        'Present when the request set `aimAt`: the aimed detector, its score of the rewrite (null with the reason when it gave none, or when the model did not write the rewrite) and the texts it was asked to score.',
    }),
    alternative: modelVersion.optional().meta({
      description:
        "Present when a connected model rewrote your text but its rewrite did not score lower than the light edit of the same text: the light edit (or your text, when the light edit did not lower the score) is the result, and the model's rewrite is here to look at and copy. It is never charged: `words_charged` is the result's alone.",
    }),
  })
  .meta({ id: 'HumanizeResponse' });

export const apiDetectRequest = z
  .object({
    text: z.string().min(1).max(MAX_TEXT_CHARS).meta({
      description:
        "English text to score: at least 50 words and at most your plan's words per request. Checking costs no words.",
      example: EXAMPLE_TEXT,
    }),
  })
  .meta({ id: 'DetectRequest' });
export type ApiDetectRequest = Input<typeof apiDetectRequest>;

export const apiDetectResponse = z
  .object({
    score: scoreField.meta({ description: 'How machine-written the whole text reads, 0-100.', example: 82 }),
    flagged: z.boolean().meta({ description: 'True when the score is 50 or more.' }),
    words: z.number().int().meta({ description: 'Words counted in the text.', example: 52 }),
    word_limit: z.number().int().meta({ description: 'The most words you may check in one request.', example: 1500 }),
    language: z.string().meta({ description: "ISO 639-1 code of the text's language.", example: 'en' }),
    sentences: z.array(scoredSentence).meta({ description: 'Each sentence with its score and reasons.' }),
    verdict: z.enum(AI_CHECK_VERDICTS).meta({
      description:
        'The document verdict from the sentence scores: `ai` (the text reads as machine-written: most of it, or all of it with no part reading as human), `mixed` (a part of it does and a part reads as human-written), `human`, or `unclear` (a short text or an email whose sentences do not back a flag: hard to judge, see `caution`).',
      example: 'mixed',
    }),
    caution: z.string().nullable().meta({
      description:
        'How sure the check is for this kind of text (texts under 80 words, emails and letters), in one or two sentences; null when the usual figures hold.',
      example: null,
    }),
    composition: z
      .object({
        ai: z.number().int().min(0).max(100),
        mixed: z.number().int().min(0).max(100),
        human: z.number().int().min(0).max(100),
      })
      .meta({
        description:
          'Whole percents of the scored words, summing to 100: in sentences flagged as machine-written (`ai`), with some machine-like signs (`mixed`), and reading as human-written (`human`).',
        example: { ai: 40, mixed: 10, human: 50 },
      }),
    detectors: z.array(outsideScore).meta({
      description:
        "Each outside detector the operator configured (GPTZero, Sapling, Originality.ai, Winston AI), with its own score or why it is unavailable; empty when none is configured. Scans count against your plan's monthly allowance per detector; a repeated text is answered from the cache.",
    }),
  })
  .meta({ id: 'DetectResponse' });

export const apiUsageResponse = z
  .object({
    plan: z.enum(TIERS).meta({ description: "The plan of the key's owner.", example: 'Pro' }),
    balance: z.number().int().meta({ description: 'Words left this month.', example: 14943 }),
    monthly_limit: z.number().int().meta({ description: 'Words the plan grants each month.', example: 15000 }),
    request_limit: z.number().int().meta({ description: 'The most words one request may hold.', example: 1500 }),
    rate_limits: z
      .object({
        requests_per_minute: z
          .number()
          .int()
          .meta({ description: 'Rewrites (and, separately, checks) each key may start per minute.', example: 30 }),
        concurrent_requests: z
          .number()
          .int()
          .meta({ description: 'Rewrites (and, separately, checks) each key may have running at once.', example: 3 }),
      })
      .meta({ description: "The per-key rate of the owner's plan." }),
    resets_at: z
      .string()
      .nullable()
      .meta({ description: 'When the balance is next refilled (ISO 8601).', example: '2026-12-23T10:00:00.000Z' }),
  })
  .meta({ id: 'Usage' });
export type ApiUsage = Infer<typeof apiUsageResponse>;

export const apiErrorResponse = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES).meta({ description: 'Stable code to branch on.', example: 'INSUFFICIENT_BALANCE' }),
      message: z.string().meta({
        description: 'What went wrong, in words you can show a user.',
        example: 'You need 57 words but only have 12 remaining this month',
      }),
      retryAfter: z
        .number()
        .int()
        .optional()
        .meta({ description: 'Seconds to wait before retrying (also sent as the Retry-After header).' }),
      details: z
        .unknown()
        .optional()
        .meta({ description: 'Extra facts for some codes (for example the cap and plan).' }),
    }),
  })
  .meta({ id: 'Error' });

export const apiIdempotencyHeader = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'use printable ASCII without spaces')
  .meta({
    description:
      'Any unique string (a UUID is a good choice), up to 255 characters. A retry with the same key and the same body gets the stored answer and is never charged twice; the same key with a different body is refused with 422. Keys are kept for 24 hours.',
    example: '5f0c6a4e-7d51-4a8e-9a55-0b1c2d3e4f60',
  });

// The published shapes are the product's own answers: a change to one without the other fails typecheck.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameHumanize: Same<Infer<typeof apiHumanizeResponse>, HumanizeOutput> = true;
const sameDetect: Same<Infer<typeof apiDetectResponse>, AiCheckOutput> = true;
void sameHumanize;
void sameDetect;
