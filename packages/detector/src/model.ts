// The fitted detector: family scorers, the ensemble and its percentile calibration.
// The same classes are used by the training scripts (built from arrays) and at run time (loaded from files).
import {
  casualFigures,
  lmTokens,
  ngramCounts,
  skeletonCounts,
  skeletonTokens,
  stylometric,
  type Counts,
} from './features.ts';
import { hashString, splitSentences, tokenize } from './text.ts';

/**
 * `casual`: the two casual-marker figures alone (docs/detector-rounds.md, fifth round). `stylotrees`: the stylometric
 * figures through boosted decision trees, which read how the figures combine (decision 0044, version 7).
 */
export const FAMILIES = ['ngram', 'skeleton', 'stylometric', 'lmratio', 'casual', 'stylotrees'] as const;
export type Family = (typeof FAMILIES)[number];
/** Families that can be scored on a single sentence. */
export const SENTENCE_FAMILIES: readonly Family[] = ['ngram', 'skeleton', 'lmratio'];

export interface SparseVec {
  idx: Int32Array;
  val: Float32Array;
}
export type CompactCounts = Counts;
export function compact(c: Counts): Counts {
  return c;
}

// Bucket accumulator for vectorize: a small open-addressing table instead of a dense array of `buckets` entries.
let accKeys = new Int32Array(1 << 12);
let accVals = new Float64Array(1 << 12);
let accSlots = new Int32Array(1 << 12);
// Output of SparseLR.fold: bucket indices and normalised values.
let foldIdx = new Int32Array(1 << 12);
let foldVal = new Float32Array(1 << 12);
let kept = new Int32Array(1 << 12);
// Math.log1p of the small whole counts, looked up (the same values).
const LOG1P = Float64Array.from({ length: 256 }, (_, c) => Math.log1p(c));

/** Hashed sparse linear model; `keep` is a bitmap of n-gram hashes seen in at least 3 training texts. */
export class SparseLR {
  constructor(
    public readonly w: Float32Array,
    public bias: number,
    public readonly keep: Uint8Array,
    public readonly keepBits: number,
  ) {}

  static kept(keep: Uint8Array, keepBits: number, h: number): boolean {
    const bit = h >>> (32 - keepBits);
    return ((keep[bit >>> 3]! >>> (bit & 7)) & 1) === 1;
  }

  /** Filters unseen n-grams, folds to buckets, log-scales counts and L2-normalises. */
  static vectorize(c: Counts, keep: Uint8Array, keepBits: number, buckets: number): SparseVec {
    const nt = SparseLR.fold(c.k, c.v, c.k.length, keep, keepBits, buckets);
    return { idx: foldIdx.slice(0, nt), val: foldVal.slice(0, nt) };
  }

  /** vectorize into foldIdx/foldVal[0..nt), without allocating; returns nt. */
  static fold(
    ck: Uint32Array,
    cv: Float32Array,
    n: number,
    keep: Uint8Array,
    keepBits: number,
    buckets: number,
  ): number {
    let size = 1 << 6;
    while (size < n * 2) size <<= 1;
    if (accKeys.length < size) {
      accKeys = new Int32Array(size);
      accVals = new Float64Array(size);
      accSlots = new Int32Array(size);
    }
    if (foldIdx.length < n) {
      foldIdx = new Int32Array(size);
      foldVal = new Float32Array(size);
    }
    const keys = accKeys,
      vals = accVals,
      slots = accSlots;
    keys.fill(-1, 0, size);
    const tmask = size - 1;
    const mask = buckets - 1;
    // First every bucket or -1 (unseen), then the table: the bitmap reads do not wait on each other that way.
    if (kept.length < n) kept = new Int32Array(size);
    const kb = kept;
    for (let i = 0; i < n; i++) {
      const h = ck[i]!;
      const bit = h >>> (32 - keepBits);
      kb[i] = ((keep[bit >>> 3]! >>> (bit & 7)) & 1) === 0 ? -1 : h & mask;
    }
    let nt = 0;
    for (let i = 0; i < n; i++) {
      const b = kb[i]!;
      if (b < 0) continue;
      let slot = (Math.imul(b, 0x9e3779b1) >>> 0) & tmask;
      while (keys[slot] !== -1 && keys[slot] !== b) slot = (slot + 1) & tmask;
      if (keys[slot] === -1) {
        keys[slot] = b;
        vals[slot] = 0;
        slots[nt++] = slot;
      }
      const c = cv[i]!;
      vals[slot]! += c < LOG1P.length && c === (c | 0) ? LOG1P[c]! : Math.log1p(c);
    }
    const idx = foldIdx;
    const val = foldVal;
    let ss = 0;
    for (let i = 0; i < nt; i++) {
      const v = vals[slots[i]!]!;
      idx[i] = keys[slots[i]!]!;
      val[i] = v;
      ss += v * v;
    }
    const inv = ss > 0 ? 1 / Math.sqrt(ss) : 0;
    for (let j = 0; j < nt; j++) val[j]! *= inv;
    return nt;
  }

  logit(c: Counts): number {
    return this.logitOf(c.k, c.v, c.k.length);
  }

