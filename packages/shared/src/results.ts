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
  alternatives: SentenceAlternative[];
  words_charged: number;
  remaining_balance: number;
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
}

export const RESULT_MSG = {
  editedMark: 'Edited by you',
  keepAsWritten: 'Keep as written',
  keepHint: 'Words or phrases every rewrite keeps exactly as written, one per line.',
  trackedDownload: 'Word with tracked changes',
  rewriteSentence: 'Rewrite this sentence',
  noAlternatives: 'No different wording scored for this sentence. Keep it as it is, or edit it yourself.',
  sentenceTooLong: (n: number) => `Pick a sentence of at most ${n} words.`,
  notASentence: 'That range is not a sentence of this result any more. Click the sentence again.',
  splitsCharacter:
    'That range starts or ends inside a character (an emoji or another symbol). Click the sentence again.',
  notFound: 'This history entry does not exist or was deleted.',
  reopened: 'Opened from your history. Edit it, rewrite a sentence, or humanize the original again.',
  checkedAgain: 'Checked again: the score is for your edited text. Checking costs no words.',
} as const;
