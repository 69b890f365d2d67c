import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { checkoutFailedToast, noCheckoutUrlToast } from './checkout-errors';

describe('checkout toasts', () => {
  it('uses the spec strings with "Please try again"', () => {
    expect(
      checkoutFailedToast(new ApiError({ status: 502, code: 'CHECKOUT_FAILED', message: 'Failed to create checkout' })),
    ).toEqual({
      title: 'Failed to create checkout',
      description: 'Please try again',
    });
    expect(checkoutFailedToast(new Error('boom')).description).toBe('Please try again');
    expect(noCheckoutUrlToast).toEqual({ title: 'No checkout URL received', description: 'Please try again' });
  });

  it('keeps the server reason when a checkout is refused because a plan is active', () => {
    const err = new ApiError({ status: 409, code: 'CHECKOUT_FAILED', message: 'You already have the Pro plan.' });
    expect(checkoutFailedToast(err)).toEqual({
      title: 'Failed to create checkout',
      description: 'You already have the Pro plan.',
    });
  });
});
