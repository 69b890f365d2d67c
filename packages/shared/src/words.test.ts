import { describe, expect, it } from 'vitest';
import { countWords } from './words';
import { TIER_LIMITS, periodPrice, limitsFor } from './plans';

describe('countWords', () => {
  it('splits on any whitespace and ignores the ends', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n\t ')).toBe(0);
    expect(countWords('one')).toBe(1);
    expect(countWords('  one two\nthree\t four  ')).toBe(4);
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
