/**
 * The humanize flow on the server: caps and balance are enforced here (spec decision 4). Words are reserved
 * with one conditional UPDATE before the engine runs, refunded if it fails, and the transformation is
 * saved in the same request (spec decision 5).
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  AIM_CALLS,
  AIM_MSG,
  DEFAULT_WRITING,
  ENGINE_MSG,
  MIN_WORDS,
  MSG,
  OUTSIDE_DETECTOR_NAMES,
  countWords,
  languageName,
  limitsFor,
  meaningNote,
  repairedNote,
  modelOnlyOptions,
  resultSummary,
  writingNote,
  type AimResult,
  type HumanizeOutput,
  type OutsideDetectorId,
  type LimitsInfo,
  type Tier,
  type ReadingLevel,
  type TrackUsageOutput,
  type WritingOptions,
  type WritingPreferences,
  type WritingTone,
} from '@plainspoken/shared';
import { detectLanguage } from '@plainspoken/humanizer/language';
import type { Db } from '../../db/client';
import { transformation_layouts, transformations, writing_preferences } from '../../db/schema';
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

/** The writing options and frozen phrases the user last chose (the defaults before any choice). */
export async function loadWriting(db: Db, userId: string): Promise<WritingPreferences> {
  const rows = await db.select().from(writing_preferences).where(eq(writing_preferences.user_id, userId)).limit(1);
  const r = rows[0];
  return r
    ? { tone: r.tone as WritingTone, readingLevel: r.reading_level as ReadingLevel, keep: r.keep ?? [] }
    : { ...DEFAULT_WRITING, keep: [] };
}

/**
 * Saves the writing options, and the frozen phrases when given (absent: the saved ones stay). The options
 * endpoint is the one writer: a rewrite only reads them (see `rewriteOptions`).
 */
export async function saveWriting(
  db: Db,
  userId: string,
  o: WritingOptions & { keep?: string[] },
  now: Date,
): Promise<WritingPreferences> {
  const keep = o.keep === undefined ? undefined : uniqueKeep(o.keep);
  const rows = await db
    .insert(writing_preferences)
    .values({ user_id: userId, tone: o.tone, reading_level: o.readingLevel, keep: keep ?? [], updated_at: now })
    .onConflictDoUpdate({
      target: writing_preferences.user_id,
      set: { tone: o.tone, reading_level: o.readingLevel, ...(keep ? { keep } : {}), updated_at: now },
    })
    .returning({ keep: writing_preferences.keep });
  return { tone: o.tone, readingLevel: o.readingLevel, keep: rows[0]?.keep ?? keep ?? [] };
}

