import { describe, expect, it } from 'vitest';
import { COPY, formatCount, formatWords, loseAccessNotice } from './copy';
import { MSG } from './strings';

describe('copy', () => {
  it('writes counts of words with thousands separators', () => {
    expect(formatCount(297208)).toBe('297,208');
    expect(formatCount(1500)).toBe('1,500');
    expect(formatCount(250)).toBe('250');
    expect(formatWords(1)).toBe('1 word');
    expect(formatWords(15000)).toBe('15,000 words');
    expect(MSG.insufficient(1500, 297208)).toBe('You need 1,500 words but only have 297,208 remaining this month');
    expect(MSG.limitExceeded(3000, 'Ultra')).toBe('Maximum 3,000 words per request for Ultra plan');
  });

  it('names the plan a cancelled user loses, never a "premium" that does not exist', () => {
    expect(loseAccessNotice('Pro', 'December 22, 2026')).toBe(
      'You will lose access to your Pro plan on December 22, 2026',
    );
    expect(loseAccessNotice('Ultra', 'May 1, 2027')).not.toMatch(/premium/i);
  });

  it('uses one verb pair for signing in and out, and sells words', () => {
    const labels = Object.values(COPY).join(' | ');
    expect(labels).not.toMatch(/\blog ?(in|out)\b/i);
    expect(labels).not.toMatch(/credits/i);
    expect(COPY.signIn).toBe('Sign in');
    expect(COPY.signOut).toBe('Sign out');
  });
});
