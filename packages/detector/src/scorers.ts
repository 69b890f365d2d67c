// The linear and tree scorers of the families, used by training (built from arrays) and at run time (loaded).
import type { Counts } from './features.ts';

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
