/**
 * The humanize flow on the server: caps and balance are enforced here (spec decision 4). Words are reserved
 * with one conditional UPDATE before the engine runs, refunded if it fails or the result is free, and the
 * transformation is saved with the settled charge in the same request (spec decision 5). `humanizeText`
 * runs one function per step: validate, reserve, run, price, record, answer.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  AIM_CALLS,
  AIM_MSG,
  ENGINE_MSG,
  MIN_WORDS,
  MSG,
  OUTSIDE_DETECTOR_NAMES,
  costLine,
  countWords,
  languageName,
  limitsFor,
  modelOnlyOptions,
  type HumanizeMode,
  type HumanizeOutput,
  type OutsideDetectorId,
  type LimitsInfo,
  type Tier,
  type ReadingLevel,
  type TrackUsageOutput,
  type WritingOptions,
  type WritingTone,
} from '@plainspoken/shared';
import { detectLanguage, type LanguageGuess } from '@plainspoken/humanizer/language';
import type { Db } from '../../db/client';
import { transformation_layouts, transformations } from '../../db/schema';
import { meaningOf } from '../../domain/meaning';
import { modelVersion } from '../../domain/model-version';
import { alignLayout, decodeLayout, layoutBytes } from '../../domain/document-layout';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Env } from '../../env';
import { aimScannerFor, configuredDetectors, scannerFor } from '../../lib/outside-detectors/allowance';
import { effectiveTier, loadSubscriber, type SubscriberRow } from '../../domain/subscribers';
import { refundCharge, reservationHoldMs, reserveWords, saveWithCharge } from '../../domain/word-ledger';
import { isDatabaseUnavailable } from '../../db/unavailable';
import type { AppDeps } from '../../lib/context';
import type { AimScan, Engine, EngineLlmConfig, EngineOutput, EngineProgress } from '../../lib/engine/engine';
import type { ModelProvider } from '../../lib/engine/provider';
import { recordUsage } from '../../lib/engine/usage';
import { aimBlock, describeResult, isFree, judge, storedAlternative } from './result-words';
import { rewriteOptions } from './writing-preferences';

export { loadWriting, saveWriting, uniqueKeep } from './writing-preferences';

/** The caller; `subscriber` is the row read with the session, when the caller has it. */
type Caller = { id: string; email: string; subscriber?: SubscriberRow | null };

/**
 * The caller's limits for a word count. The balance check answers them, and a rewrite refused for its cap
 * (400) or the balance (402) carries them in `details.limits`, so the client needs no separate check.
 */
export function limitsInfo(tier: Tier, balance: number, wordCount: number): LimitsInfo {
  const requestLimit = limitsFor(tier).requestCap;
  const currentBalance = Math.max(0, balance);
  const exceedsRequestLimit = wordCount > requestLimit;
  return {
    subscriptionTier: tier,
    currentBalance,
    requestLimit,
    exceedsRequestLimit,
    canProcess: !exceedsRequestLimit && wordCount <= currentBalance,
  };
}

export async function checkBalance(db: Db, u: Caller, wordCount: number, now: Date): Promise<LimitsInfo> {
  const row = await loadSubscriber(db, u, now, u.subscriber);
  return limitsInfo(effectiveTier(row, now), row.monthly_word_balance, wordCount);
}

/** The caller's latest rewrite of exactly this text, if any. */
async function previousResult(db: Db, userId: string, text: string): Promise<string | undefined> {
  const rows = await db
    .select({ out: transformations.transformed_text })
    .from(transformations)
    .where(and(eq(transformations.user_id, userId), eq(transformations.original_text, text)))
    .orderBy(desc(transformations.created_at))
    .limit(1);
  return rows[0]?.out;
}

export interface HumanizeDeps {
  db: Db;
  engine: Engine;
  /** Used when `models` is absent (tests that pin a provider). */
  llm: EngineLlmConfig | null;
  /** The live provider: which model each mode uses now. */
  models?: ModelProvider;
  logger: Logger;
  now: () => Date;
  /** How long a reservation may stay open before the sweep refunds it (default: 90 s engine bound). */
  reservationHoldMs?: number;
  /** With it, each configured outside detector scores the text before and after (never failing the rewrite). */
  env?: Env;
}

