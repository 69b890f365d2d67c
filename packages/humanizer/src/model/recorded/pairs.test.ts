import { describe, expect, it } from 'vitest';
import { factChange, type Pair } from './pairs.ts';

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