  /** logit of counts held in the first n entries of two arrays (such as `counted`), without allocating. */
  logitOf(k: Uint32Array, v: Float32Array, n: number): number {
    const nt = SparseLR.fold(k, v, n, this.keep, this.keepBits, this.w.length);
    let s = this.bias;
    for (let i = 0; i < nt; i++) s += this.w[foldIdx[i]!]! * foldVal[i]!;
    return s;
  }
}

/** Logistic regression over standardised dense features. */
export class DenseLR {
  constructor(
    public readonly mean: Float32Array,
    public readonly sd: Float32Array,
    public readonly w: Float32Array,
    public bias: number,
  ) {}
  z(x: number[]): number[] {
    return x.map((v, i) => Math.max(-5, Math.min(5, (v - this.mean[i]!) / this.sd[i]!)));
  }
  logit(x: number[]): number {
    const z = this.z(x);
    let s = this.bias;
    for (let i = 0; i < z.length; i++) s += this.w[i]! * z[i]!;
    return s;
  }
  /** Per-feature contributions, for explanations. */
  contributions(x: number[]): number[] {
    return this.z(x).map((v, i) => v * this.w[i]!);
  }
}

/**
 * Boosted regression trees over a dense vector, stored flat: node k splits on feature `feat[k]` (-1: a leaf) at
 * `thr[k]` (x <= thr goes left), and a leaf holds `value[k]`. The logit is `base` plus one leaf value per tree.
 */
export class TreeEnsemble {
  constructor(
    public readonly base: number,
    public readonly roots: Int32Array,
    public readonly feat: Int32Array,
    public readonly thr: Float64Array,
    public readonly left: Int32Array,
    public readonly right: Int32Array,
    public readonly value: Float64Array,
  ) {}
  logit(x: readonly number[]): number {
    let s = this.base;
    const { feat, thr, left, right, value } = this;
    for (let t = 0; t < this.roots.length; t++) {
      let k = this.roots[t]!;
      for (let f = feat[k]!; f >= 0; f = feat[k]!) k = x[f]! <= thr[k]! ? left[k]! : right[k]!;
      s += value[k]!;
    }
    return s;
  }
}

export const LM_ORDERS = 3;
export const LM_ALPHA = 2;

// Table reads of NgramLM.logProbs, gathered before the arithmetic.
let lmC1 = new Float64Array(1 << 10);
let lmC2 = new Float64Array(1 << 10);
let lmC3 = new Float64Array(1 << 10);

/** Hashed word 1-3-gram counts for one class (human or AI). */
export class NgramLM {
  constructor(
    public readonly tables: Float32Array[],
    public readonly total: number,
  ) {}
  /**
   * Log-probabilities of every token, each given up to two previous tokens (Dirichlet-smoothed backoff).
   * `stages`, when given, receives each token's probability before the bigram and before the trigram step: what a
   * stretch that starts at the token (or one before it) would get, so a sentence's figures can reuse a text's.
   * `into`, when given (at least as long as `toks`), receives the log-probabilities instead of a new array.
   */
  logProbs(toks: string[], keys: Uint32Array[], stages?: LMStages, into?: Float64Array): Float64Array {
    const out = into ?? new Float64Array(toks.length);
    const [t1, t2, t3] = this.tables as [Float32Array, Float32Array, Float32Array];
    const m1 = t1.length - 1;
    const m2 = t2.length - 1;
    const m3 = t3.length - 1;
    const k1 = keys[0]!;
    const k2 = keys[1]!;
    const k3 = keys[2]!;
    const V = t1.length;
    const n = toks.length;
    // Every table read first, then the arithmetic: the reads (mostly cache misses) then overlap.
    if (lmC1.length < n) {
      lmC1 = new Float64Array(2 * n);
      lmC2 = new Float64Array(2 * n);
      lmC3 = new Float64Array(2 * n);
    }
    const g1 = lmC1,
      g2 = lmC2,
      g3 = lmC3;
    for (let i = 0; i < n; i++) {
      g1[i] = t1[k1[i]! & m1]!;
      g2[i] = t2[k2[i]! & m2]!;
      g3[i] = t3[k3[i]! & m3]!;
    }
    for (let i = 0; i < n; i++) {
      const c1 = g1[i]!;
      let p = (c1 + 0.5) / (this.total + 0.5 * V);
      if (stages) stages.uni[i] = p;
      if (i >= 1) {
        const cu = g1[i - 1]!;
        if (cu > 0) p = (g2[i]! + LM_ALPHA * p) / (cu + LM_ALPHA);
        if (stages) stages.bi[i] = p;
        if (i >= 2) {
          const cvu = g2[i - 1]!;
          if (cvu > 0) p = (g3[i]! + LM_ALPHA * p) / (cvu + LM_ALPHA);
        }
      }
      out[i] = Math.log(p);
    }
    return out;
  }
}

/** Per-token probabilities at the unigram and bigram steps of NgramLM.logProbs. */
export interface LMStages {
  uni: Float64Array;
  bi: Float64Array;
}