/**
 * The humanize flow's dependencies from the product's, in one place for every caller: the website's route
 * (JSON and streamed) and the public API's `/v1/humanize`.
 */
export function humanizeDeps(
  d: Pick<AppDeps, 'db' | 'engine' | 'models' | 'logger' | 'now' | 'env'> & { llm?: EngineLlmConfig | null },
): HumanizeDeps & { reservationHoldMs: number } {
  return {
    db: d.db,
    engine: d.engine,
    llm: d.llm ?? null,
    models: d.models,
    logger: d.logger,
    now: d.now,
    reservationHoldMs: reservationHoldMs(d.env.ENGINE_TIMEOUT_MS),
    env: d.env,
  };
}

/** Stores the look a signed layout token carries, lined up with the rewritten text's blocks. */
async function keepLayout(deps: HumanizeDeps, transformationId: string, token: string, text: string) {
  const layout = decodeLayout(token, deps.env!.BETTER_AUTH_SECRET);
  if (!layout) {
    deps.logger.info('document layout not kept', { reason: 'not a layout this server signed, or too large' });
    return;
  }
  const kept = alignLayout(layout, text);
  if (!kept.paragraphs.some(Boolean)) return;
  try {
    await deps.db.insert(transformation_layouts).values({
      transformation_id: transformationId,
      styles: kept.styles,
      numbering: kept.numbering,
      theme: kept.theme,
      paragraphs: kept.paragraphs,
      bytes: layoutBytes(kept),
    });
  } catch (e) {
    deps.logger.warn('document layout not kept', { error: (e as Error).message });
  }
}

/**
 * Refuses a request to aim at an outside detector that this rewrite cannot aim at (decision 0040), before
 * anything is charged: Lightning or a detector that is not set up (400), no connected model (422, as for
 * the other options only a model can follow).
 */
function checkAim(deps: HumanizeDeps, aimAt: OutsideDetectorId, mode: 'deep' | 'lightning', model: boolean): void {
  const name = OUTSIDE_DETECTOR_NAMES[aimAt];
  if (!deps.env || !configuredDetectors(deps.env).includes(aimAt))
    throw new AppError('VALIDATION', 400, AIM_MSG.refusedNotConfigured(name), { details: { aimAt } });
  if (mode !== 'deep') throw new AppError('VALIDATION', 400, AIM_MSG.refusedLightning, { details: { aimAt } });
  if (!model) throw new AppError('NEEDS_MODEL', 422, AIM_MSG.refusedNoModel, { details: { aimAt } });
}

/** PostgreSQL text cannot hold U+0000, so such a text could be rewritten but never stored. */
const UNSTORABLE = /\u0000/;

export interface HumanizeRequest {
  text: string;
  useSecondPrompt: boolean;
  mode: HumanizeMode;
  tone?: WritingTone;
  readingLevel?: ReadingLevel;
  keep?: string[];
  /** An uploaded Word file's look, as the upload answered it: kept with the rewrite for the Word export. */
  layout?: string;
  /** 'api': the public API; its options are what it sends or the defaults, never the website's saved ones. */
  source?: 'web' | 'api';
  /** Deep with a model: aim at this configured outside detector (decision 0040). */
  aimAt?: OutsideDetectorId;
}

/** What validation found, for the later steps (nothing is derived twice). */
interface Accepted {
  words: number;
  tier: Tier;
  llm: EngineLlmConfig | null;
  modelExpected: boolean;
  language: LanguageGuess;
}

