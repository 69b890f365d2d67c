// The fitted detector: family scorers, the ensemble and its percentile calibration.
// The same classes are used by the training scripts (built from arrays) and at run time (loaded from files).
import { casualFigures, stylometric } from './stylometry.ts';
import { lmTokens, ngramCounts, skeletonCounts, skeletonTokens, type Counts } from './features.ts';
import { DenseLR, SparseLR, TreeEnsemble } from './scorers.ts';
import { LMRatio } from './lm.ts';
import { splitSentences, tokenize } from './text.ts';
import { SHORT_TEXT_WORDS, type ReliabilityFigures } from './reliability.ts';

/**
 * `casual`: the two casual-marker figures alone (docs/detector-rounds.md, fifth round). `stylotrees`: the stylometric
 * figures through boosted decision trees, which read how the figures combine (decision 0044, version 7).
 */
export const FAMILIES = ['ngram', 'skeleton', 'stylometric', 'lmratio', 'casual', 'stylotrees'] as const;
export type Family = (typeof FAMILIES)[number];
/** Families that can be scored on a single sentence. */
export const SENTENCE_FAMILIES: readonly Family[] = ['ngram', 'skeleton', 'lmratio'];

/** Percentile calibration of one ensemble (a subset of families). */
export interface Calibration {
  families: Family[];
  weights: number[];
  bias: number;
  threshold: number;
  /** Human ensemble logits at quantiles 0, 1/200, ..., 1 (held-out predictions). */
  human: number[];
  /** Quantiles 0..1 (101 points) of AI logits at or above the threshold. */
  ai: number[];
  /** Weight of the sentence-window term (only in the calibration of all families, when the weights have one). */
  windowWeight?: number;
  /**
   * The flag threshold of texts under SHORT_TEXT_WORDS words, when higher than `threshold` (decision 0057): short
   * human texts reach higher logits, so a short text's logit is lowered by the difference before the calibration.
   */
  shortThreshold?: number;
}

/** How much a text's ensemble logit is lowered before calibration: the short-text margin, else 0. */
export function lengthShift(c: Pick<Calibration, 'threshold' | 'shortThreshold'>, words: number): number {
  // Differences below 1e-4 are the rounding of the stored figures, not a margin.
  return words < SHORT_TEXT_WORDS && c.shortThreshold !== undefined && c.shortThreshold > c.threshold + 1e-4
    ? c.shortThreshold - c.threshold
    : 0;
}

/** Family logits of a document, plus the sentence-window term when the detector has one. */
export type DocLogits = Record<Family, number> & { windows?: number };

/**
 * Sentence-window aggregation: every sentence of 4+ words is scored by the sentence families, combined with
 * `weights`, and the distribution of those sentence logits (mean, spread, highest, lowest, upper quartile, how
 * many) goes through a small logistic model fitted on out-of-collection sentence scores.
 */
export const WINDOW_STATS = ['mean', 'sd', 'max', 'min', 'q75', 'log_sentences'] as const;

export function windowStats(sl: readonly number[]): number[] {
  const n = sl.length;
  if (n === 0) return [0, 0, 0, 0, 0, 0];
  let s = 0;
  for (const x of sl) s += x;
  const m = s / n;
  let v = 0;
  for (const x of sl) v += (x - m) ** 2;
  const sorted = [...sl].sort((a, b) => a - b);
  return [m, Math.sqrt(v / n), sorted[n - 1]!, sorted[0]!, sorted[Math.min(n - 1, Math.floor(0.75 * n))]!, Math.log(n)];
}

export interface WindowModel {
  weights: number[];
  lr: DenseLR;
}

function cdf(q: number[], x: number): number {
  const n = q.length - 1;
  if (n < 1) return 0.5;
  if (x <= q[0]!) return 0;
  if (x >= q[n]!) return 1;
  let lo = 0,
    hi = n;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (q[mid]! <= x) lo = mid;
    else hi = mid;
  }
  const a = q[lo]!,
    b = q[hi]!;
  return (lo + (b > a ? (x - a) / (b - a) : 0)) / n;
}

