// Gradient-boosted regression trees for a weighted binary logistic loss, over a dense vector (the stylometric
// figures). Each feature is cut at up to `bins - 1` quantiles of the training values; each tree is grown to
// `depth` levels on a row and feature subsample, with Newton leaf values (sum of gradients over sum of hessians
// plus `lambda`), shrunk by `rate`. Deterministic: the subsamples come from a fixed-seed generator.
import { TreeEnsemble } from '../scorers.ts';

export interface TreeOptions {
  trees: number;
  depth: number;
  rate: number;
  /** L2 penalty on leaf values, in units of summed sample weight times p(1-p). */
  lambda: number;
  /** Least summed hessian in a child: no split leaves fewer (about 4 × this many unit-weight rows). */
  minHessian: number;
  bins: number;
  rowShare: number;
  featureShare: number;
  seed: number;
}

export const TREE_DEFAULTS: TreeOptions = {
  trees: 800,
  depth: 4,
  rate: 0.05,
  lambda: 1,
  minHessian: 5,
  bins: 32,
  rowShare: 0.7,
  featureShare: 0.5,
  seed: 12345,
};

/** Cut points of one feature: distinct quantiles of its values. */
function cutPoints(values: Float64Array, bins: number): Float64Array {
  const sorted = Float64Array.from(values).sort();
  const out: number[] = [];
  for (let k = 1; k < bins; k++) {
    const v = sorted[Math.floor((k / bins) * (sorted.length - 1))]!;
    if (out.length === 0 || v > out[out.length - 1]!) out.push(v);
  }
  return Float64Array.from(out);
}

/** The bin of v: the first cut point at or above it (x <= cut[b] goes left of a split at b). */
function binOf(cuts: Float64Array, v: number): number {
  let lo = 0,
    hi = cuts.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (v > cuts[m]!) lo = m + 1;
    else hi = m;
  }
  return lo;
}

export function fitTrees(
  xs: readonly (readonly number[])[],
  y: readonly number[],
  sw: Float64Array,
  options: Partial<TreeOptions> = {},
): TreeEnsemble {
  const o = { ...TREE_DEFAULTS, ...options };
  const n = xs.length;
  const F = xs[0]?.length ?? 0;
  const NB = o.bins;
  // Bins are stored one byte a value; a fit needs rows and figures to split on.
  if (!Number.isInteger(NB) || NB < 2 || NB > 256) throw new Error(`fitTrees: bins must be 2-256, not ${NB}`);
  if (n === 0 || F === 0) throw new Error('fitTrees: no rows or no figures to fit');
  const cuts: Float64Array[] = [];
  const bin = new Uint8Array(n * F);
  for (let f = 0; f < F; f++) {
    const c = cutPoints(
      Float64Array.from(xs, (x) => x[f]!),
      NB,
    );
    cuts.push(c);
    for (let i = 0; i < n; i++) bin[i * F + f] = binOf(c, xs[i]![f]!);
  }
  let wsum = 0,
    wpos = 0;
  for (let i = 0; i < n; i++) {
    wsum += sw[i]!;
    if (y[i]) wpos += sw[i]!;
  }
  const base = wpos > 0 && wpos < wsum ? Math.log(wpos / (wsum - wpos)) : 0;
  const margin = new Float64Array(n).fill(base);
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  let state = o.seed >>> 0;
  const random = (): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
  const roots: number[] = [];
  const feat: number[] = [];
  const thr: number[] = [];
  const left: number[] = [];
  const right: number[] = [];
  const value: number[] = [];
  const hg = new Float64Array(F * NB);
  const hh = new Float64Array(F * NB);
  for (let t = 0; t < o.trees; t++) {
    for (let i = 0; i < n; i++) {
      const p = 1 / (1 + Math.exp(-margin[i]!));
      g[i] = sw[i]! * (p - (y[i] ? 1 : 0));
      h[i] = sw[i]! * Math.max(p * (1 - p), 1e-6);
    }
    const rows: number[] = [];
    for (let i = 0; i < n; i++) if (random() < o.rowShare) rows.push(i);
    const cols: number[] = [];
    for (let f = 0; f < F; f++) if (random() < o.featureShare) cols.push(f);
    if (cols.length === 0) cols.push(t % F);
    const grow = (idx: number[], depth: number): number => {
      const node = feat.length;
      feat.push(-1);
      thr.push(0);
      left.push(-1);
      right.push(-1);
      let G = 0,
        H = 0;
      for (const i of idx) {
        G += g[i]!;
        H += h[i]!;
      }
      value.push((-G / (H + o.lambda)) * o.rate);
      if (depth >= o.depth || H < 2 * o.minHessian) return node;
      hg.fill(0);
      hh.fill(0);
      for (const i of idx) {
        const gi = g[i]!,
          hi = h[i]!,
          off = i * F;
        for (const f of cols) {
          const k = f * NB + bin[off + f]!;
          hg[k]! += gi;
          hh[k]! += hi;
        }
      }
      const parent = (G * G) / (H + o.lambda);
      let best = 1e-12,
        bf = -1,
        bb = -1;
      for (const f of cols) {
        let gl = 0,
          hl = 0;
        const nc = cuts[f]!.length;
        for (let b = 0; b < nc; b++) {
          gl += hg[f * NB + b]!;
          hl += hh[f * NB + b]!;
          const hr = H - hl;
          if (hl < o.minHessian || hr < o.minHessian) continue;
          const gr = G - gl;
          const gain = (gl * gl) / (hl + o.lambda) + (gr * gr) / (hr + o.lambda) - parent;
          if (gain > best) {
            best = gain;
            bf = f;
            bb = b;
          }
        }
      }
      if (bf < 0) return node;
      const L: number[] = [],
        R: number[] = [];
      for (const i of idx) (bin[i * F + bf]! <= bb ? L : R).push(i);
      feat[node] = bf;
      thr[node] = cuts[bf]![bb]!;
      left[node] = grow(L, depth + 1);
      right[node] = grow(R, depth + 1);
      return node;
    };
    const root = grow(rows, 0);
    roots.push(root);
    // Every row (in the subsample or not) moves by the leaf it falls in.
    for (let i = 0; i < n; i++) {
      const x = xs[i]!;
      let k = root;
      while (feat[k]! >= 0) k = x[feat[k]!]! <= thr[k]! ? left[k]! : right[k]!;
      margin[i]! += value[k]!;
    }
  }
  return new TreeEnsemble(
    base,
    Int32Array.from(roots),
    Int32Array.from(feat),
    Float64Array.from(thr),
    Int32Array.from(left),
    Int32Array.from(right),
    Float64Array.from(value),
  );
}
