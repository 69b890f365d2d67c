/**
 * Working on a saved result (packages/shared/src/results.ts): reopening it, editing it in place (re-scored
 * for free under the AI check's rules), and rewriting one sentence at a time (charged for that sentence's
 * words only, through the word ledger: reserve, then settle onto this entry, or refund).
 */
import { and, eq } from 'drizzle-orm';
import {
  AI_CHECK,
  MSG,
  RESULT_MSG,
  SENTENCE_ALTERNATIVES,
  costLine,
  countWords,
  isLetterFrame,
  isStoredAlternative,
  languageName,
  limitsFor,
  type EditResultOutput,
  type ReadingLevel,
  type SentenceAlternative,
  type SentenceAlternativesOutput,
  type SentenceCheckOutput,
  type TransformationDetail,
  type WritingTone,
} from '@plainspoken/shared';
import { detectLanguage } from '@plainspoken/humanizer/language';
import type { Db } from '../../db/client';
import { meaningOf } from '../../domain/meaning';
import { modelVersion } from '../../domain/model-version';
import { transformations } from '../../db/schema';
import { effectiveTier, loadSubscriber, type SubscriberRow } from '../../domain/subscribers';
import { refundCharge, reserveWords, settleOnto } from '../../domain/word-ledger';
import type { Engine, EngineLlmConfig } from '../../lib/engine/engine';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';

type Caller = { id: string; email: string; subscriber?: SubscriberRow | null };
type Row = typeof transformations.$inferSelect;

const notFound = () => new AppError('NOT_FOUND', 404, RESULT_MSG.notFound);

export async function loadOwn(db: Db, userId: string, id: string): Promise<Row> {
  const rows = await db
    .select()
    .from(transformations)
    .where(and(eq(transformations.id, id), eq(transformations.user_id, userId)))
    .limit(1);
  const r = rows[0];
  if (!r) throw notFound();
  return r;
}

export function detailOf(r: Row): TransformationDetail {
  return {
    id: r.id,
    original_text: r.original_text,
    transformed_text: r.transformed_text,
    created_at: r.created_at.toISOString(),
    mode: r.mode,
    tone: r.tone,
    reading_level: r.reading_level,
    keep: r.keep ?? [],
    edited_at: r.edited_at ? r.edited_at.toISOString() : null,
    words_charged: r.words_charged,
    score_before: r.score_before,
    score_after: r.score_after,
    aim: r.aim ?? null,
    engine: r.engine,
    summary: r.summary,
    notes: r.notes ?? [],
    meaning: meaningOf(r.original_text, r.rewrite_text ?? r.transformed_text, r.put_back ?? [], r.second_reading),
    alternative: isStoredAlternative(r.alternative) ? modelVersion(r.original_text, r.alternative) : null,
  };
}

/** The AI check's rules for a text the user wrote: its minimum, the plan's cap, English only. */
async function checkable(db: Db, u: Caller, text: string, now: Date): Promise<void> {
  const words = countWords(text);
  if (words < AI_CHECK.minWords)
    throw new AppError('MIN_WORDS', 400, MSG.aiCheckMinWords, { details: { min: AI_CHECK.minWords, words } });
  const tier = effectiveTier(await loadSubscriber(db, u, now, u.subscriber), now);
  const limit = Math.max(AI_CHECK.anonymousWords, limitsFor(tier).requestCap);
  if (words > limit)
    throw new AppError('WORD_LIMIT_EXCEEDED', 400, MSG.aiCheckLimitExceeded(limit, tier === 'FREE' ? 'Free' : tier), {
      details: { cap: limit, tier, words },
    });
  const language = detectLanguage(text);
  if (!language.english)
    throw new AppError('UNSUPPORTED_LANGUAGE', 422, MSG.englishOnlyCheck(languageName(language.code)), {
      details: { language: language.code },
    });
}

const UNSTORABLE = /\u0000/;

/** Saves the user's edit of a result and scores it (free). */
export async function editResult(
  deps: { db: Db; engine: Engine; now: () => Date },
  u: Caller,
  id: string,
  text: string,
): Promise<EditResultOutput> {
  const { db } = deps;
  await loadOwn(db, u.id, id);
  if (UNSTORABLE.test(text))
    throw new AppError('VALIDATION', 400, 'The text contains a NUL character (U+0000), which cannot be saved.');
  await checkable(db, u, text, deps.now());
  const d = await deps.engine.detect(text);
  const at = deps.now();
  const rows = await db
    .update(transformations)
    .set({ transformed_text: text, score_after: Math.round(d.score), edited_at: at })
    .where(and(eq(transformations.id, id), eq(transformations.user_id, u.id)))
    .returning({ id: transformations.id });
  if (!rows[0]) throw notFound();
  return {
    id,
    transformed_text: text,
    edited_at: at.toISOString(),
    score_after: Math.round(d.score),
    sentences_after: d.sentences,
  };
}