/** Frozen phrases as stored: trimmed, inner whitespace collapsed, repeats (ignoring case) dropped. */
export function uniqueKeep(keep: readonly string[]): string[] {
  const seen = new Set<string>();
  return keep
    .map((k) => k.replace(/\s+/g, ' ').trim())
    .filter((k) => k.length > 0 && !seen.has(k.toLowerCase()) && Boolean(seen.add(k.toLowerCase())));
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
 * The writing options and frozen phrases a rewrite uses: what the request sends, else (on the website) what
 * the user saved, else the defaults. Nothing is written here: the options endpoint saves them, so a rewrite
 * never changes what the website remembers, and a public API call never uses it (decision 0031).
 */
async function rewriteOptions(
  deps: HumanizeDeps,
  userId: string,
  input: { tone?: WritingTone; readingLevel?: ReadingLevel; keep?: string[]; source?: 'web' | 'api' },
): Promise<{ writing: WritingOptions; keep: string[] }> {
  let saved: WritingPreferences = { ...DEFAULT_WRITING, keep: [] };
  const missing = input.tone === undefined || input.readingLevel === undefined || input.keep === undefined;
  if (input.source !== 'api' && missing)
    try {
      saved = await loadWriting(deps.db, userId);
    } catch (e) {
      deps.logger.warn('saved writing options not read', { error: (e as Error).message });
    }
  return {
    writing: { tone: input.tone ?? saved.tone, readingLevel: input.readingLevel ?? saved.readingLevel },
    keep: input.keep ? uniqueKeep(input.keep) : saved.keep,
  };
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

/** The answer's `aim` block: the aimed detector's score of the rewrite, or why there is none. */
function aimBlock(aimAt: OutsideDetectorId, out: EngineOutput, lastReason: string | null): AimResult {
  const name = OUTSIDE_DETECTOR_NAMES[aimAt];
  if (!out.aim) return { detector: aimAt, name, score: null, calls: 0, reason: AIM_MSG.notAimed };
  const score = out.aim.score === null ? null : Math.round(out.aim.score);
  return {
    detector: aimAt,
    name,
    score,
    calls: out.aim.calls,
    reason: score === null ? (lastReason ?? AIM_MSG.gaveNone(name)) : null,
  };
}

/** PostgreSQL text cannot hold U+0000, so such a text could be rewritten but never stored. */
const UNSTORABLE = /\u0000/;

export async function humanizeText(
  deps: HumanizeDeps,
  u: Caller,
  input: {
    text: string;
    useSecondPrompt: boolean;
    mode: 'deep' | 'lightning';
    tone?: WritingTone;
    readingLevel?: ReadingLevel;
    keep?: string[];
    /** An uploaded Word file's look, as the upload answered it: kept with the rewrite for the Word export. */
    layout?: string;
    /** 'api': the public API; its options are what it sends or the defaults, never the website's saved ones. */
    source?: 'web' | 'api';
    /** Deep with a model: aim at this configured outside detector (decision 0040). */
    aimAt?: OutsideDetectorId;
  },
  onProgress?: (e: EngineProgress) => void,
): Promise<HumanizeOutput> {
  const { db } = deps;
  const now = deps.now();
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
  const row = await loadSubscriber(db, u, now, u.subscriber);
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
  const { aimAt } = input;
  if (aimAt) checkAim(deps, aimAt, input.mode, llm !== null);

  const reservation = await reserveWords(
    db,
    u.id,
    words,
    input.mode,
    now,
    deps.reservationHoldMs ?? reservationHoldMs(90_000),
  );
  if (reservation === null) {
    const fresh = await loadSubscriber(db, u, now);
    throw new AppError('INSUFFICIENT_BALANCE', 402, MSG.insufficient(words, Math.max(0, fresh.monthly_word_balance)), {
      details: {
        needed: words,
        balance: fresh.monthly_word_balance,
        limits: limitsInfo(tier, fresh.monthly_word_balance, words),
      },
    });
  }

  const { writing, keep } = await rewriteOptions(deps, u.id, input);

  // Outside detectors score the text while the engine rewrites it, and the rewrite once it is done.
  const scan = deps.env ? scannerFor(deps.env, db, { id: u.id, tier }, now, deps.logger) : null;
  const before = scan?.(input.text);
  // Aimed: the engine asks for each scan of the aimed detector here, through the same allowance and cache.
  let aimReason: string | null = null;
  const aimOne = aimAt && deps.env ? aimScannerFor(deps.env, db, { id: u.id, tier }, now, aimAt, deps.logger) : null;
  const aimScan: AimScan | undefined = aimOne
    ? async (text) => {
        const s = await aimOne(text);
        if (s.status !== 'ok') aimReason = s.reason;
        return s.score;
      }
    : undefined;
  let out;
  try {
    // 'Humanize again' must not hand back the result the user already has for this text.
    const avoidText = input.useSecondPrompt ? await previousResult(db, u.id, input.text) : undefined;
    out = await deps.engine.run(
      {
        text: input.text,
        mode: input.mode,
        secondPass: input.useSecondPrompt,
        avoidText,
        llm,
        modelExpected,
        language,
        writing,
        keep,
        ...(aimAt ? { aim: { detector: aimAt, name: OUTSIDE_DETECTOR_NAMES[aimAt], calls: AIM_CALLS } } : {}),
      },
      onProgress,
      aimScan,
    );
  } catch (e) {
    // If the refund itself cannot be written (the database is away), the sweep refunds the reservation later.
    await refundCharge(db, reservation.chargeId, deps.now()).catch((re: Error) =>
      deps.logger.warn('refund deferred to the sweep', { error: re.message }),
    );
    if (e instanceof AppError) throw e;
    deps.logger.error('engine failed', { error: (e as Error).message });
    throw new AppError('ENGINE_FAILED', 502, 'The rewrite failed and no words were charged. Please try again.');
  }

  // What the result costs (decision 0024): nothing for text returned unchanged, for a light edit given
  // instead of the full rewrite a connected model was expected to write (the engine names the fallback's
  // reason), or for a full rewrite that does not score better than the input. The reservation is refunded
  // first, so the saved entry records 0 words.
  let remaining = reservation.remaining;
  const fallbackReason = out.fallbackReason ?? null;
  const fellBack = fallbackReason !== null;
  const notBetter = out.engine === 'model' && out.improved === false && out.scoreBefore !== null;
  const free = out.text === input.text || fellBack || notBetter;
  if (free) {
    try {
      const balance = await refundCharge(db, reservation.chargeId, deps.now());
      if (balance !== null) remaining = balance;
    } catch (e) {
      deps.logger.warn('refund deferred to the sweep', { error: (e as Error).message });
    }
  }

  const aim = aimAt ? aimBlock(aimAt, out, aimReason) : undefined;
  // What the result says happened; history keeps the same words.
  const { outcome } = out;
  const scored = out.scoreBefore !== null && out.scoreAfter !== null;
  const notes = [
    out.guardRejected ? meaningNote(out.engine === 'model') : null,
    // Empty, and left out, when the repairs put no sentence back and took none out.
    out.engine === 'model' && out.repairs ? repairedNote(out.repairs) : null,
    outcome === 'unchanged'
      ? null
      : writingNote(writing, { fullRewrite: out.engine === 'model', applied: out.styleApplied ?? [] }),
  ].filter((n): n is string => !!n);
  const summary = resultSummary(outcome, scored, {
    fallbackReason,
    improved: out.improved,
    before: scored ? Math.round(out.scoreBefore!) : null,
    after: scored ? Math.round(out.scoreAfter!) : null,
  });
  // The result and the settled charge are written together; if that fails the words go back.
  let saved: { id: string; wordsCharged: number } | null = null;
  try {
    saved = await saveWithCharge(
      db,
      reservation.chargeId,
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
        tone: writing.tone,
        readingLevel: writing.readingLevel,
        keep,
        aim: aim ?? null,
        summary,
        notes,
      },
      deps.now(),
    );
    // The sweep had refunded it already: the result is free.
    if (saved.wordsCharged === 0 && !free) remaining += words;
  } catch (e) {
    deps.logger.error('saving transformation failed', { error: (e as Error).message });
    let refunded: number | null = null;
    try {
      refunded = await refundCharge(db, reservation.chargeId, deps.now());
    } catch (re) {
      deps.logger.warn('refund deferred to the sweep', { error: (re as Error).message });
    }
    // The database is away: a retryable 503 (the reservation is refunded now or by the sweep).
    if (isDatabaseUnavailable(e)) throw e;
    if (refunded !== null) remaining = refunded;
  }

  // An uploaded Word file's look is kept with the entry (decision 0036); without it the export uses the
  // default styles, so a look that cannot be kept never fails the rewrite.
  if (saved && input.layout && deps.env) await keepLayout(deps, saved.id, input.layout, input.text);

  // The engine derived the outcome (a light edit where a model was expected is a fallback) once.
  deps.models?.reportRewrite({ engine: out.engine, fallbackReason });
  try {
    await recordUsage(db, {
      mode: input.mode,
      provider: deps.models?.kind ?? (llm ? 'openai-compatible' : 'none'),
      words,
      out,
      fellBack,
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
      outcome,
      model: out.model,
      note: out.engineNote,
    });
  return {
    humanized_text: out.text,
    transformation_id: saved?.id ?? null,
    saved: saved !== null,
    words_charged: saved ? saved.wordsCharged : 0,
    remaining_balance: remaining,
    score_before: scored ? Math.round(out.scoreBefore!) : null,
    score_after: scored ? Math.round(out.scoreAfter!) : null,
    engine: out.engine,
    outcome,
    summary,
    language: out.language,
    sentences_after: scored ? out.sentencesAfter : [],
    ...(scan && before
      ? {
          detectors_before: await before,
          detectors_after: out.text === input.text ? await before : await scan(out.text),
        }
      : {}),
    ...(aim ? { aim } : {}),
    notes,
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
