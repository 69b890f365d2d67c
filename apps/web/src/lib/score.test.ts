import { describe, expect, it } from 'vitest';
import { displayScore, scoreTone, sentenceLevel } from './score';

describe('scores', () => {
  it('shows a score as it is, clamped, and never guesses fractions', () => {
    expect(displayScore(1)).toBe(1);
    expect(displayScore(0)).toBe(0);
    expect(displayScore(73)).toBe(73);
    expect(displayScore(140)).toBe(100);
    expect(displayScore(-2)).toBe(0);
  });
  it('treats null as "not scored", never as 0', () => {
    expect(displayScore(null)).toBeNull();
    expect(displayScore(undefined)).toBeNull();
    expect(displayScore(Number.NaN)).toBeNull();
  });
  it('colours and highlights from the flag threshold', () => {
    expect(scoreTone(50)).toBe('high');
    expect(scoreTone(49)).toBe('mid');
    expect(scoreTone(29)).toBe('low');
    expect(sentenceLevel({ score: 20, flagged: true })).toBe('high');
    expect(sentenceLevel({ score: 35, flagged: false })).toBe('mid');
    expect(sentenceLevel({ score: 10, flagged: false })).toBe('none');
  });
});