/** Step 1: refuses what cannot be rewritten, before anything is charged (4xx with a reason). */
async function validateRequest(deps: HumanizeDeps, u: Caller, input: HumanizeRequest, now: Date): Promise<Accepted> {
  const words = countWords(input.text);
  if (words === 0) throw new AppError('VALIDATION', 400, 'Please enter some text to humanize.');
  if (words < MIN_WORDS) throw new AppError('MIN_WORDS', 400, MSG.minWordsText);
  if (UNSTORABLE.test(input.text)) {
    throw new AppError(
      'VALIDATION',
      400,
      'The text contains a NUL character (U+0000), which cannot be saved. Remove it and try again; nothing was charged.',
    );
  }
  const row = await loadSubscriber(deps.db, u, now, u.subscriber);
  const tier = effectiveTier(row, now);
  const cap = limitsFor(tier).requestCap;
  if (words > cap)
    throw new AppError('WORD_LIMIT_EXCEEDED', 400, MSG.limitExceeded(cap, tier === 'FREE' ? 'Free' : tier), {
      details: { cap, tier, limits: limitsInfo(tier, row.monthly_word_balance, words) },
    });
  // The local clean-up reads English only; without a model, other languages are refused before any charge.
  // The language found here and whether a model is expected go to the engine, which derives nothing again.
  const llm = deps.models ? deps.models.current(input.mode) : deps.llm;
  const modelExpected = llm !== null || (deps.models?.expected(input.mode) ?? false);
  const language = detectLanguage(input.text);
  if (!language.english && !llm) {
    throw new AppError('UNSUPPORTED_LANGUAGE', 422, MSG.englishOnlyRewrite(languageName(language.code)), {
      details: { language: language.code },
    });
  }
  // Options only a model can follow are refused, before anything is charged, while no model is connected.
  const modelOnly = modelOnlyOptions({ tone: input.tone, readingLevel: input.readingLevel });
  if (modelOnly.length > 0 && !llm) {
    throw new AppError('NEEDS_MODEL', 422, ENGINE_MSG.needsModel(modelOnly), { details: { options: modelOnly } });
  }
  if (input.aimAt) checkAim(deps, input.aimAt, input.mode, llm !== null);
  return { words, tier, llm, modelExpected, language };
}

/** Step 2: holds the words with one conditional UPDATE, or refuses with the balance (402). */
async function reserveOrRefuse(deps: HumanizeDeps, u: Caller, mode: HumanizeMode, a: Accepted, now: Date) {
  const reservation = await reserveWords(
    deps.db,
    u.id,
    a.words,
    mode,
    now,
    deps.reservationHoldMs ?? reservationHoldMs(90_000),
  );
  if (reservation !== null) return reservation;
  const fresh = await loadSubscriber(deps.db, u, now);
  throw new AppError('INSUFFICIENT_BALANCE', 402, MSG.insufficient(a.words, Math.max(0, fresh.monthly_word_balance)), {
    details: {
      needed: a.words,
      balance: fresh.monthly_word_balance,
      limits: limitsInfo(a.tier, fresh.monthly_word_balance, a.words),
    },
  });
}

/** Gives the reservation back; if the database is away, the sweep refunds it later. */
async function refund(deps: HumanizeDeps, chargeId: string): Promise<number | null> {
  try {
    return await refundCharge(deps.db, chargeId, deps.now());
  } catch (e) {
    deps.logger.warn('refund deferred to the sweep', { error: (e as Error).message });
    return null;
  }
}

/** The outside detectors' scans for this rewrite: the text scored while the engine runs, and the aimed one. */
function outsideScans(deps: HumanizeDeps, u: Caller, input: HumanizeRequest, tier: Tier, now: Date) {
  const scan = deps.env ? scannerFor(deps.env, deps.db, { id: u.id, tier }, now, deps.logger) : null;
  const before = scan?.(input.text);
  const aim = { reason: null as string | null };
  const { aimAt } = input;
  const aimOne =
    aimAt && deps.env ? aimScannerFor(deps.env, deps.db, { id: u.id, tier }, now, aimAt, deps.logger) : null;
  const aimScan: AimScan | undefined = aimOne
    ? async (text) => {
        const s = await aimOne(text);
        if (s.status !== 'ok') aim.reason = s.reason;
        return s.score;
      }
    : undefined;
  return { scan, before, aimScan, aim };
}

