// The document verdict (AI, mixed or human) from the sentence scores: how much of the text, and which
// parts, read as machine-written. The thresholds come from `npm run calibrate:verdict` (train/verdict.ts),
// which fits them on human texts, whole AI texts and human/AI splices, and reports the rewrites and
// polish of human text (mixed authorship) as their own rows; docs/decisions/0028.

export type DocVerdict = 'ai' | 'mixed' | 'human';

/** Shares of the scored words, whole percents summing to 100. */
export interface Composition {
  /** In sentences flagged as machine-written. */
  ai: number;
  /** In sentences with some machine-like signs, below the flag. */
  mixed: number;
  /** In sentences that read as human-written. */
  human: number;
}

/** Word counts behind a verdict; `run` is the longest stretch of consecutive flagged sentences, in words. */
export interface VerdictStats {
  aiWords: number;
  mixedWords: number;
  humanWords: number;
  run: number;
}

export interface VerdictThresholds {
  /**
   * The machine-like share of the words: those in flagged sentences plus half of those in sentences with
   * some machine-like signs. At or above `mixedAt` a text is not human-written.
   */
  mixedAt: number;
  /** At or above this machine-like share, with the document flagged, the text is AI-written. */
  aiAt: number;
  /** At or above this machine-like share the text is AI-written even when the document is not flagged. */
  aiAtUnflagged: number;
  /** A run of consecutive flagged sentences of at least this share of the words makes a text mixed. */
  runAt: number;
}

/** From `npm run calibrate:verdict` on the shipped weights (the command prints these figures). */
export const VERDICT_THRESHOLDS: VerdictThresholds = { mixedAt: 0.6, aiAt: 0.7, aiAtUnflagged: 2, runAt: 0.15 };

/** A sentence score from here up (below the flag) counts as "some machine-like signs", as the highlights do. */
export const MIXED_SENTENCE_AT = 30;

export function composition(s: VerdictStats): Composition {
  const total = s.aiWords + s.mixedWords + s.humanWords;
  if (total === 0) return { ai: 0, mixed: 0, human: 100 };
  const ai = Math.round((100 * s.aiWords) / total);
  const mixed = Math.min(100 - ai, Math.round((100 * s.mixedWords) / total));
  return { ai, mixed, human: 100 - ai - mixed };
}

/** The machine-like share (0-1): flagged sentences' words plus half of the some-signs sentences' words. */
export function machineShare(s: VerdictStats): number {
  const total = s.aiWords + s.mixedWords + s.humanWords;
  return total === 0 ? 0 : (s.aiWords + 0.5 * s.mixedWords) / total;
}

/**
 * A text has a human part when at least this share (a fifth) of its scored words is in sentences that read as
 * human-written; "Mixed" needs one, and a flagged text without one is machine-written.
 */
export const HUMAN_PART_AT = 0.2;

/**
 * The verdict follows the sentences (issue 57): "mixed" needs both a flagged sentence and a human part; a flagged
 * text with no human part is machine-written; a text whose flagged sentences hold at least half its words and
 * that has no human part is machine-written even when the document is not flagged.
 */
export function decideVerdict(
  s: VerdictStats,
  docFlagged: boolean,
  t: VerdictThresholds = VERDICT_THRESHOLDS,
): DocVerdict {
  const total = s.aiWords + s.mixedWords + s.humanWords;
  if (total === 0) return docFlagged ? 'ai' : 'human';
  const share = machineShare(s);
  const humanPart = s.humanWords / total >= HUMAN_PART_AT;
  if (docFlagged && (share >= t.aiAt || !humanPart)) return 'ai';
  if (share >= t.aiAtUnflagged || (!humanPart && s.aiWords / total >= 0.5)) return 'ai';
  const signs = docFlagged || share >= t.mixedAt || s.run / total >= t.runAt;
  if (signs && s.aiWords > 0) return 'mixed';
  // Flagged as a whole though no one sentence is: the text's figures, not a part of it, read as machine-written.
  return docFlagged ? 'ai' : 'human';
}
