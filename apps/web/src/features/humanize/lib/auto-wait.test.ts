import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@plainspoken/shared';
import { ApiError } from '@/lib/api';
import { continuingIn, shortWait, withAutoWait } from './auto-wait';

const limited = (retryAfter: number) => new ApiError({ status: 429, code: 'RATE_LIMITED', message: '', retryAfter });

describe('waits', () => {
  afterEach(() => vi.useRealTimers());

  it('says second or seconds', () => {
    expect(MSG.pleaseWait(1)).toBe('Please wait 1 second before humanizing another text');
    expect(MSG.pleaseWait(2)).toBe('Please wait 2 seconds before humanizing another text');
    expect(continuingIn(1)).toBe('Continuing by itself in 1 second…');
    expect(continuingIn(2)).toBe('Continuing by itself in 2 seconds…');
  });

  it('waits out one or two seconds only', () => {
    expect(shortWait(limited(1))).toBe(1);
    expect(shortWait(limited(2))).toBe(2);
    expect(shortWait(limited(3))).toBeNull();
    expect(shortWait(new ApiError({ status: 500, code: 'INTERNAL', message: '' }))).toBeNull();
  });

  it('retries once after the countdown, and passes a longer wait on', async () => {
    vi.useFakeTimers();
    const call = vi.fn().mockRejectedValueOnce(limited(2)).mockResolvedValueOnce('done');
    const ticks: number[] = [];
    const p = withAutoWait(call, (s) => ticks.push(s));
    await vi.advanceTimersByTimeAsync(2_500);
    await expect(p).resolves.toBe('done');
    expect(call).toHaveBeenCalledTimes(2);
    expect(ticks).toEqual([2, 1, 0]);

    const long = vi.fn().mockRejectedValue(limited(4));
    await expect(withAutoWait(long)).rejects.toBeInstanceOf(ApiError);
    expect(long).toHaveBeenCalledTimes(1);
  });
});
