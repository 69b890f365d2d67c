import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { LimitsInfo, SubscriptionData } from '@plainspoken/shared';
import { subscriptionKeys } from '@/lib/subscription';
import { subscriptionFromLimits } from '@/test/render';
import { deductLocally } from './limits';

const FREE: LimitsInfo = {
  subscriptionTier: 'FREE',
  currentBalance: 250,
  requestLimit: 250,
  canProcess: true,
  exceedsRequestLimit: false,
};

describe('limits cache', () => {
  it('deducts words locally, never below 0', () => {
    const qc = new QueryClient();
    qc.setQueryData(subscriptionKeys.user('u1'), subscriptionFromLimits(FREE));
    deductLocally(qc, 'u1', FREE, 100);
    expect(qc.getQueryData<SubscriptionData>(subscriptionKeys.user('u1'))?.currentBalance).toBe(150);
    deductLocally(qc, 'u1', { ...FREE, currentBalance: 30 }, 100);
    expect(qc.getQueryData<SubscriptionData>(subscriptionKeys.user('u1'))?.currentBalance).toBe(0);
  });
});
