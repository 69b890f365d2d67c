import { describe, expect, it } from 'vitest';
import { denseRows, fitLR } from './lr.ts';

// Two genres: genre A is mostly label 1, genre B mostly label 0. Feature 0 only marks the genre; feature 1
// separates the labels within each genre.
function data(): { xs: number[][]; y: number[] } {
  const xs: number[][] = [],
    y: number[] = [];
  for (let i = 0; i < 400; i++) {
    const g = i < 200 ? 0 : 1;
    const label = g === 0 ? (i % 10 < 8 ? 1 : 0) : i % 10 < 2 ? 1 : 0;
    const noise = ((i * 37) % 11) / 11 - 0.5;
    xs.push([g === 0 ? 1 : -1, (label ? 0.6 : -0.6) + noise]);
    y.push(label);
  }
  return { xs, y };
}

describe('logistic regression', () => {
  it('a feature that only marks the genre takes weight from the label imbalance between genres', () => {
    const { xs, y } = data();
    const r = fitLR(
      denseRows(xs),
      y,
      y.map(() => 1),
      1e-3,
      200,
    );
    expect(r.w[0]!).toBeGreaterThan(0.5);
    expect(r.w[1]!).toBeGreaterThan(0.5);
  });
});
