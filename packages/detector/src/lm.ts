// The `lmratio` family: hashed word and skeleton language models for each class, and the ratio features
// read from their log-probabilities.
import { hashString } from './text.ts';
import { DenseLR } from './scorers.ts';

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
