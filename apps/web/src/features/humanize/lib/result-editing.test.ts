import { describe, expect, it } from 'vitest';
import { occurrences } from '../components/keep-phrases';
import { sentenceRanges } from '../components/sentence-rewriter';

describe('frozen phrases in the input', () => {
  it('counts whole-word occurrences ignoring case, as the rewrite matches them', () => {
    const text = 'The Pivotal Role of planning. A pivotal  role, again; pivotal roles are not it.';
    expect(occurrences(text, 'pivotal role')).toBe(2);
    expect(occurrences(text, 'role')).toBe(2);
    expect(occurrences(text, 'ole')).toBe(0);
    expect(occurrences(text, 'a.b (c)')).toBe(0);
    expect(occurrences(text, '   ')).toBe(0);
  });
});

describe('sentences of a result', () => {
  it('uses the detector’s sentences when the text was scored', () => {
    const scored = [{ start: 0, end: 5, score: 1, flagged: false, reasons: [] }];
    expect(sentenceRanges('Hello there.', scored)).toEqual([{ start: 0, end: 5 }]);
  });

  it('splits at sentence ends otherwise, every range being the sentence exactly', () => {
    const text = '# Title\n\nFirst one here. Second one!  Third?\n- an item';
    const ranges = sentenceRanges(text, []);
    expect(ranges.map((r) => text.slice(r.start, r.end))).toEqual([
      '# Title',
      'First one here.',
      'Second one!',
      'Third?',
      '- an item',
    ]);
  });
});
