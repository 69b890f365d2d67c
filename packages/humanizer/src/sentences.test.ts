import { describe, expect, it } from 'vitest';
import { mask, unmask } from './protect.ts';
import { joinPieces, splitMasked } from './sentences.ts';

const split = (t: string): string[] => {
  const m = mask(t);
  return splitMasked(m.text, (s) => /[.!?]["\u201d]$/.test(unmask(s, m.spans))).map((p) => unmask(p.text, m.spans));
};

describe('splitMasked', () => {
  it('does not split at abbreviations, decimals or initialisms', () => {
    expect(split('Mr. Lee met Dr. Park at 3 p.m. today. The U.S. grew 3.2% e.g. in spring. See Fig. 2 now.')).toEqual([
      'Mr. Lee met Dr. Park at 3 p.m. today.',
      'The U.S. grew 3.2% e.g. in spring.',
      'See Fig. 2 now.',
    ]);
  });

  it('splits after ?, ! and closing quotes', () => {
    expect(split('Is it real? Yes! She said "it is done." Then left.')).toHaveLength(4);
  });

  it('rejoins with the original gaps', () => {
    const m = mask('One thing.  Two things. Three.');
    expect(joinPieces(splitMasked(m.text))).toBe(m.text);
  });
});
