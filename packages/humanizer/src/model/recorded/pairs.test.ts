import { describe, expect, it } from 'vitest';
import { FACT_CHANGE_CATEGORIES, factChange, loadPairs, readByHand, type Pair } from './pairs.ts';

const pair = (original: string, rewrite: string): Pair => ({
  id: 't',
  kind: 'mixset-humanize',
  original,
  rewrite,
  domain: 'test',
});

describe('recorded pairs that change a fact', () => {
  it('a rewrite that adds a web link the original does not have is not a faithful rewrite', () => {
    const o = 'Tides rise and fall twice a day because of the pull of the moon.';
    expect(
      factChange(
        pair(o, 'The moon pulls the sea, so tides go up and down twice daily. More at www.tide-facts.example.com'),
      ),
    ).toMatch(/web link/);
    expect(
      factChange(pair(o, 'The moon pulls the sea, so tides go up and down twice daily (check this fake link).')),
    ).toMatch(/web link/);
    // A made-up blog address, and one the model owns up to.
    expect(factChange(pair(o, 'Tides go up and down twice daily. Swing by all-about-tides.blog for more.'))).toMatch(
      /web link/,
    );
    expect(
      factChange(pair(o, 'Tides go up and down twice daily. Try "tides-n-stuff" (this is not a real link).')),
    ).toMatch(/web link/);
    expect(factChange(pair(o, 'Tides go up and down twice daily. See www(dot)tidefacts(dot)com.'))).toMatch(/web link/);
  });

  it('a rewrite that keeps the original link, or adds none, is judged by the check', () => {
    expect(factChange(pair('Tides follow the moon.', 'The moon drives the tides.'))).toBeNull();
    expect(
      factChange(
        pair('Tide tables: https://tides.example.org/today', 'See https://tides.example.org/today for tide tables.'),
      ),
    ).toBeNull();
  });
});

describe('recorded rewrites read by hand', () => {
  it('lists each by corpus id with a known kind of change and a reason in words, no figures', () => {
    const listed = [...readByHand()];
    expect(listed.length).toBeGreaterThan(0);
    for (const [id, e] of listed) {
      expect(id).toMatch(/^[a-z0-9]+-[0-9a-f]+$/);
      expect(Object.keys(FACT_CHANGE_CATEGORIES)).toContain(e.category);
      expect(e.reason.length).toBeGreaterThan(20);
      expect(e.reason).not.toMatch(/\d/);
    }
  });

  it('every listed rewrite is a recorded pair, left out of the faithful figures with its reason', () => {
    const pairs = loadPairs().pairs;
    expect(pairs.length, 'the corpus with its recorded pairs (../shared/corpus or CORPUS_DIR)').toBeGreaterThan(0);
    const byId = new Map(pairs.map((p) => [p.id, p]));
    for (const [id, e] of readByHand()) {
      const p = byId.get(id);
      expect(p, id).toBeDefined();
      if (p) expect(factChange(p)).toBe(`read by hand: ${FACT_CHANGE_CATEGORIES[e.category]}`);
    }
  });
});
