import { describe, expect, it } from 'vitest';
import { goldFigures, goldSet } from './gold.ts';
import { judgeBound } from './judge-bound.ts';
import { loadPairs } from './pairs.ts';

// The bound of decision 0066 on a slice of the gold set (the first 60 labelled pairs in the corpus's order).
describe('what a second opinion could reach on the gold set', () => {
  const gold = goldSet();
  const pairs = loadPairs()
    .pairs.filter((p) => gold.has(p.id))
    .slice(0, 60);

  it('with a judge that disputes nothing, gives the gold table figures exactly', () => {
    if (pairs.length === 0) throw new Error('the corpus was not found (../shared/corpus or CORPUS_DIR)');
    const rows = goldFigures(pairs);
    const sum = (f: (r: (typeof rows)[number]) => number): number => rows.reduce((n, r) => n + f(r), 0);
    const none = judgeBound(pairs, 0, 0, 'all');
    expect(none).toMatchObject({
      used: sum((r) => r.used),
      carrying: sum((r) => r.usedWithChange),
      faithful: sum((r) => r.faithful),
      faithfulUsed: sum((r) => r.faithfulUsed),
      calls: 0,
    });
  });

  it('a judge that is always right never delivers more changes, and hearing every sentence reaches more than the doubted ones', () => {
    const none = judgeBound(pairs, 0, 0, 'all');
    const doubted = judgeBound(pairs, 1, 0, 'doubted');
    const all = judgeBound(pairs, 1, 0, 'all');
    expect(all.carrying).toBeLessThan(none.carrying);
    expect(all.carrying).toBeLessThanOrEqual(doubted.carrying);
    expect(all.calls).toBeGreaterThanOrEqual(doubted.calls);
    // No false disputes: the faithful rewrites used stay as they were.
    expect(all.faithfulUsed).toBe(none.faithfulUsed);
    // A judge that disputes everything it hears sets more aside.
    expect(judgeBound(pairs, 1, 1, 'all').used).toBeLessThan(none.used);
  });

  it('hearing the sentences left out whole as well (decision 0067) costs calls and never delivers more changes', () => {
    for (const spans of [false, true]) {
      const all = judgeBound(pairs, 1, 0, 'all', spans);
      const leftOut = judgeBound(pairs, 1, 0, 'all', spans, true);
      expect(leftOut.carrying).toBeLessThanOrEqual(all.carrying);
      expect(leftOut.calls).toBeGreaterThan(all.calls);
      expect(leftOut.faithfulUsed).toBe(all.faithfulUsed);
    }
  });
});
