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

  it('counts words glued together with invisible separators one by one (found by category, not a list)', () => {
    const words = Array.from({ length: 600 }, (_, i) => `word${i}`);
    for (const sep of [
      '\u200B',
      '\u180E',
      '\uFEFF',
      '\u200E',
      '\u2061',
      '\u2800',
      '\u3164',
      '\u{E0020}',
      '\u{E0041}',
    ]) {
      expect(countWords(words.join(sep)), `U+${sep.codePointAt(0)!.toString(16)}`).toBe(600);
    }
    // Groups of twelve glued words separated by spaces: 50 visible "words", 600 real ones.
    const glued = Array.from({ length: 50 }, (_, g) => words.slice(g * 12, g * 12 + 12).join('\u200B')).join(' ');
    expect(countWords(glued)).toBe(600);
  });

  it('keeps joiners and soft hyphens inside their word, and counts an emoji sequence as at most one word', () => {
    // 60 soft-hyphenated compounds bill as the same compounds without the hyphens (not 4 words each).
    const compound = 'Donau\u00ADdampf\u00ADschiff\u00ADfahrt';
    const sixty = Array.from({ length: 60 }, () => compound).join(' ');
    expect(countWords(sixty)).toBe(countWords(sixty.replace(/\u00AD/g, '')));
    expect(countWords('Kaffee\u00ADtasse')).toBe(1);
    // Persian with its zero-width non-joiner: one word per word.
    expect(
      countWords('\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645 \u06A9\u062A\u0627\u0628\u200C\u0647\u0627'),
    ).toBe(2);
    expect(countWords('\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}')).toBe(1); // a family
    expect(countWords('\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}')).toBe(1); // a flag
    expect(countWords('\u{1F44D}\u{1F3FD} \u2764\uFE0F')).toBe(2);
    expect(countWords('\u{1F600}'.repeat(200))).toBe(1);
    expect(countWords(`great idea ${'\u{1F389}'.repeat(30)}`)).toBe(3);
    // Glued with soft hyphens between letters, words still meet the length bound.
    const joined = Array.from({ length: 600 }, () => `word`).join('\u00AD');
    expect(countWords(joined)).toBe(Math.ceil(joined.replace(/\u00AD/g, '').length / MAX_CHARS_PER_WORD));
    // Hindi with a zero-width joiner after the virama, Arabic with a word joiner: one word each.
    expect(countWords('\u0915\u094D\u200D\u0937')).toBe(1);
    expect(countWords('\u0643\u2060\u062A\u0627\u0628')).toBe(1);
    expect(countWords('\u05D0\u034F\u05B7')).toBe(1);
    expect(countWords('\u{1F469}\u{1F3FD}\u200D\u{1F4BB} \u2764\uFE0F\u200D\u{1F525}')).toBe(2);
  });

  it('counts words glued with a joiner outside a joining script or an emoji sequence one by one', () => {
    // The reliability probe: 600 real words in 50 chunks, each chunk glued with one joiner.
    const words = Array.from({ length: 600 }, (_, i) => ['alpha', 'beta', 'gamma', 'delta'][i % 4]!);
    for (const joiner of ['\u2060', '\u200C', '\u034F', '\u200D', '\uFE0F', '\u180B', '\u00AD ']) {
      const chunks = Array.from({ length: 50 }, (_, g) => words.slice(g * 12, g * 12 + 12).join(joiner)).join(' ');
      expect(countWords(chunks), `U+${joiner.codePointAt(0)!.toString(16)}`).toBe(600);
    }
    // A soft hyphen beside a blank or a digit is no hyphenation point either.
    expect(countWords('one\u00AD2')).toBe(2);
    expect(countWords('Latin\u200CText')).toBe(2);
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
