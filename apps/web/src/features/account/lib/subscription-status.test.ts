import { describe, expect, it } from 'vitest';
import type { SubscriptionData } from '@plainspoken/shared';
import { formatDate, planTitle, subscriptionStatus, wordsUsed } from './subscription-status';

const base: SubscriptionData = {
  subscription_tier: 'Pro',
  subscribed: true,
  monthly_word_balance: 14000,
  subscription_end: '2026-12-22T10:00:00.000Z',
  subscription_cancelled_at: null,
  cancellation_end_date: null,
  monthlyLimit: 15000,
  currentBalance: 14000,
  isActive: true,
};

describe('subscription status', () => {
  it('titles the plan', () => {
    expect(planTitle(base)).toBe('Pro Plan');
    expect(planTitle({ ...base, subscription_tier: 'FREE' })).toBe('Free Plan');
  });

  it('warns while a cancelled plan still runs, with the end date', () => {
    const s = subscriptionStatus({
      ...base,
      subscription_cancelled_at: '2026-11-22T10:00:00.000Z',
      cancellation_end_date: '2026-12-22T10:00:00.000Z',
    });
    expect(s.text).toBe('⚠️ Subscription cancelled');
    expect(s.detail).toBe(`You will lose access to your Pro plan on ${formatDate('2026-12-22T10:00:00.000Z')}`);
    expect(
      subscriptionStatus({ ...base, subscription_cancelled_at: '2026-11-22T10:00:00.000Z' }).detail,
    ).toBeUndefined();
  });

  it('reads active, free and ended', () => {
    expect(subscriptionStatus(base).text).toBe('Active subscription');
    const free = { ...base, subscription_tier: 'FREE' as const, isActive: false, subscribed: false };
    expect(subscriptionStatus(free).text).toBe('Free plan active');
    // After the end date the account is FREE again, so the old cancellation no longer warns.
    expect(subscriptionStatus({ ...free, subscription_cancelled_at: '2026-01-01T00:00:00.000Z' }).text).toBe(
      'Free plan active',
    );
    expect(subscriptionStatus({ ...base, isActive: false, subscribed: false }).text).toBe('Subscription ended');
  });

  it('counts words used as limit minus balance, never below 0', () => {
    expect(wordsUsed(base)).toBe(1000);
    expect(wordsUsed({ ...base, currentBalance: 20000 })).toBe(0);
  });
});
