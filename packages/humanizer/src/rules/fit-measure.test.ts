import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { judge, substitutions, substitutionKey, verdictSample, type Verdict } from './fit-measure.ts';

describe('fit measurement', () => {
  it('finds the replaced word runs between a sentence and its edit', () => {
    expect(
      substitutions('Local restaurants play a pivotal role in the town.', 'Local restaurants are central to the town.'),
    ).toEqual([{ from: 'play a pivotal role in', to: 'are central to' }]);
    expect(substitutions('However, it works.', 'But it works.')).toEqual([{ from: 'however', to: 'but' }]);
    expect(substitutions('Same text.', 'Same text.')).toEqual([]);
  });

  it('samples by key hash, so the sample stays put when other substitutions come or go', () => {
    const subs = Array.from({ length: 300 }, (_, i) => ({ id: `x#${i}`, mode: 'deep' as const, from: 'a', to: 'b' }));
    const first = verdictSample(subs, 100).map(substitutionKey);
    const fewer = verdictSample(
      subs.filter((_, i) => i % 7 !== 3),
      100,
    ).map(substitutionKey);
    const kept = first.filter((k) => fewer.includes(k));
    expect(kept.length).toBeGreaterThan(80);
    const j = judge(verdictSample(subs, 3), [{ ...verdictSample(subs, 1)[0]!, natural: false }]);
    expect(j).toMatchObject({ judged: 1, natural: 0 });
    expect(j.unjudged).toHaveLength(2);
  });

  it('keeps verdicts as corpus ids and substituted words only, never corpus sentences', () => {
    const file = fileURLToPath(new URL('../data/substitution-verdicts.json', import.meta.url));
    const verdicts = JSON.parse(readFileSync(file, 'utf8')) as Verdict[];
    expect(verdicts.length).toBeGreaterThanOrEqual(100);
    for (const v of verdicts) {
      expect(v.id).toMatch(/^[\w-]+#\d+$/);
      expect(`${v.from} ${v.to}`.split(/\s+/).length).toBeLessThanOrEqual(14);
      expect(typeof v.natural).toBe('boolean');
    }
  });
});
