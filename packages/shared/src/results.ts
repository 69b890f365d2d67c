/**
 * Working on a result after the rewrite: editing it in place, one sentence at a time, and the Word file
 * with every change as a tracked revision. Routes (all the caller's own history entries):
 *   GET   /api/transformations/:id            one entry (reopen it in the editor)
 *   PATCH /api/transformations/:id            {text}: the user's edit; re-scored for free (the AI check's rules)
 *   POST  /api/transformations/:id/sentence-alternatives   {start, end}: up to three rewrites of one sentence,
 *         charged for that sentence's words only
 *   GET   /api/transformations/:id/export.docx?changes=tracked   (also /v1/transformations/:id/export.docx)
 */
import { type Input, z } from './z';
import { MAX_TEXT_CHARS, type MeaningCheck, type ScoredSentence } from './schemas';
import type { Score } from './modes';
import type { AimResult } from './outside-detector-schemas';
import type { ModelVersion } from './model-alternative';

export const editResultInput = z.object({ text: z.string().min(1).max(MAX_TEXT_CHARS) });
export type EditResultInput = Input<typeof editResultInput>;

/** The edited result as saved, with the detector's fresh verdict (null when it could not be scored). */
export interface EditResultOutput {
  id: string;
  transformed_text: string;
  edited_at: string;
  score_after: Score | null;
  sentences_after: ScoredSentence[];
}

/** Sentence alternatives: the sentence is `text.slice(start, end)` of the entry's current result. */
export const SENTENCE_ALTERNATIVES = { max: 3, maxWords: 120 } as const;
export const sentenceAlternativesInput = z
  .object({
    start: z.number().int().min(0).max(MAX_TEXT_CHARS),
    end: z.number().int().min(1).max(MAX_TEXT_CHARS),
  })
  .refine((v) => v.end > v.start, { message: 'end must come after start', path: ['end'] });
export type SentenceAlternativesInput = Input<typeof sentenceAlternativesInput>;

export interface SentenceAlternative {
  text: string;
  /** The whole result's score with this sentence in place. */
  score: Score;
}
export interface SentenceAlternativesOutput {
  original: SentenceAlternative;
  /** Only wordings with which the whole result scores lower; charged only when there is one. */
  alternatives: SentenceAlternative[];
  words_charged: number;
  /** What it cost: "12 words charged" or "No words charged" (costLine). */
  cost: string;
  remaining_balance: number;
  /** Why there are none, in words (null when there are some). */
  reason: string | null;
}

/**
 * POST /api/transformations/:id/sentence-alternatives/check (free): whether "Rewrite this sentence" can offer
 * anything for this sentence, said before the click. Without a model it is known (the light edit's candidates
 * that score lower were found, or not); with one it is tried on the click and charged only if it finds some.
 */
export interface SentenceCheckOutput {
  rewritable: boolean;
  /** Why not, in words (null when rewritable). */
  reason: string | null;
  /** What the click costs if it offers something: the sentence's words. */
  words: number;
  /** A connected model writes the alternatives (else the light edit's candidates). */
  model: boolean;
}

/** Salutations and sign-offs: a letter's frame, not a sentence to rewrite. */
const GREETING =
  /^(?:dear|hi|hello|hey|greetings|good (?:morning|afternoon|evening)|to whom it may concern)\b[^.!?\n]{0,60}[,:!]?$/i;
const SIGN_OFF =
  /^(?:(?:yours )?(?:sincerely|faithfully|truly|respectfully)(?: yours)?|(?:best|kind|warm|warmest|with)? ?regards|best(?: wishes)?|all the best|cheers|thanks(?: again)?|many thanks|thank you|with (?:thanks|gratitude|appreciation)|take care)[,.!]?(?:\s*\n[^\n]{0,60}){0,3}$/i;

