import { describe, expect, it } from 'vitest';
import { phraseDiff, type DiffPart } from './phrase-diff';

const text = (parts: DiffPart[], keep: DiffPart['kind']) =>
  parts
    .filter((p) => p.kind === 'same' || p.kind === keep)
    .map((p) => p.value)
    .join('');

describe('phraseDiff', () => {
  it('shows a run of changed words as one removed phrase, then one added phrase', () => {
    const before = 'We will leverage cutting-edge solutions to drive growth today.';
    const after = 'We will use simple tools to grow today.';
    const parts = phraseDiff(before, after);
    expect(parts.filter((p) => p.kind === 'removed').map((p) => p.value)).toEqual([
      'leverage cutting-edge solutions to drive growth',
    ]);
    expect(parts.filter((p) => p.kind === 'added').map((p) => p.value)).toEqual(['use simple tools to grow']);
    // Never a removed word right after an added one inside the same phrase.
    const kinds = parts.map((p) => p.kind).join(' ');
    expect(kinds).toBe('same removed added same');
  });

  it('keeps both texts exactly: kept + added is the result, kept + removed is the original', () => {
    const before = 'First line has words.\n\nIt is important to note that the plan works.\nDone here';
    const after = 'First line holds words.\n\nThe plan works.\nAll done here';
    const parts = phraseDiff(before, after);
    expect(text(parts, 'added')).toBe(after);
    expect(text(parts, 'removed')).toBe(before);
  });

  it('does not join phrases across a line break', () => {
    const parts = phraseDiff('alpha beta\ngamma delta', 'one two\nthree four');
    expect(parts).toEqual([
      { value: 'alpha beta', kind: 'removed' },
      { value: 'one two', kind: 'added' },
      { value: '\n', kind: 'same' },
      { value: 'gamma delta', kind: 'removed' },
      { value: 'three four', kind: 'added' },
    ]);
  });

  it('shows a pure insertion or deletion as it is, without an empty counterpart', () => {
    expect(phraseDiff('a fine day', 'a very fine day')).toEqual([
      { value: 'a ', kind: 'same' },
      { value: 'very ', kind: 'added' },
      { value: 'fine day', kind: 'same' },
    ]);
    const del = phraseDiff('so it is really very good', 'so it is good');
    expect(del.some((p) => p.kind === 'added')).toBe(false);
    expect(text(del, 'removed')).toBe('so it is really very good');
  });

  it('on any edit, keeps both texts and never puts an added part straight before a removed one', () => {
    const vocab = ['the', 'plan', 'works', 'well', 'today', 'we', 'use', 'tools', 'robust', 'a', '\n', '\n\n'];
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const make = () =>
      Array.from({ length: 3 + rnd(25) }, () => vocab[rnd(vocab.length)]!)
        .join(' ')
        .replace(/ ?\n ?/g, '\n');
    for (let k = 0; k < 300; k++) {
      const before = make();
      const after = rnd(3) === 0 ? before : make();
      const parts = phraseDiff(before, after);
      expect(text(parts, 'added')).toBe(after);
      expect(text(parts, 'removed')).toBe(before);
      parts.forEach((p, n) => {
        expect(p.value).not.toBe('');
        if (p.kind === 'added') expect(parts[n + 1]?.kind).not.toBe('removed');
      });
    }
  });
});