/** Step 3: runs the engine; a failure refunds the reservation and answers 502 (or the engine's own error). */
async function runEngine(
  deps: HumanizeDeps,
  u: Caller,
  input: HumanizeRequest,
  a: Accepted,
  options: { writing: WritingOptions; keep: string[] },
  chargeId: string,
  onProgress?: (e: EngineProgress) => void,
  aimScan?: AimScan,
): Promise<EngineOutput> {
  const { aimAt } = input;
  try {
    // 'Humanize again' must not hand back the result the user already has for this text.
    const avoidText = input.useSecondPrompt ? await previousResult(deps.db, u.id, input.text) : undefined;
    return await deps.engine.run(
      {
        text: input.text,
        mode: input.mode,
        secondPass: input.useSecondPrompt,
        avoidText,
        llm: a.llm,
        modelExpected: a.modelExpected,
        language: a.language,
        writing: options.writing,
        keep: options.keep,
        ...(aimAt ? { aim: { detector: aimAt, name: OUTSIDE_DETECTOR_NAMES[aimAt], calls: AIM_CALLS } } : {}),
      },
      onProgress,
      aimScan,
    );
  } catch (e) {
    await refund(deps, chargeId);
    if (e instanceof AppError) throw e;
    deps.logger.error('engine failed', { error: (e as Error).message });
    throw new AppError('ENGINE_FAILED', 502, 'The rewrite failed and no words were charged. Please try again.');
  }
}

/**
 * Step 4: what the result costs (`isFree`, decision 0051). A free result's reservation is refunded first, so
 * the saved entry records 0 words. Returns the balance after it.
 */
async function priceResult(
  deps: HumanizeDeps,
  reservation: { chargeId: string; remaining: number },
  free: boolean,
): Promise<number> {
  if (!free) return reservation.remaining;
  return (await refund(deps, reservation.chargeId)) ?? reservation.remaining;
}

/**
 * Step 5: the result and the settled charge are written together; if that fails the words go back (a
 * database that is away is a retryable 503). Null: not saved.
 */
async function recordResult(
  deps: HumanizeDeps,
  u: Caller,
  input: HumanizeRequest,
  chargeId: string,
  out: EngineOutput,
  said: {
    writing: WritingOptions;
    keep: string[];
    summary: string;
    notes: string[];
    aim: ReturnType<typeof aimBlock> | null;
  },
  now: Date,
): Promise<{ saved: { id: string; wordsCharged: number } | null; refunded: number | null }> {
  try {
    const saved = await saveWithCharge(
      deps.db,
      chargeId,
      {
        userId: u.id,
        originalText: input.text,
        transformedText: out.text,
        mode: input.mode,
        scoreBefore: out.scoreBefore === null ? null : Math.round(out.scoreBefore),
        scoreAfter: out.scoreAfter === null ? null : Math.round(out.scoreAfter),
        engine: out.engine,
        tokensUsed: out.tokensUsed,
        usageTrackedAt: now,
        tone: said.writing.tone,
        readingLevel: said.writing.readingLevel,
        keep: said.keep,
        aim: said.aim,
        summary: said.summary,
        notes: said.notes,
        alternative: storedAlternative(out),
        putBack: out.putBack ?? [],
        secondReading: out.secondReading ?? null,
      },
      deps.now(),
    );
    // An uploaded Word file's look is kept with the entry (decision 0036); without it the export uses the
    // default styles, so a look that cannot be kept never fails the rewrite.
    if (input.layout && deps.env) await keepLayout(deps, saved.id, input.layout, input.text);
    return { saved, refunded: null };
  } catch (e) {
    deps.logger.error('saving transformation failed', { error: (e as Error).message });
    const refunded = await refund(deps, chargeId);
    if (isDatabaseUnavailable(e)) throw e;
    return { saved: null, refunded };
  }
}

