// The stack: how the families' logits are combined into one.
import { FAMILIES, type Family } from '../model.ts';
import { trainingConfig } from './config.ts';
import type { Prepared } from './corpus.ts';
import { denseRows, fitLR } from './lr.ts';

export function allSubsets(): Family[][] {
  const out: Family[][] = [];
  for (let mask = 1; mask < 1 << FAMILIES.length; mask++) out.push(FAMILIES.filter((_, i) => mask & (1 << i)));
  return out;
}

/**
 * The ensemble over a family subset: a non-negative logistic stack fitted on the families' out-of-fold logits
 * (version 1's equal weights are in docs/detector-rounds.md).
 */
export function fitMeta(
  fams: Family[],
  oof: Record<Family, number>[],
  ps: Prepared[],
  sw: Float64Array,
): { weights: number[]; bias: number } {
  const xs = oof.map((o) => fams.map((f) => o[f]));
  let r = fitLR(
    denseRows(xs),
    ps.map((p) => p.y),
    sw,
    trainingConfig().lambdaMeta,
    200,
  );
  // A family that gets a negative weight is mirroring another; drop it rather than invert it.
  const w = Array.from(r.w).map((v) => Math.max(0, v));
  if (w.some((v, i) => v !== r.w[i])) {
    const keepIdx = w.map((v, i) => (v > 0 ? i : -1)).filter((i) => i >= 0);
    if (keepIdx.length > 0) {
      const r2 = fitLR(
        denseRows(xs.map((x) => keepIdx.map((i) => x[i]!))),
        ps.map((p) => p.y),
        sw,
        trainingConfig().lambdaMeta,
        200,
      );
      const w2 = new Array(fams.length).fill(0) as number[];
      keepIdx.forEach((i, j) => {
        w2[i] = Math.max(0, r2.w[j]!);
      });
      r = { w: Float32Array.from(w2), bias: r2.bias };
      return { weights: w2.map((v) => +v.toFixed(6)), bias: +r.bias.toFixed(6) };
    }
  }
  return { weights: w.map((v) => +v.toFixed(6)), bias: +r.bias.toFixed(6) };
}
