import type { ModelVersion, ModelVersionBrief } from './model-alternative';
import { type Input, type Infer, z } from './z';
import { BILLING_PERIODS, PAID_TIERS, TIERS } from './plans';
import { READING_LEVELS, WRITING_TONES } from './writing';
import { HUMANIZE_MODES, type Score } from './modes';
import { OUTSIDE_DETECTORS } from './outside-detectors';
import type { AimResult, OutsideScore } from './outside-detector-schemas';
import { DOCUMENTS } from './documents';
import { scoreSchema } from './score-schema';
import { DOC_VERDICTS, KEEP_LIMITS, MAX_TEXT_CHARS, type DocVerdict } from './limits';
import type { AiCheckVerdict } from './ai-check-copy';

export { DOC_VERDICTS, KEEP_LIMITS, MAX_TEXT_CHARS, type DocVerdict };

export const checkBalanceInput = z.object({ word_count: z.number().int().min(0).max(1_000_000) });
export type CheckBalanceInput = Input<typeof checkBalanceInput>;
export const checkBalanceOutput = z.object({
  subscriptionTier: z.enum(TIERS),
  currentBalance: z.number(),
  requestLimit: z.number(),
  canProcess: z.boolean(),
  exceedsRequestLimit: z.boolean(),
});
export type LimitsInfo = Infer<typeof checkBalanceOutput>;

/** Frozen phrases ('Keep as written'): each kept verbatim by every rewrite (KEEP_LIMITS). */
export const keepField = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'a phrase to keep cannot be empty')
      .max(KEEP_LIMITS.chars, `a phrase to keep has at most ${KEEP_LIMITS.chars} characters`)
      .refine((s) => !/[\r\n\u0000]/.test(s), 'a phrase to keep is one line of text'),
  )
  .max(KEEP_LIMITS.phrases, `at most ${KEEP_LIMITS.phrases} phrases to keep`);

/** GET /api/writing-options: the saved writing options and frozen phrases. */
export interface WritingPreferences {
  tone: (typeof WRITING_TONES)[number];
  readingLevel: (typeof READING_LEVELS)[number];
  keep: string[];
}

/** The writing options a user saves (POST /api/functions/writing-options). */
export const writingOptionsInput = z.object({
  tone: z.enum(WRITING_TONES),
  readingLevel: z.enum(READING_LEVELS),
  /** Frozen phrases; unchanged when absent. */
  keep: keepField.optional(),
});

/** A promotion code typed at checkout. */
export const discountCodeField = z.string().trim().max(40, 'at most 40 characters');

export const humanizeInput = z.object({
  text: z.string().min(1).max(MAX_TEXT_CHARS),
  useSecondPrompt: z.boolean().optional().default(false),
  mode: z.enum(HUMANIZE_MODES),
  /** Writing options; the caller's saved ones when absent. */
  tone: z.enum(WRITING_TONES).optional(),
  readingLevel: z.enum(READING_LEVELS).optional(),
  /** Frozen phrases; the caller's saved ones when absent (an empty list clears them). */
  keep: keepField.optional(),
  /** The uploaded Word file's look, as POST /api/documents/extract answered it (ExtractedDocument.layout). */
  layout: z.string().max(DOCUMENTS.layoutTokenMaxChars).optional(),
  /** Deep with a model: choose among the candidates by this configured outside detector (decision 0040). */
  aimAt: z.enum(OUTSIDE_DETECTORS).optional(),
});
export type HumanizeInput = Input<typeof humanizeInput>;

export { scoreSchema };

/**
 * One sentence of a scored text, located by UTF-16 character offsets into that text, so
 * `text.slice(start, end)` is the sentence exactly as it appears (spacing and line breaks are never
 * rebuilt from the sentences). `reasons` are short phrases naming what raised the score.
 */
export interface ScoredSentence {
  start: number;
  end: number;
  score: Score;
  flagged: boolean;
  reasons: string[];
}

/** What the rewrite did, in words for the user (the operator-facing detail is logged, not sent). */
export type HumanizeOutcome = 'model' | 'light-edit' | 'light-edit-fallback' | 'unchanged';

export {
  MEANING_FACT_KINDS,
  type MeaningCheck,
  type MeaningFact,
  type MeaningFactKind,
  type PutBackSentence,
  type SecondReading,
} from './meaning';
import type { MeaningCheck } from './meaning';

export interface HumanizeOutput {
  humanized_text: string;
  transformation_id: string | null;
  saved: boolean;
  words_charged: number;
  /** What the result cost in words for the user: "192 words charged" or "No words charged" (costLine). */
  cost: string;
  remaining_balance: number;
  /** null when the text is not in a language the detector reads (no score is given). */
  score_before: Score | null;
  score_after: Score | null;
  engine: 'model' | 'local';
  outcome: HumanizeOutcome;
  /** One plain sentence for the user saying what was done (resultSummary). */
  summary: string;
  /** ISO 639-1 code of the language the text was recognised as ('en' for English). */
  language: string;
  /** Sentences of humanized_text with their scores; empty when the text was not scored. */
  sentences_after: ScoredSentence[];
  /** More plain sentences about the result (writing options applied, a draft set aside); may be empty. */
  notes: string[];
  /** Each configured outside detector's answer for the text and for the rewrite (absent when none is configured). */
  detectors_before?: OutsideScore[];
  detectors_after?: OutsideScore[];
  /** Present when the request aimed at an outside detector (`aimAt`): its score of the rewrite, or why none. */
  aim?: AimResult;
  /** What of the text was checked in the result: each number, date, name, link, quotation and negation. */
  meaning: MeaningCheck;
  /**
   * The model's rewrite when it did not score lower than the light edit delivered instead (decision 0059): to
   * look at and copy, never charged. Absent otherwise.
   */
  alternative?: ModelVersion;
}