export interface AlternativesDeps {
  db: Db;
  engine: Engine;
  llm: EngineLlmConfig | null;
  logger: Logger;
  now: () => Date;
  holdMs: number;
}

/** Seeds of the candidate rewrites: fixed, so the same sentence gets the same choices. */
const SEEDS = [101, 202, 303];
/** With a model, no new rewrite of the sentence is started after this long (the answer comes in seconds). */
const MODEL_BUDGET_MS = 8_000;

/** A UTF-16 offset inside a surrogate pair would cut a character in two. */
const splitsPair = (text: string, i: number): boolean =>
  i > 0 && i < text.length && /[\uD800-\uDBFF]/.test(text[i - 1]!) && /[\uDC00-\uDFFF]/.test(text[i]!);

/** The sentence a range picks out of the entry's current result, checked (400 with a reason otherwise). */
async function pickSentence(db: Db, u: Caller, id: string, range: { start: number; end: number }) {
  const row = await loadOwn(db, u.id, id);
  const text = row.transformed_text;
  const { start, end } = range;
  // A UTF-16 index between the two halves of one character (an emoji, a rare CJK letter) is not a boundary.
  if (splitsPair(text, start) || splitsPair(text, end))
    throw new AppError('VALIDATION', 400, RESULT_MSG.splitsCharacter);
  const sentence = text.slice(start, end);
  if (end > text.length || !sentence.trim() || /\n\s*\n/.test(sentence))
    throw new AppError('VALIDATION', 400, RESULT_MSG.notASentence);
  const words = countWords(sentence);
  if (words === 0) throw new AppError('VALIDATION', 400, RESULT_MSG.notASentence);
  if (words > SENTENCE_ALTERNATIVES.maxWords)
    throw new AppError('VALIDATION', 400, RESULT_MSG.sentenceTooLong(SENTENCE_ALTERNATIVES.maxWords));
  const writing =
    row.tone && row.reading_level
      ? { tone: row.tone as WritingTone, readingLevel: row.reading_level as ReadingLevel }
      : undefined;
  return { row, text, start, end, sentence, core: sentence.trim(), words, writing, keep: row.keep ?? [] };
}
type Picked = Awaited<ReturnType<typeof pickSentence>>;

/** The light edit's candidates for the sentence that make the whole result score lower (in a worker). */
function localAlternatives(deps: AlternativesDeps, p: Picked) {
  return deps.engine.alternatives({
    text: p.text,
    start: p.start,
    end: p.end,
    seed: SEEDS[0]!,
    keep: p.keep,
    writing: p.writing,
    max: SENTENCE_ALTERNATIVES.max,
  });
}

/**
 * Whether "Rewrite this sentence" has something to offer, said before the click (free). Greetings and
 * sign-offs are never offered; without a model the light edit's candidates are tried now.
 */
export async function sentenceCheck(
  deps: AlternativesDeps,
  u: Caller,
  id: string,
  range: { start: number; end: number },
): Promise<SentenceCheckOutput> {
  const p = await pickSentence(deps.db, u, id, range);
  const model = deps.llm !== null;
  if (isLetterFrame(p.text, p.start, p.end))
    return { rewritable: false, reason: RESULT_MSG.greeting, words: p.words, model };
  if (model) return { rewritable: true, reason: null, words: p.words, model };
  const local = await localAlternatives(deps, p);
  return local.alternatives.length > 0
    ? { rewritable: true, reason: null, words: p.words, model }
    : { rewritable: false, reason: RESULT_MSG.needsModel, words: p.words, model };
}

/** With a model: its rewrites of the sentence, started while the time budget lasts. */
async function modelRewrites(deps: AlternativesDeps, p: Picked): Promise<string[]> {
  const found: string[] = [];
  const until = Date.now() + MODEL_BUDGET_MS;
  for (const seed of SEEDS) {
    if (found.length >= SENTENCE_ALTERNATIVES.max || Date.now() > until) break;
    const out = await deps.engine.run({
      text: p.core,
      mode: 'deep',
      secondPass: found.length > 0,
      avoidText: found.at(-1),
      llm: deps.llm,
      writing: p.writing,
      keep: p.keep,
      seed,
    });
    // A light edit given instead (the model failed this time) is not the model's wording.
    if (out.engine !== 'model') break;
    const t = out.text.trim();
    if (t && t !== p.core && !found.includes(t)) found.push(t);
  }
  return found;
}

