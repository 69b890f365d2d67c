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
  countWords,
  languageName,
  limitsFor,
  type EditResultOutput,
  type ReadingLevel,
  type SentenceAlternative,
  type SentenceAlternativesOutput,
  type TransformationDetail,
  type WritingTone,
} from '@plainspoken/shared';
import { detectLanguage } from '@plainspoken/humanizer/language';
import type { Db } from '../../db/client';
import { meaningOf } from '../../domain/meaning';
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
    meaning: meaningOf(r.original_text, r.rewrite_text ?? r.transformed_text),
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

/** True when index `i` of `text` falls between a high and a low surrogate (inside one character). */
function splitsSurrogatePair(text: string, i: number): boolean {
  if (i <= 0 || i >= text.length) return false;
  const hi = text.charCodeAt(i - 1);
  const lo = text.charCodeAt(i);
  return hi >= 0xd800 && hi <= 0xdbff && lo >= 0xdc00 && lo <= 0xdfff;
}

/** Seeds of the candidate rewrites: fixed, so the same sentence gets the same choices. */
const SEEDS = [101, 202, 303, 404, 505];

/** Up to three rewrites of one sentence of a saved result, each with the whole result's score with it in place. */
export async function sentenceAlternatives(
  deps: AlternativesDeps,
  u: Caller,
  id: string,
  range: { start: number; end: number },
): Promise<SentenceAlternativesOutput> {
  const { db } = deps;
  const row = await loadOwn(db, u.id, id);
  const text = row.transformed_text;
  const { start, end } = range;
  // A UTF-16 index between the two halves of one character (an emoji, a rare CJK letter) is not a boundary.
  if (splitsSurrogatePair(text, start) || splitsSurrogatePair(text, end))
    throw new AppError('VALIDATION', 400, RESULT_MSG.splitsCharacter);
  const sentence = text.slice(start, end);
  if (end > text.length || !sentence.trim() || /\n\s*\n/.test(sentence))
    throw new AppError('VALIDATION', 400, RESULT_MSG.notASentence);
  const words = countWords(sentence);
  if (words === 0) throw new AppError('VALIDATION', 400, RESULT_MSG.notASentence);
  if (words > SENTENCE_ALTERNATIVES.maxWords)
    throw new AppError('VALIDATION', 400, RESULT_MSG.sentenceTooLong(SENTENCE_ALTERNATIVES.maxWords));
  const mode = row.mode === 'deep' ? 'deep' : 'lightning';
  const reservation = await reserveWords(db, u.id, words, mode, deps.now(), deps.holdMs);
  if (reservation === null) {
    const fresh = await loadSubscriber(db, u, deps.now());
    throw new AppError('INSUFFICIENT_BALANCE', 402, MSG.insufficient(words, Math.max(0, fresh.monthly_word_balance)), {
      details: { needed: words, balance: fresh.monthly_word_balance },
    });
  }
  const lead = sentence.match(/^\s*/)?.[0] ?? '';
  const trail = sentence.match(/\s*$/)?.[0] ?? '';
  const core = sentence.trim();
  const writing =
    row.tone && row.reading_level
      ? { tone: row.tone as WritingTone, readingLevel: row.reading_level as ReadingLevel }
      : undefined;
  let alternatives: SentenceAlternative[];
  let original: SentenceAlternative;
  try {
    const found: string[] = [];
    for (const seed of SEEDS) {
      if (found.length >= SENTENCE_ALTERNATIVES.max) break;
      const out = await deps.engine.run({
        text: core,
        mode: 'deep',
        secondPass: found.length > 0,
        avoidText: found.at(-1),
        llm: deps.llm,
        writing,
        keep: row.keep ?? [],
        seed,
      });
      const t = out.text.trim();
      if (t && t !== core && !found.includes(t)) found.push(t);
    }
    const scoreWith = async (s: string) =>
      Math.round((await deps.engine.detect(text.slice(0, start) + lead + s + trail + text.slice(end))).score);
    original = { text: core, score: await scoreWith(core) };
    alternatives = [];
    for (const t of found) alternatives.push({ text: t, score: await scoreWith(t) });
    alternatives.sort((a, b) => a.score - b.score);
  } catch (e) {
    await refundCharge(db, reservation.chargeId, deps.now()).catch((re: Error) =>
      deps.logger.warn('refund deferred to the sweep', { error: re.message }),
    );
    if (e instanceof AppError) throw e;
    deps.logger.error('sentence alternatives failed', { error: (e as Error).message });
    throw new AppError('ENGINE_FAILED', 502, 'The rewrite failed and no words were charged. Please try again.');
  }
  // Nothing different to offer: the words go back.
  if (alternatives.length === 0) {
    const balance = await refundCharge(db, reservation.chargeId, deps.now());
    return { original, alternatives, words_charged: 0, remaining_balance: balance ?? reservation.remaining };
  }
  // Remembered, so a chosen alternative counts as the engine's words in the tracked Word file.
  const offered = [...(row.offered ?? []), ...alternatives.map((a) => a.text)].slice(-30);
  await db
    .update(transformations)
    .set({ offered })
    .where(and(eq(transformations.id, id), eq(transformations.user_id, u.id)))
    .catch((e: Error) => deps.logger.warn('offered alternatives not remembered', { error: e.message }));
  const charged = await settleOnto(db, reservation.chargeId, id, deps.now());
  if (charged === 0) {
    // The entry was deleted meanwhile, or the hold ran out and the sweep refunded it: the choices are free.
    const balance = await refundCharge(db, reservation.chargeId, deps.now());
    return { original, alternatives, words_charged: 0, remaining_balance: balance ?? reservation.remaining + words };
  }
  return { original, alternatives, words_charged: charged, remaining_balance: reservation.remaining };
}