/** A salutation ("Dear Hiring Manager,") or a sign-off ("Sincerely,", "Best regards,\nAlex"), not rewritten. */
export function isGreetingOrSignOff(sentence: string): boolean {
  const s = sentence.trim();
  return GREETING.test(s) || SIGN_OFF.test(s);
}

/**
 * `text.slice(start, end)` is a letter's frame: a greeting, a sign-off, or the short name line under a
 * sign-off ("Sincerely," then "Alex Morgan"), which a sentence splitter gives as a sentence of its own.
 */
export function isLetterFrame(text: string, start: number, end: number): boolean {
  const s = text.slice(start, end);
  if (isGreetingOrSignOff(s)) return true;
  const line = s.trim();
  if (line.includes('\n') || /[.!?]$/.test(line) || line.split(/\s+/).length > 5) return false;
  const above = text.slice(0, start).trimEnd().split('\n').at(-1) ?? '';
  return above.trim() !== '' && SIGN_OFF.test(above.trim());
}

export const EXPORT_CHANGES = ['tracked', 'none'] as const;
export const exportDocxQuery = z.object({ changes: z.enum(EXPORT_CHANGES).optional().default('none') });
export const TRACKED_AUTHOR = 'Plainspoken';

/** One history entry as the editor reopens it. */
export interface TransformationDetail {
  id: string;
  original_text: string;
  transformed_text: string;
  created_at: string;
  mode: string;
  tone: string | null;
  reading_level: string | null;
  keep: string[];
  edited_at: string | null;
  words_charged: number;
  score_before: number | null;
  score_after: number | null;
  /** Deep aimed at an outside detector: which one and its score of the rewrite as written (null: not aimed). */
  aim: AimResult | null;
  /** Who wrote the result: 'model' (a full rewrite) or 'local' (a light edit); null on old entries. */
  engine: string | null;
  /** What the result said had happened: its summary and notes (null/[] on entries from before they were kept). */
  summary: string | null;
  notes: string[];
  /** The meaning report of the rewrite as the engine wrote it (read again from the two texts). */
  meaning: MeaningCheck;
  /** The model's rewrite not used because it did not score lower (decision 0059); null when there was none. */
  alternative: ModelVersion | null;
}

export const RESULT_MSG = {
  editedMark: 'Edited by you',
  keepAsWritten: 'Keep as written',
  keepHint: 'Words or phrases every rewrite keeps exactly as written, one per line.',
  trackedDownload: 'Word with tracked changes',
  rewriteSentence: 'Rewrite this sentence',
  noAlternatives: 'No different wording scored for this sentence. Keep it as it is, or edit it yourself.',
  /** With a model: none of its rewrites (or the light edit's) made the result score lower. */
  noBetterAlternatives:
    'No wording we found makes your text read as more human-written, so nothing is offered and no words were charged. Keep the sentence as it is, or edit it yourself.',
  /** Without a model, said before the click: the light edit has nothing for this sentence. */
  needsModel:
    'The light edit has no wording for this sentence that reads as more human-written. Rewriting it needs a rewriting model, and none is connected. Edit it yourself, or pick another sentence.',
  greeting: 'Greetings and sign-offs are kept as you wrote them. Pick a sentence of the body.',
  chargeIfFound: (words: number) =>
    `${words} ${words === 1 ? 'word' : 'words'} charged only if we find wording that reads as more human-written.`,
  checking: 'Looking for wording that reads as more human-written…',
  sentenceTooLong: (n: number) => `Pick a sentence of at most ${n} words.`,
  notASentence: 'That range is not a sentence of this result any more. Click the sentence again.',
  splitsCharacter:
    'That range starts or ends inside a character (an emoji or another symbol). Click the sentence again.',
  notFound: 'This history entry does not exist or was deleted.',
  reopened: 'Opened from your history. Edit it, rewrite a sentence, or humanize the original again.',
  checkedAgain: 'Checked again: the score is for your edited text. Checking costs no words.',
} as const;
