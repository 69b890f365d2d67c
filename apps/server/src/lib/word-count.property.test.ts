/**
 * Property tests of the one word count (packages/shared/src/words.ts) that the browser's counter and the
 * server's caps and charges share: invisible characters never change a bill except by separating words
 * the way a space would.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CHARS_PER_WORD, countWords } from '@plainspoken/shared';

/** Joiners that sit inside a word of a joining script (Arabic here): deleted there, separators elsewhere. */
const SCRIPT_JOINERS = ['\u034F', '\u200C', '\u200D', '\u2060', '\uFE0F', '\u{E0100}'];
/** Every joiner, the soft hyphen and variation selectors: between Latin letters each separates words. */
const INSIDE = ['\u00AD', ...SCRIPT_JOINERS, '\uFE0E', '\u180B'];
/** Invisible characters of the default-ignorable and format categories that separate words. */
const SEPARATORS = [
  '\u200B',
  '\u200E',
  '\u200F',
  '\u202A',
  '\u2061',
  '\u2064',
  '\uFEFF',
  '\u180E',
  '\u3164',
  '\u{E0020}',
  '\u{1D173}',
  '\u2800',
];

// Visible letters only: Arabic letters and marks, not the Arabic block's format characters (U+0600-U+0605,
// U+061C, U+06DD), which are invisible separators like any other of their category.
const word = fc.stringMatching(
  /^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u00FF\u0620-\u065F\u066E-\u06D3\u4E00-\u4E50]{1,12}$/,
);
const text = fc.array(word, { minLength: 1, maxLength: 80 }).map((ws) => ws.join(' '));

/** `t` with `chars` put at the given positions (indexes into code points). */
function insertAt(t: string, inserts: { at: number; ch: string }[]): string {
  const cps = [...t];
  for (const { at, ch } of [...inserts].sort((a, b) => b.at - a.at)) cps.splice(at % (cps.length + 1), 0, ch);
  return cps.join('');
}

describe('word count properties (shared by browser and server)', () => {
  it('joiners between letters of a joining script, and soft hyphens between letters, bill the same', () => {
    const arabic = fc
      .array(fc.stringMatching(/^[\u0620-\u064A]{2,10}$/), { minLength: 1, maxLength: 60 })
      .map((ws) => ws.join(' '));
    const inside = (t: string, at: number, ch: string) => {
      const cps = [...t];
      // Only between two letters (never beside a space or at an end).
      const spots = cps.flatMap((c, i) => (i > 0 && c !== ' ' && cps[i - 1] !== ' ' ? [i] : []));
      if (!spots.length) return t;
      cps.splice(spots[at % spots.length]!, 0, ch);
      return cps.join('');
    };
    fc.assert(
      fc.property(
        arabic,
        fc.array(fc.record({ at: fc.nat(), ch: fc.constantFrom(...SCRIPT_JOINERS) }), { maxLength: 30 }),
        (t, inserts) => countWords(inserts.reduce((x, { at, ch }) => inside(x, at, ch), t)) === countWords(t),
      ),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        text,
        fc.array(fc.nat(), { maxLength: 30 }),
        (t, ats) => countWords(ats.reduce((x, at) => inside(x, at, '\u00AD'), t)) === countWords(t),
      ),
      { numRuns: 300 },
    );
  });

  it('a joiner in place of a space between Latin words bills like the space: gluing never lowers the bill', () => {
    const latin = fc
      .array(fc.stringMatching(/^[A-Za-z]{1,12}$/), { minLength: 1, maxLength: 80 })
      .map((ws) => ws.join(' '));
    fc.assert(
      fc.property(
        latin,
        fc.constantFrom(...INSIDE.filter((c) => c !== '\u00AD')),
        (t, joiner) => countWords(t.split(' ').join(joiner)) === countWords(t),
      ),
      { numRuns: 400 },
    );
  });

  it('invisible separators added beside a space or at either end bill the same', () => {
    fc.assert(
      fc.property(
        text,
        fc.array(fc.record({ gap: fc.nat(), ch: fc.constantFrom(...SEPARATORS) }), { maxLength: 40 }),
        (t, inserts) => {
          const parts = t.split(' ');
          for (const { gap, ch } of inserts) {
            const k = gap % (parts.length + 1);
            if (k === parts.length) parts[parts.length - 1] += ` ${ch}`;
            else parts[k] = `${ch}${parts[k]}`;
          }
          return countWords(parts.join(' ')) === countWords(t);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('an invisible separator in place of a space bills like the space: gluing words never lowers the bill', () => {
    fc.assert(
      fc.property(
        text,
        fc.constantFrom(...SEPARATORS),
        (t, sep) => countWords(t.split(' ').join(sep)) === countWords(t),
      ),
      { numRuns: 400 },
    );
  });

  it('any invisible character added anywhere never lowers the bill, and words glued by joiners meet the length bound', () => {
    fc.assert(
      fc.property(
        text,
        fc.array(fc.record({ at: fc.nat(), ch: fc.constantFrom(...INSIDE, ...SEPARATORS) }), { maxLength: 40 }),
        (t, inserts) => countWords(insertAt(t, inserts)) >= countWords(t),
      ),
      { numRuns: 400 },
    );
    fc.assert(
      fc.property(text, fc.constantFrom(...INSIDE), (t, joiner) => {
        const glued = t.split(' ').join(joiner);
        return countWords(glued) >= Math.ceil([...t.replace(/ /g, '')].length / MAX_CHARS_PER_WORD);
      }),
      { numRuns: 200 },
    );
  });

  it('an emoji sequence adds at most one word', () => {
    const emoji = fc.constantFrom(
      '\u{1F600}',
      '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}',
      '\u2764\uFE0F',
      '\u{1F44D}\u{1F3FD}',
      '\u{1F1E9}\u{1F1EA}',
    );
    fc.assert(
      fc.property(text, fc.array(emoji, { minLength: 1, maxLength: 60 }), (t, es) => {
        const n = countWords(`${t} ${es.join('')}`);
        return n >= countWords(t) && n <= countWords(t) + 1;
      }),
      { numRuns: 300 },
    );
  });

  it('reads the issue’s examples fairly', () => {
    const compound = 'Donau\u00ADdampf\u00ADschiff\u00ADfahrt';
    expect(countWords(Array.from({ length: 60 }, () => compound).join(' '))).toBe(
      countWords(Array.from({ length: 60 }, () => 'Donaudampfschifffahrt').join(' ')),
    );
    expect(countWords('\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}')).toBe(1);
  });
});