/** Step 6: the engine's usage for the operator's figures, and what the rewrite taught the provider. */
async function recordEngineUsage(
  deps: HumanizeDeps,
  input: HumanizeRequest,
  a: Accepted,
  out: EngineOutput,
  now: Date,
) {
  const fallbackReason = out.fallbackReason ?? null;
  deps.models?.reportRewrite({ engine: out.engine, fallbackReason });
  try {
    await recordUsage(deps.db, {
      mode: input.mode,
      provider: deps.models?.kind ?? (a.llm ? 'openai-compatible' : 'none'),
      words: a.words,
      out,
      fellBack: fallbackReason !== null,
      fallbackReason,
      at: now,
    });
  } catch (e) {
    deps.logger.error('recording engine usage failed', { error: (e as Error).message });
  }
  // What the engine did in operator terms stays in the log; the user gets plain sentences.
  if (out.engineNote)
    deps.logger.info('rewrite note', {
      mode: input.mode,
      engine: out.engine,
      outcome: out.outcome,
      model: out.model,
      note: out.engineNote,
    });
}

export async function humanizeText(
  deps: HumanizeDeps,
  u: Caller,
  input: HumanizeRequest,
  onProgress?: (e: EngineProgress) => void,
): Promise<HumanizeOutput> {
  const now = deps.now();
  const accepted = await validateRequest(deps, u, input, now);
  const reservation = await reserveOrRefuse(deps, u, input.mode, accepted, now);
  const options = await rewriteOptions(deps, u.id, input);
  const scans = outsideScans(deps, u, input, accepted.tier, now);
  const out = await runEngine(deps, u, input, accepted, options, reservation.chargeId, onProgress, scans.aimScan);

  const j = judge(out);
  const free = isFree(input.text, out, j);
  let remaining = await priceResult(deps, reservation, free);
  const aim = input.aimAt ? aimBlock(input.aimAt, out, scans.aim.reason) : undefined;
  const { summary, notes } = describeResult(input.text, out, options.writing, j);
  const { saved, refunded } = await recordResult(
    deps,
    u,
    input,
    reservation.chargeId,
    out,
    { ...options, summary, notes, aim: aim ?? null },
    now,
  );
  if (refunded !== null) remaining = refunded;
  // The sweep had refunded it already: the result is free.
  else if (saved && saved.wordsCharged === 0 && !free) remaining += accepted.words;
  await recordEngineUsage(deps, input, accepted, out, now);

  const wordsCharged = saved ? saved.wordsCharged : 0;
  const alternative = storedAlternative(out);
  return {
    humanized_text: out.text,
    transformation_id: saved?.id ?? null,
    saved: saved !== null,
    words_charged: wordsCharged,
    cost: costLine(wordsCharged),
    remaining_balance: remaining,
    score_before: j.before,
    score_after: j.after,
    engine: out.engine,
    outcome: out.outcome,
    summary,
    language: out.language,
    sentences_after: j.scored ? out.sentencesAfter : [],
    ...(scans.scan && scans.before
      ? {
          detectors_before: await scans.before,
          detectors_after: out.text === input.text ? await scans.before : await scans.scan(out.text),
        }
      : {}),
    ...(aim ? { aim } : {}),
    notes,
    meaning: meaningOf(input.text, out.text, out.putBack, out.secondReading),
    // The model's rewrite not used (decision 0059): shown beside the result, never charged.
    ...(alternative ? { alternative: modelVersion(input.text, alternative) } : {}),
  };
}

/**
 * Kept for compatibility with the original client (spec decision 4). Words are charged when the rewrite runs,
 * so this only records that usage was reported, once, for the caller's own transformation.
 */
export async function trackUsage(
  deps: { db: Db; now: () => Date },
  userId: string,
  transformationId: string,
): Promise<TrackUsageOutput> {
  const { db } = deps;
  if (!/^[0-9a-f-]{36}$/i.test(transformationId)) throw new AppError('NOT_FOUND', 404, 'Transformation not found.');
  const own = await db
    .select({ id: transformations.id, words: transformations.words_charged })
    .from(transformations)
    .where(and(eq(transformations.id, transformationId), eq(transformations.user_id, userId)));
  if (!own[0]) throw new AppError('NOT_FOUND', 404, 'Transformation not found.');
  const marked = await db
    .update(transformations)
    .set({ usage_tracked_at: deps.now() })
    .where(and(eq(transformations.id, transformationId), isNull(transformations.usage_tracked_at)))
    .returning({ id: transformations.id });
  return { tracked: marked.length > 0, charged: 0 };
}