/**
 * Up to three rewrites of one sentence of a saved result, each with the whole result's score with it in place:
 * only wordings with which the result scores lower (the light edit's candidates, and a connected model's
 * rewrites). Charged for the sentence's words only when one is offered; greetings and sign-offs are refused.
 */
export async function sentenceAlternatives(
  deps: AlternativesDeps,
  u: Caller,
  id: string,
  range: { start: number; end: number },
): Promise<SentenceAlternativesOutput> {
  const { db } = deps;
  const p = await pickSentence(db, u, id, range);
  if (isLetterFrame(p.text, p.start, p.end)) throw new AppError('VALIDATION', 400, RESULT_MSG.greeting);
  const mode = p.row.mode === 'deep' ? 'deep' : 'lightning';
  const reservation = await reserveWords(db, u.id, p.words, mode, deps.now(), deps.holdMs);
  if (reservation === null) {
    const fresh = await loadSubscriber(db, u, deps.now());
    throw new AppError(
      'INSUFFICIENT_BALANCE',
      402,
      MSG.insufficient(p.words, Math.max(0, fresh.monthly_word_balance)),
      { details: { needed: p.words, balance: fresh.monthly_word_balance } },
    );
  }
  const lead = p.sentence.match(/^\s*/)?.[0] ?? '';
  const trail = p.sentence.match(/\s*$/)?.[0] ?? '';
  let alternatives: SentenceAlternative[];
  let original: SentenceAlternative;
  try {
    const local = await localAlternatives(deps, p);
    original = { text: p.core, score: local.original };
    const scoreWith = async (s: string) =>
      Math.round((await deps.engine.detect(p.text.slice(0, p.start) + lead + s + trail + p.text.slice(p.end))).score);
    const byModel: SentenceAlternative[] = [];
    for (const t of deps.llm ? await modelRewrites(deps, p) : []) byModel.push({ text: t, score: await scoreWith(t) });
    const seen = new Set<string>();
    alternatives = [...byModel, ...local.alternatives]
      .filter((a) => a.score < original.score && !seen.has(a.text) && Boolean(seen.add(a.text)))
      .sort((a, b) => a.score - b.score)
      .slice(0, SENTENCE_ALTERNATIVES.max);
  } catch (e) {
    await refundCharge(db, reservation.chargeId, deps.now()).catch((re: Error) =>
      deps.logger.warn('refund deferred to the sweep', { error: re.message }),
    );
    if (e instanceof AppError) throw e;
    deps.logger.error('sentence alternatives failed', { error: (e as Error).message });
    throw new AppError('ENGINE_FAILED', 502, 'The rewrite failed and no words were charged. Please try again.');
  }
  // Nothing that reads as more human-written: the words go back, and the answer says why.
  if (alternatives.length === 0) {
    const balance = await refundCharge(db, reservation.chargeId, deps.now());
    return {
      original,
      alternatives,
      words_charged: 0,
      cost: costLine(0),
      remaining_balance: balance ?? reservation.remaining + p.words,
      reason: deps.llm ? RESULT_MSG.noBetterAlternatives : RESULT_MSG.needsModel,
    };
  }
  // Remembered, so a chosen alternative counts as the engine's words in the tracked Word file.
  const offered = [...(p.row.offered ?? []), ...alternatives.map((a) => a.text)].slice(-30);
  await db
    .update(transformations)
    .set({ offered })
    .where(and(eq(transformations.id, id), eq(transformations.user_id, u.id)))
    .catch((e: Error) => deps.logger.warn('offered alternatives not remembered', { error: e.message }));
  const charged = await settleOnto(db, reservation.chargeId, id, deps.now());
  if (charged === 0) {
    // The entry was deleted meanwhile, or the hold ran out and the sweep refunded it: the choices are free.
    const balance = await refundCharge(db, reservation.chargeId, deps.now());
    return {
      original,
      alternatives,
      words_charged: 0,
      cost: costLine(0),
      remaining_balance: balance ?? reservation.remaining + p.words,
      reason: null,
    };
  }
  return {
    original,
    alternatives,
    words_charged: charged,
    cost: costLine(charged),
    remaining_balance: reservation.remaining,
    reason: null,
  };
}