/** Maps a logit to 0-100: below the threshold by human percentile (0-49), above it by AI percentile (50-100). */
export function calibrate(c: Pick<Calibration, 'threshold' | 'human' | 'ai'>, x: number): number {
  if (!Number.isFinite(x)) return 0;
  if (x < c.threshold) {
    const pt = Math.max(1e-9, cdf(c.human, c.threshold));
    return Math.min(49.49, 50 * Math.min(1, cdf(c.human, x) / pt));
  }
  return Math.max(50, Math.min(100, 50 + 50 * cdf(c.ai, x)));
}

export function subsetKey(fams: readonly string[]): string {
  return FAMILIES.filter((f) => fams.includes(f)).join('+');
}

export interface Extracted {
  norm: string;
  tokens: string[];
  ngram: Counts;
  skeleton: Counts;
  stylo: number[];
  lm: string[];
  skel: string[];
}

export function extract(norm: string): Extracted {
  const tokens = tokenize(norm);
  const skel = skeletonTokens(tokens);
  return {
    norm,
    tokens,
    ngram: ngramCounts(norm, tokens),
    skeleton: skeletonCounts(skel),
    stylo: stylometric(norm, tokens),
    lm: lmTokens(tokens),
    skel,
  };
}

export class Detector {
  constructor(
    public readonly ngram: SparseLR,
    public readonly skeleton: SparseLR,
    public readonly stylo: DenseLR,
    public readonly lmratio: LMRatio,
    public readonly casual: DenseLR,
    public readonly stylotrees: TreeEnsemble,
    public readonly calibrations: Map<string, Calibration>,
    public readonly sentenceCal: Calibration,
    public readonly windows: WindowModel | null = null,
  ) {}

  /** Figures measured per kind of text (reliability.ts) for the weights; empty for weights without them. */
  reliability: ReliabilityFigures = {};

  /** The sentence-window term from the sentence family logits of a document's sentences (4+ words each). */
  windowLogit(sentences: readonly Record<Family, number>[]): number {
    const wm = this.windows;
    if (!wm) return 0;
    const sl = sentences.map((fl) => SENTENCE_FAMILIES.reduce((s, f, i) => s + wm.weights[i]! * fl[f], 0));
    return wm.lr.logit(windowStats(sl));
  }

  familyLogits(x: Extracted, only?: readonly Family[]): Record<Family, number> {
    const want = (f: Family): boolean => !only || only.includes(f);
    return {
      ngram: want('ngram') ? this.ngram.logit(x.ngram) : 0,
      skeleton: want('skeleton') ? this.skeleton.logit(x.skeleton) : 0,
      stylometric: want('stylometric') ? this.stylo.logit(x.stylo) : 0,
      lmratio: want('lmratio') ? this.lmratio.logit(x.lm, x.skel) : 0,
      casual: want('casual') ? this.casual.logit(casualFigures(x.stylo)) : 0,
      stylotrees: want('stylotrees') ? this.stylotrees.logit(x.stylo) : 0,
    };
  }

  /** Sentence-level logits of the families that work on one sentence. */
  sentenceFamilyLogits(sentNorm: string): Record<Family, number> {
    const tokens = tokenize(sentNorm);
    const skel = skeletonTokens(tokens);
    return {
      ngram: this.ngram.logit(ngramCounts(sentNorm, tokens)),
      skeleton: this.skeleton.logit(skeletonCounts(skel)),
      stylometric: 0,
      lmratio: this.lmratio.logit(lmTokens(tokens), skel),
      casual: 0,
      stylotrees: 0,
    };
  }

  static combine(c: Calibration, logits: DocLogits): number {
    let s = c.bias;
    c.families.forEach((f, i) => {
      s += c.weights[i]! * logits[f];
    });
    if (c.windowWeight) s += c.windowWeight * (logits.windows ?? 0);
    return s;
  }
}

export { splitSentences };
