// Weighted L2-regularised logistic regression fitted with L-BFGS (deterministic, no dependencies).

export interface Rows {
  indptr: Int32Array;
  idx: Int32Array;
  val: Float32Array;
  dim: number;
}

export function denseRows(xs: number[][]): Rows {
  const dim = xs[0]?.length ?? 0;
  const indptr = new Int32Array(xs.length + 1);
  const idx = new Int32Array(xs.length * dim);
  const val = new Float32Array(xs.length * dim);
  xs.forEach((x, r) => {
    indptr[r + 1] = (r + 1) * dim;
    for (let j = 0; j < dim; j++) {
      idx[r * dim + j] = j;
      val[r * dim + j] = x[j]!;
    }
  });
  return { indptr, idx, val, dim };
}

export function sparseRows(vecs: { idx: Int32Array; val: Float32Array }[], dim: number): Rows {
  const indptr = new Int32Array(vecs.length + 1);
  let nnz = 0;
  vecs.forEach((v, r) => {
    nnz += v.idx.length;
    indptr[r + 1] = nnz;
  });
  const idx = new Int32Array(nnz);
  const val = new Float32Array(nnz);
  vecs.forEach((v, r) => {
    idx.set(v.idx, indptr[r]);
    val.set(v.val, indptr[r]);
  });
  return { indptr, idx, val, dim };
}

export interface LRResult {
  w: Float32Array;
  bias: number;
}

export function fitLR(
  X: Rows,
  y: Uint8Array | number[],
  sw: Float64Array | number[],
  lambda: number,
  iters = 120,
): LRResult {
  const n = X.indptr.length - 1;
  const d = X.dim + 1; // last = bias
  let wsum = 0;
  for (let i = 0; i < n; i++) wsum += sw[i]!;
  const margins = new Float64Array(n);
  const fg = (w: Float64Array, g: Float64Array): number => {
    g.fill(0);
    let f = 0;
    const b = w[d - 1]!;
    for (let i = 0; i < n; i++) {
      let m = b;
      for (let k = X.indptr[i]!; k < X.indptr[i + 1]!; k++) m += w[X.idx[k]!]! * X.val[k]!;
      margins[i] = m;
      const yi = y[i]! ? 1 : -1;
      const z = yi * m;
      // log(1+exp(-z)) computed stably.
      f += sw[i]! * (z > 0 ? Math.log1p(Math.exp(-z)) : -z + Math.log1p(Math.exp(z)));
      const p = 1 / (1 + Math.exp(z));
      const coef = (-yi * p * sw[i]!) / wsum;
      for (let k = X.indptr[i]!; k < X.indptr[i + 1]!; k++) g[X.idx[k]!]! += coef * X.val[k]!;
      g[d - 1]! += coef;
    }
    f /= wsum;
    for (let j = 0; j < X.dim; j++) {
      f += 0.5 * lambda * w[j]! * w[j]!;
      g[j]! += lambda * w[j]!;
    }
    return f;
  };
  const w = lbfgs(d, fg, iters);
  return { w: Float32Array.from(w.subarray(0, X.dim)), bias: w[d - 1]! };
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

export function lbfgs(d: number, fg: (w: Float64Array, g: Float64Array) => number, iters: number, m = 8): Float64Array {
  let x = new Float64Array(d);
  let g = new Float64Array(d);
  let f = fg(x, g);
  const S: Float64Array[] = [];
  const Y: Float64Array[] = [];
  const dir = new Float64Array(d);
  const xn = new Float64Array(d);
  const gn = new Float64Array(d);
  for (let it = 0; it < iters; it++) {
    // Two-loop recursion.
    dir.set(g);
    const alphas: number[] = [];
    for (let k = S.length - 1; k >= 0; k--) {
      const rho = 1 / dot(Y[k]!, S[k]!);
      const a = rho * dot(S[k]!, dir);
      alphas[k] = a;
      for (let j = 0; j < d; j++) dir[j]! -= a * Y[k]![j]!;
    }
    if (S.length > 0) {
      const last = S.length - 1;
      const gamma = dot(S[last]!, Y[last]!) / dot(Y[last]!, Y[last]!);
      for (let j = 0; j < d; j++) dir[j]! *= gamma;
    } else {
      const gn0 = Math.sqrt(dot(g, g)) || 1;
      for (let j = 0; j < d; j++) dir[j]! /= gn0;
    }
    for (let k = 0; k < S.length; k++) {
      const rho = 1 / dot(Y[k]!, S[k]!);
      const b = rho * dot(Y[k]!, dir);
      for (let j = 0; j < d; j++) dir[j]! += S[k]![j]! * (alphas[k]! - b);
    }
    // dir is the ascent direction; step along -dir with backtracking (Armijo).
    const slope = -dot(g, dir);
    if (slope >= 0) {
      S.length = 0;
      Y.length = 0;
      continue;
    }
    let step = 1;
    let fn = 0;
    for (let ls = 0; ls < 30; ls++) {
      for (let j = 0; j < d; j++) xn[j] = x[j]! - step * dir[j]!;
      fn = fg(xn, gn);
      if (fn <= f + 1e-4 * step * slope) break;
      step *= 0.5;
    }
    const s = new Float64Array(d);
    const yv = new Float64Array(d);
    for (let j = 0; j < d; j++) {
      s[j] = xn[j]! - x[j]!;
      yv[j] = gn[j]! - g[j]!;
    }
    const sy = dot(s, yv);
    const conv = Math.abs(f - fn) < 1e-9 * Math.max(1, Math.abs(f));
    x = Float64Array.from(xn);
    g = Float64Array.from(gn);
    f = fn;
    if (sy > 1e-12) {
      S.push(s);
      Y.push(yv);
      if (S.length > m) {
        S.shift();
        Y.shift();
      }
    }
    if (conv) break;
  }
  return x;
}
