import { describe, expect, it } from 'vitest';
import { MAX_CHARS_PER_WORD, countWords } from './words';
import { TIER_LIMITS, periodPrice, limitsFor } from './plans';

describe('countWords', () => {
  it('splits on any whitespace and ignores the ends', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n\t ')).toBe(0);
    expect(countWords('one')).toBe(1);
    expect(countWords('  one two\nthree\t four  ')).toBe(4);
  });

  it('counts words glued together with invisible characters one by one', () => {
    const words = Array.from({ length: 600 }, (_, i) => `word${i}`);
    for (const joiner of ['\u200B', '\u200C', '\u200D', '\u2060', '\u180E', '\uFEFF', '\u00AD']) {
      expect(countWords(words.join(joiner)), `U+${joiner.charCodeAt(0).toString(16)}`).toBe(600);
    }
    // Groups of twelve glued words separated by spaces: 50 visible "words", 600 real ones.
    const glued = Array.from({ length: 50 }, (_, g) => words.slice(g * 12, g * 12 + 12).join('\u200B')).join(' ');
    expect(countWords(glued)).toBe(600);
  });

  it('reads compatibility forms as plain text (NFKC) and full-width spaces as spaces', () => {
    expect(countWords('ｆｕｌｌ\u3000ｗｉｄｔｈ')).toBe(2);
  });

  it('counts at least one word per MAX_CHARS_PER_WORD characters, so a few huge words cannot carry a book', () => {
    const huge = Array.from({ length: 50 }, () => 'x'.repeat(1_200)).join(' ');
    expect(countWords(huge)).toBe(Math.ceil(huge.length / MAX_CHARS_PER_WORD));
    expect(countWords(huge)).toBeGreaterThan(4_000);
  });

  it('leaves ordinary prose, links and numbers at their whitespace count', () => {
    const prose =
      'The 3.5% fee on the $19.99 plan changed in v2.1.0, as https://example.com/docs/v2.1 explains; write to jane.doe@example.com if Node.js complains.';
    expect(countWords(prose)).toBe(prose.trim().split(/\s+/).length);
  });
});

describe('plans', () => {
  it('matches the spec caps and prices', () => {
    expect(TIER_LIMITS.FREE.requestCap).toBe(250);
    expect(TIER_LIMITS.Pro).toEqual({ monthlyWords: 15000, requestCap: 1500 });
    expect(periodPrice('Basic', 'monthly')).toBe(6.99);
    expect(periodPrice('Pro', 'yearly')).toBe(167.88);
    expect(limitsFor('nonsense')).toEqual(TIER_LIMITS.FREE);
  });
});
