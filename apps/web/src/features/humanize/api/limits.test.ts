import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LimitsInfo } from '@plainspoken/shared';
import { jsonResponse } from '@/test/render';
import { deductLocally, fetchLimits, limitsKeys, limitsQueryOptions, limitsStaleTime, onSubscriptionUpdated, pollLimits } from './limits';

const FREE: LimitsInfo = { subscriptionTier: 'FREE', currentBalance: 250, requestLimit: 250, canProcess: true, exceedsRequestLimit: false };
const PRO: LimitsInfo = { subscriptionTier: 'Pro', currentBalance: 15000, requestLimit: 1500, canProcess: true, exceedsRequestLimit: false };

let balance = 250;
let tier = 'FREE';
const fetchMock = vi.fn(async () => jsonResponse({ subscription_tier: tier, currentBalance: balance, monthlyLimit: 250 }));

beforeEach(() => {
  vi.useFakeTimers();
  balance = 250;
  tier = 'FREE';
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('limits cache', () => {
  it('keeps Free entries 5 minutes and paid entries 2 minutes', () => {
    expect(limitsStaleTime(FREE)).toBe(5 * 60_000);
    expect(limitsStaleTime(PRO)).toBe(2 * 60_000);
    expect(limitsStaleTime(undefined)).toBe(0);
  });

  it('skips a fetch for a Free user while the entry is fresh and refetches once stale', async () => {
    const qc = new QueryClient();
    await qc.fetchQuery(limitsQueryOptions('u1'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(4 * 60_000);
    await qc.fetchQuery(limitsQueryOptions('u1'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(61_000);
    await qc.fetchQuery(limitsQueryOptions('u1'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('maps the subscription to limits with the tier cap', async () => {
    tier = 'Pro';
    balance = 900;
    const qc = new QueryClient();
    await expect(qc.fetchQuery(limitsQueryOptions('u1'))).resolves.toEqual({
      subscriptionTier: 'Pro',
      currentBalance: 900,
      requestLimit: 1500,
      canProcess: true,
      exceedsRequestLimit: false,
    });
  });

  it('deducts words locally, never below 0', () => {
    const qc = new QueryClient();
    deductLocally(qc, 'u1', FREE, 100);
    expect(qc.getQueryData<LimitsInfo>(limitsKeys.user('u1'))?.currentBalance).toBe(150);
    deductLocally(qc, 'u1', { ...FREE, currentBalance: 30 }, 100);
    expect(qc.getQueryData<LimitsInfo>(limitsKeys.user('u1'))?.currentBalance).toBe(0);
  });

  it('invalidates on subscriptionUpdated and refreshes after 100 ms', async () => {
    const qc = new QueryClient();
    await qc.fetchQuery(limitsQueryOptions('u1'));
    // An active observer, as the mounted card would be, so the refresh has someone to serve.
    const obs = new QueryObserver(qc, { queryKey: limitsKeys.user('u1'), queryFn: fetchLimits, staleTime: Infinity });
    const stop = obs.subscribe(() => undefined);
    fetchMock.mockClear();
    onSubscriptionUpdated(qc);
    expect(qc.getQueryState(limitsKeys.user('u1'))?.isInvalidated).toBe(true);
    await vi.advanceTimersByTimeAsync(99);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    stop();
  });

  it('polls after 1 s, then every 3 s, at most 8 times', async () => {
    const qc = new QueryClient();
    qc.setQueryData(limitsKeys.user('u1'), FREE);
    pollLimits(qc, 'u1');
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(8);
  });

  it('stops polling once the limits change', async () => {
    const qc = new QueryClient();
    qc.setQueryData(limitsKeys.user('u1'), FREE);
    const onUpdate = vi.fn();
    pollLimits(qc, 'u1', { onUpdate });
    await vi.advanceTimersByTimeAsync(1000);
    tier = 'Pro';
    balance = 15000;
    await vi.advanceTimersByTimeAsync(3000);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(qc.getQueryData<LimitsInfo>(limitsKeys.user('u1'))?.subscriptionTier).toBe('Pro');
  });
});
