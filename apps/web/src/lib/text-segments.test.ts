import { describe, expect, it } from 'vitest';
import { splitByRanges, type Range } from './text-segments';

/** A small seeded generator, so a failing case can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const SAMPLE =
  'Growth was 3.5% in Q2.\n\nPro costs $19.99 a month — see https://example.com/docs/v2.1 or mail jane.doe@example.com.\n- item one 🎉\n- item two (v2.1.0, Node.js)\n';

function randomRanges(rand: () => number, len: number): Range[] {
  const n = Math.floor(rand() * 8);
  const pick = () => {
    const r = rand();
    if (r < 0.05) return Number.NaN;
    if (r < 0.1) return -5 - Math.floor(rand() * 10);
    if (r < 0.15) return len + Math.floor(rand() * 10);
    if (r < 0.2) return rand() * len; // fractional
    return Math.floor(rand() * (len + 1));
  };
  return Array.from({ length: n }, () => ({ start: pick(), end: pick() }));
}

describe('splitByRanges', () => {
  it('lays well-formed sentences over the text and keeps what lies between them', () => {
    const text = 'One. Two.\n\nThree.';
    const segs = splitByRanges(text, [
      { start: 0, end: 4 },
      { start: 5, end: 9 },
      { start: 11, end: 17 },
    ]);
    expect(segs.map((s) => [s.text, s.range !== null])).toEqual([
      ['One.', true],
      [' ', false],
      ['Two.', true],
      ['\n\n', false],
      ['Three.', true],
    ]);
  });

  it('never drops or duplicates a character, whatever the offsets (property, 2000 random cases)', () => {
    const rand = rng(42);
    const texts = [SAMPLE, '', 'x', 'a 🎉 b', SAMPLE.repeat(3)];
    for (let i = 0; i < 2000; i++) {
      const text = texts[i % texts.length] as string;
      const segs = splitByRanges(text, randomRanges(rand, text.length));
      expect(segs.map((s) => s.text).join('')).toBe(text);
      // Segments tile the text in order with no gaps or overlaps, and none is empty.
      let at = 0;
      for (const s of segs) {
        expect(s.start).toBe(at);
        expect(s.end).toBeGreaterThan(s.start);
        expect(text.slice(s.start, s.end)).toBe(s.text);
        at = s.end;
      }
      expect(at).toBe(text.length);
    }
  });

  it('keeps the earlier of two overlapping sentences whole and clamps out-of-range ones', () => {
    const text = 'abcdefghij';
    const a = { start: 2, end: 6 };
    const b = { start: 4, end: 20 };
    const segs = splitByRanges(text, [b, a, { start: -3, end: 1 }, { start: 8, end: 3 }]);
    expect(segs.map((s) => s.text)).toEqual(['a', 'b', 'cdef', 'ghij']);
    expect(segs[2]?.range).toBe(a);
    expect(segs[3]?.range).toBe(b);
  });

  it('does not cut an emoji in half', () => {
    const text = 'hi 🎉 there';
    const inside = text.indexOf('🎉') + 1;
    const segs = splitByRanges(text, [{ start: 0, end: inside }]);
    expect(segs[0]?.text).toBe('hi 🎉');
    expect(segs.map((s) => s.text).join('')).toBe(text);
  });
});
