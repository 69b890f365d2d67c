import { describe, expect, it } from 'vitest';
import { denseRows, fitLR } from './lr.ts';

// Two genres: genre A is mostly label 1, genre B mostly label 0. Feature 0 only marks the genre; feature 1
// separates the labels within each genre.
function data(): { xs: number[][]; y: number[]; genre: number[] } {
  const xs: number[][] = [],
    y: number[] = [],
    genre: number[] = [];
  for (let i = 0; i < 400; i++) {
    const g = i < 200 ? 0 : 1;
    const label = g === 0 ? (i % 10 < 8 ? 1 : 0) : i % 10 < 2 ? 1 : 0;
    const noise = ((i * 37) % 11) / 11 - 0.5;
    xs.push([g === 0 ? 1 : -1, (label ? 0.6 : -0.6) + noise]);
    y.push(label);
    genre.push(g);
  }
  return { xs, y, genre };
}

describe('logistic regression with genre intercepts', () => {
  it('without them, a feature that only marks the genre takes weight from the label imbalance between genres', () => {
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

  it('with them, the weights keep the contrast within genres and the genre marker loses its weight', () => {
    const { xs, y, genre } = data();
    const sw = y.map(() => 1);
    const plain = fitLR(denseRows(xs), y, sw, 1e-3, 200);
    const of = Int32Array.from(genre);
    // Intercepts nearly free: they take all of the difference between the genres.
    const free = fitLR(denseRows(xs), y, sw, 1e-3, 200, { of, n: 2, lambda: 1e-6 });
    expect(free.w.length).toBe(2);
    expect(Math.abs(free.w[0]!)).toBeLessThan(0.05);
    expect(free.w[1]!).toBeGreaterThan(0.5);
    // Penalised like the weights: the marker, collinear with the intercepts, shares the difference with them.
    const shared = fitLR(denseRows(xs), y, sw, 1e-3, 200, { of, n: 2, lambda: 1e-3 });
    expect(shared.w[0]!).toBeLessThan(0.8 * plain.w[0]!);
    expect(shared.w[0]!).toBeGreaterThan(Math.abs(free.w[0]!));
  });
});
