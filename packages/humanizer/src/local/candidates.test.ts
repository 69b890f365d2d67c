import { describe, expect, it } from 'vitest';
import { detect } from '../detector.ts';
import { sentenceAlternativesLocal, sentenceCandidates } from './candidates.ts';

const STOCK =
  'Additionally, my ability to navigate complex projects has allowed me to deliver results in fast-paced environments.';
const TEXT = `I applied last week. ${STOCK} I can start in March.`;

describe("the light edit's candidates for one sentence", () => {
  it('gives checked rewrites of a stock sentence, keeping frozen phrases', () => {
    const c = sentenceCandidates(STOCK, { seed: 101 });
    expect(c.length).toBeGreaterThan(0);
    for (const x of c) expect(x).not.toBe(STOCK);
    for (const x of sentenceCandidates(STOCK, { seed: 101, keep: ['navigate complex projects'] }))
      expect(x).toContain('navigate complex projects');
  });

  it('offers only candidates with which the whole text scores lower, lowest first', () => {
    const r = sentenceAlternativesLocal(
      TEXT,
      { start: TEXT.indexOf(STOCK), end: TEXT.indexOf(STOCK) + STOCK.length },
      {
        seed: 101,
        max: 3,
      },
    );
    expect(r.original).toBe(Math.round(detect(TEXT).score));
    expect(r.alternatives.length).toBeGreaterThan(0);
    expect(r.alternatives.length).toBeLessThanOrEqual(3);
    for (const a of r.alternatives) expect(a.score).toBeLessThan(r.original);
    expect(r.alternatives.map((a) => a.score)).toEqual([...r.alternatives.map((a) => a.score)].sort((x, y) => x - y));
  });

  it('a heading or list is not a sentence to rewrite', () => {
    expect(
      sentenceCandidates('- Additionally, we leverage synergies.\n- Moreover, we delve into data.', { seed: 1 }),
    ).toEqual([]);
  });
});
