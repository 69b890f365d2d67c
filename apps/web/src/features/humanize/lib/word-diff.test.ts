import { describe, expect, it } from 'vitest';
import { changedShare, diffWords } from './word-diff';

describe('diffWords', () => {
  it('marks unchanged text as same', () => {
    expect(diffWords('a b c', 'a b c')).toEqual([{ type: 'same', text: 'a b c' }]);
  });
  it('finds replaced words in the middle', () => {
    expect(diffWords('we utilize the tool daily', 'we use the tool daily')).toEqual([
      { type: 'same', text: 'we' },
      { type: 'removed', text: 'utilize' },
      { type: 'added', text: 'use' },
      { type: 'same', text: 'the tool daily' },
    ]);
  });
  it('handles insertions and deletions at the edges', () => {
    expect(diffWords('b c', 'a b c d')).toEqual([
      { type: 'added', text: 'a' },
      { type: 'same', text: 'b c' },
      { type: 'added', text: 'd' },
    ]);
    expect(diffWords('a b', '')).toEqual([{ type: 'removed', text: 'a b' }]);
  });
  it('reports the share of new words', () => {
    expect(changedShare(diffWords('a b c d', 'a x c d'))).toBeCloseTo(0.25);
  });
});
