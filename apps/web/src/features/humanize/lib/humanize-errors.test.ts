import { describe, expect, it } from 'vitest';
import { MSG } from '@plainspoken/shared';
import { ApiError } from '@/lib/api';
import { flowContext, humanizeErrorToast, refusedLimits, type FlowContext } from './humanize-errors';

const ctx: FlowContext = { wordCount: 120, cap: 250, tier: 'FREE', balance: 80 };
const err = (code: ApiError['code'], message = '', retryAfter?: number) =>
  new ApiError({ status: 400, code, message, retryAfter });

describe('humanize error toasts', () => {
  it('maps RATE_LIMITED to Please Wait with the seconds', () => {
    expect(humanizeErrorToast(err('RATE_LIMITED', 'slow down', 3), ctx)).toEqual({
      title: 'Please Wait',
      description: 'Please wait 3 seconds before humanizing another text',
    });
  });
  it('maps INSUFFICIENT_BALANCE to the need/have sentence', () => {
    expect(humanizeErrorToast(err('INSUFFICIENT_BALANCE'), ctx)).toEqual({
      title: 'Insufficient Balance',
      description: 'You need 120 words but only have 80 remaining this month',
    });
  });
  it('maps WORD_LIMIT_EXCEEDED to the plan cap, naming the plan', () => {
    expect(humanizeErrorToast(err('WORD_LIMIT_EXCEEDED'), ctx)).toEqual({
      title: 'Word Limit Exceeded',
      description: 'Maximum 250 words per request for Free plan',
    });
    expect(humanizeErrorToast(err('WORD_LIMIT_EXCEEDED'), { ...ctx, cap: 3000, tier: 'Ultra' }).description).toBe(
      'Maximum 3,000 words per request for Ultra plan',
    );
  });
  it('maps MIN_WORDS to the minimum words toast', () => {
    expect(humanizeErrorToast(err('MIN_WORDS'), ctx)).toEqual({
      title: MSG.minWordsTitle,
      description: MSG.minWordsText,
    });
  });
  it('uses the message of other errors, or the generic sentence', () => {
    expect(humanizeErrorToast(err('ENGINE_FAILED', 'The engine is busy'), ctx).description).toBe('The engine is busy');
    expect(humanizeErrorToast(err('INTERNAL'), ctx).description).toBe('Failed to humanize text');
    expect(humanizeErrorToast(new Error(''), ctx).description).toBe('Failed to humanize text');
  });
});

describe('a refused rewrite’s limits', () => {
  const limits = {
    subscriptionTier: 'Basic' as const,
    currentBalance: 40,
    requestLimit: 500,
    exceedsRequestLimit: false,
    canProcess: false,
  };
  const refusal = (code: 'INSUFFICIENT_BALANCE' | 'INTERNAL', details: unknown) =>
    new ApiError({ status: 402, code, message: 'x', details });
  it('reads the limits a 402 or 400 carries, and words the toast with them', () => {
    expect(refusedLimits(refusal('INSUFFICIENT_BALANCE', { needed: 60, balance: 40, limits }))).toEqual(limits);
    const ctx2 = flowContext(60, limits);
    expect(ctx2).toEqual({ wordCount: 60, cap: 500, tier: 'Basic', balance: 40 });
    expect(humanizeErrorToast(refusal('INSUFFICIENT_BALANCE', { limits }), ctx2).description).toBe(
      MSG.insufficient(60, 40),
    );
  });
  it('finds none in other failures or malformed details', () => {
    expect(refusedLimits(refusal('INTERNAL', { limits }))).toBeNull();
    expect(refusedLimits(refusal('INSUFFICIENT_BALANCE', { limits: { currentBalance: '40' } }))).toBeNull();
    expect(refusedLimits(refusal('INSUFFICIENT_BALANCE', undefined))).toBeNull();
    expect(refusedLimits(new TypeError('x'))).toBeNull();
  });
});