/** The AI check: scoring costs no words; anyone may check AI_CHECK.anonymousWords, users their plan's cap. */
export const aiCheckInput = z.object({ text: z.string().min(1).max(MAX_TEXT_CHARS) });
export type AiCheckInput = Input<typeof aiCheckInput>;
export interface AiCheckOutput {
  score: Score;
  flagged: boolean;
  words: number;
  /** The most words this caller may check in one request. */
  word_limit: number;
  language: string;
  sentences: ScoredSentence[];
  /**
   * AI, mixed or human: from how much of the text, and which parts, read as machine-written; `unclear` for a
   * kind of text the check cannot tell apart (a short text, an email) whose sentences do not back a flag.
   */
  verdict: AiCheckVerdict;
  /** Whole percents of the scored words (summing to 100) in flagged, some-signs and human-reading sentences. */
  composition: { ai: number; mixed: number; human: number };
  /** How sure the check is for this kind of text (short texts, emails and letters), or null (aiCheckCaution). */
  caution: string | null;
  /** Each configured outside detector's own answer (empty when none is configured). */
  detectors: OutsideScore[];
}

export const trackUsageInput = z.object({
  transformation_id: z.string().min(1).max(100),
  words_used: z.number().int().min(0).max(1_000_000),
});
export type TrackUsageInput = Input<typeof trackUsageInput>;

export const createCheckoutInput = z.object({
  planTier: z.enum(PAID_TIERS),
  billingPeriod: z.enum(BILLING_PERIODS),
  /** A promotion code; the server checks it and the checkout shows the discounted price. */
  discountCode: z.string().trim().max(40, 'at most 40 characters').optional(),
});
export type CreateCheckoutInput = Input<typeof createCheckoutInput>;

/** POST /api/functions/preview-plan-change and /api/functions/change-plan: the plan a subscriber moves to. */
export const planChangeInput = z.object({
  planTier: z.enum(PAID_TIERS),
  billingPeriod: z.enum(BILLING_PERIODS),
});
export type PlanChangeInput = Input<typeof planChangeInput>;

/** What a plan change costs, in dollars, as the payment provider prorates it (computed by the server). */
export interface PlanChangePreview {
  from: { tier: (typeof PAID_TIERS)[number]; period: (typeof BILLING_PERIODS)[number] };
  to: { tier: (typeof PAID_TIERS)[number]; period: (typeof BILLING_PERIODS)[number] };
  direction: 'upgrade' | 'downgrade';
  /** The unused part of the current plan, credited. */
  credit: number;
  /** The new plan for the rest of this billing period (or its first period when the period changes). */
  charge: number;
  /** Charged now: charge minus credit, never below 0. */
  dueNow: number;
  /** Credit left over, taken off the next payments. */
  carriedCredit: number;
  /** The next regular payment: when, and how much. */
  nextBilledAt: string | null;
  nextAmount: number;
}

export interface SubscriptionData {
  subscription_tier: (typeof TIERS)[number];
  subscribed: boolean;
  monthly_word_balance: number;
  subscription_end: string | null;
  subscription_cancelled_at: string | null;
  cancellation_end_date: string | null;
  monthlyLimit: number;
  currentBalance: number;
  isActive: boolean;
  /** How the paid plan is billed (null on Free); pricing marks "Your plan" with it. */
  billing_period?: string | null;
  /** The promotion code that paid the current period, said as everywhere else ("$11.99 for the first month, then $19.99 a month"). */
  promotion?: { code: string; terms: string } | null;
}

export interface TransformationItem {
  id: string;
  original_text: string;
  transformed_text: string;
  created_at: string;
  /** 'deep' or 'lightning' */
  mode: string;
  words_charged: number;
  /** The detector's estimate before and after (0-100), null when not measured (other languages). */
  score_before: number | null;
  score_after: number | null;
  /** Writing options and frozen phrases of the rewrite (null/[] on entries from before they were stored). */
  tone: string | null;
  reading_level: string | null;
  keep: string[];
  /** When the user edited the result in place (transformed_text is then their edit); null otherwise. */
  edited_at: string | null;
  /** Deep aimed at an outside detector: which one and its score of the result (null when not aimed). */
  aim: AimResult | null;
  /** Who wrote the result: 'model' (a full rewrite) or 'local' (a light edit); null on old entries. */
  engine: string | null;
  /**
   * What the result said had happened, in the same words: its summary and notes (null/[] on entries from before
   * they were kept).
   */
  summary: string | null;
  notes: string[];
  /** The model's rewrite not used because it did not score lower (decision 0059), with why; null when none. */
  alternative: ModelVersionBrief | null;
}
export interface TransformationPage {
  items: TransformationItem[];
  nextCursor: string | null;
}
