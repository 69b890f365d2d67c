import { describe, expect, it } from 'vitest';
import { remainingUntil } from './countdown';

describe('remainingUntil', () => {
  it('splits into days, hours, minutes and seconds', () => {
    const ms = ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999;
    expect(remainingUntil(ms, 0)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, totalMs: ms });
  });
  it('is zero, never negative, once the end has passed', () => {
    expect(remainingUntil(1000, 5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, totalMs: 0 });
  });
});
