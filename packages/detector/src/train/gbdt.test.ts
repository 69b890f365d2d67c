import { describe, expect, it } from 'vitest';
import { auroc } from './metrics.ts';
import { denseRows, fitLR } from './lr.ts';
import { fitTrees } from './gbdt.ts';

// Label 1 when the two figures are on the same side of zero (an interaction no single weight can express),
// plus a third figure of pure noise; points on a fixed grid so the test is deterministic.
function data(offset: number): { xs: number[][]; y: number[] } {
  const xs: number[][] = [],
    y: number[] = [];
  for (let i = 0; i < 30; i++)
    for (let j = 0; j < 30; j++) {
      const a = (i - 14.5 + offset) / 15,
        b = (j - 14.5 - offset) / 15;
      xs.push([a, b, (((i * 7 + j * 13) % 17) - 8) / 8]);
      y.push(a * b > 0 ? 1 : 0);
    }
  return { xs, y };
}

describe('boosted trees', () => {
  it('learn an interaction between two figures that a logistic model cannot, and score unseen points by it', () => {
    const train = data(0);
    const test = data(0.37);
    const sw = Float64Array.from(train.y, () => 1);
    const trees = fitTrees(train.xs, train.y, sw, { trees: 60, depth: 3, rate: 0.2, minHessian: 1 });
    const lr = fitLR(denseRows(train.xs), train.y, sw, 1e-3, 200);
    const lrLogit = (x: number[]): number => x.reduce((s, v, k) => s + v * lr.w[k]!, lr.bias);
    expect(
      auroc(
        test.xs.map((x) => trees.logit(x)),
        test.y,
      ),
    ).toBeGreaterThan(0.93);
    expect(auroc(test.xs.map(lrLogit), test.y)).toBeLessThan(0.7);
    expect(trees.roots.length).toBe(60);
  });

  it('fit the same trees on the same data, and weigh rows by their sample weight', () => {
    const { xs, y } = data(0);
    const sw = Float64Array.from(y, () => 1);
    const a = fitTrees(xs, y, sw, { trees: 10 });
    const b = fitTrees(xs, y, sw, { trees: 10 });
    expect(Array.from(a.value)).toEqual(Array.from(b.value));
    // Positive rows weighted ten times: the starting logit moves towards label 1.
    const heavy = fitTrees(
      xs,
      y,
      Float64Array.from(y, (v) => (v ? 10 : 1)),
      { trees: 1 },
    );
    expect(heavy.base).toBeCloseTo(Math.log(10), 6);
    expect(a.base).toBeCloseTo(0, 6);
  });

  it('refuse settings they cannot store, and an empty fit, with a reason', () => {
    const { xs, y } = data(0);
    const sw = Float64Array.from(y, () => 1);
    expect(() => fitTrees(xs, y, sw, { bins: 300 })).toThrow('fitTrees: bins must be 2-256, not 300');
    expect(() => fitTrees([], [], new Float64Array(0))).toThrow('fitTrees: no rows or no figures to fit');
  });
});
