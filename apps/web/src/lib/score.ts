import { SCORE_FLAG_AT, type Score } from '@plainspoken/shared';

/** From here up a sentence shows "some machine-like signs" (below the flag threshold). */
export const SCORE_MID_AT = 30;

/**
 * A score as shown: the server sends whole numbers 0-100 and they are shown as they are, only clamped
 * and rounded against a bad value. `null` (or anything not a number) means "not scored", never 0.
 */
export function displayScore(score: Score | null | undefined): number | null {
  if (typeof score !== 'number' || !Number.isFinite(score)) return null;
  return Math.round(Math.min(100, Math.max(0, score)));
}

export type ScoreTone = 'high' | 'mid' | 'low';

export function scoreTone(score: number): ScoreTone {
  if (score >= SCORE_FLAG_AT) return 'high';
  if (score >= SCORE_MID_AT) return 'mid';
  return 'low';
}

/** How strongly a sentence is highlighted: flagged ones strongest, then those with some signs. */
export type HighlightLevel = 'high' | 'mid' | 'none';

export function sentenceLevel(s: { score: number; flagged: boolean }): HighlightLevel {
  if (s.flagged || s.score >= SCORE_FLAG_AT) return 'high';
  if (s.score >= SCORE_MID_AT) return 'mid';
  return 'none';
}