const BOS = hashString('<s>', 0x4567890);

let keyWords = new Uint32Array(1 << 10);

/** pair() as a signed 32-bit value (the same bits), which never needs a heap number. */
function pairBits(a: number, b: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ b;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

/** Keys of every token at orders 1-3; `into` (three arrays at least as long as `toks`) is filled instead of new arrays. */
export function lmKeys(toks: string[], into?: Uint32Array[]): Uint32Array[] {
  if (into && keyWords.length < toks.length) keyWords = new Uint32Array(2 * toks.length);
  const wh = into ? keyWords : new Uint32Array(toks.length);
  for (let i = 0; i < toks.length; i++) wh[i] = hashString(toks[i]!, 0x4567890);
  const keys: Uint32Array[] = [];
  for (let o = 1; o <= LM_ORDERS; o++) {
    const a = into ? into[o - 1]! : new Uint32Array(toks.length);
    // The key of token i at order o: its hash paired with the o - 1 before it (the start symbol before the
    // first), then with o. Written out with signed values, since a call returning an unsigned 32-bit value boxes it.
    for (let i = 0; i < toks.length; i++) {
      let h = wh[i]! | 0;
      for (let k = 1; k < o; k++) h = pairBits(i - k >= 0 ? wh[i - k]! | 0 : BOS | 0, h);
      a[i] = pairBits(h, o);
    }
    keys.push(a);
  }
  return keys;
}

// Only the ratio and its spread: the absolute log-probabilities under either model mostly measure how close a
// text is to the training corpus's topics and genres, not whether a machine wrote it. The same statistics come
// from two pairs of models: word trigrams, and trigrams of skeleton tokens (function words, punctuation and
// shape classes), which carry sentence patterns without topic words.
export const LM_FEATURE_NAMES = [
  'mean_ratio',
  'sd_ratio',
  'frac_ai',
  'q10_ratio',
  'q90_ratio',
  'skel_mean_ratio',
  'skel_sd_ratio',
  'skel_frac_ai',
  'skel_q10_ratio',
  'skel_q90_ratio',
] as const;

/** Ghostbuster-style summary of the human-vs-AI log-probability ratio along the text. */
export function lmFeatures(lh: Float64Array, la: Float64Array): number[] {
  const n = lh.length;
  const r = new Float64Array(n);
  for (let i = 0; i < n; i++) r[i] = la[i]! - lh[i]!;
  return ratioFeatures(r);
}

/** lmFeatures from the per-token ratios (AI log-probability minus human); sorts `r` in place. */
export function ratioFeatures(r: Float64Array): number[] {
  const n = r.length;
  if (n === 0) return [0, 0, 0.5, 0, 0];
  let sr = 0,
    pos = 0;
  for (let i = 0; i < n; i++) {
    sr += r[i]!;
    if (r[i]! > 0) pos++;
  }
  const mr = sr / n;
  let vr = 0;
  for (let i = 0; i < n; i++) vr += (r[i]! - mr) ** 2;
  // The 10th and 90th percentiles as sorted[floor(p n)], found by selection (sorting a typed array allocates).
  const k90 = Math.min(n - 1, Math.floor(0.9 * n));
  const k10 = Math.min(n - 1, Math.floor(0.1 * n));
  select(r, 0, n - 1, k90);
  if (k10 < k90) select(r, 0, k90 - 1, k10);
  return [mr, Math.sqrt(vr / n), pos / n, r[k10]!, r[k90]!];
}

/**
 * Rearranges a[lo..hi] so that a[k] holds the value it would have if that range were sorted, smaller or equal
 * values before it and larger or equal after (Hoare selection, median-of-three pivots; hands a range that keeps
 * resisting to the built-in sort).
 */
export function select(a: Float64Array, lo: number, hi: number, k: number): void {
  for (let rounds = 0; hi > lo; rounds++) {
    if (rounds > 64) {
      a.subarray(lo, hi + 1).sort();
      return;
    }
    const mid = (lo + hi) >>> 1;
    // Median of three as the pivot value.
    let x = a[lo]!,
      y = a[mid]!;
    const z = a[hi]!;
    if (x > y) {
      const t = x;
      x = y;
      y = t;
    }
    if (y > z) {
      y = z;
    }
    const pivot = x > y ? x : y;
    let i = lo,
      j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/** A pair of class language models (human, AI) over one kind of token. */
export class LMPair {
  constructor(
    public readonly human: NgramLM,
    public readonly ai: NgramLM,
  ) {}
  features(toks: string[], keys: Uint32Array[] = lmKeys(toks)): number[] {
    return lmFeatures(this.human.logProbs(toks, keys), this.ai.logProbs(toks, keys));
  }
}

export class LMRatio {
  constructor(
    public readonly words: LMPair,
    public readonly skel: LMPair,
    public readonly lr: DenseLR,
  ) {}
  features(toks: string[], skel: string[]): number[] {
    return [...this.words.features(toks), ...this.skel.features(skel)];
  }
  logit(toks: string[], skel: string[]): number {
    return this.lr.logit(this.features(toks, skel));
  }
}

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
