import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LimitsInfo, SubscriptionData } from '@plainspoken/shared';
import { jsonResponse, subscriptionFromLimits } from '@/test/render';
import {
  announceSubscriptionChange,
  limitsQueryOptions,
  limitsStaleTime,
  subscriptionKeys,
  subscriptionQueryOptions,
  toLimits,
} from './subscription';
import { POLL, type PollSchedule, settledCount, subscriptionPollOptions } from './subscription-poll';

const FREE: LimitsInfo = {
  subscriptionTier: 'FREE',
  currentBalance: 250,
  requestLimit: 250,
  canProcess: true,
  exceedsRequestLimit: false,
};
const PRO: LimitsInfo = {
  subscriptionTier: 'Pro',
  currentBalance: 15000,
  requestLimit: 1500,
  canProcess: true,
  exceedsRequestLimit: false,
};

let balance = 250;
let tier = 'FREE';
const fetchMock = vi.fn(async () =>
  jsonResponse({ subscription_tier: tier, currentBalance: balance, monthlyLimit: 250 }),
);

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

/** The limits as a mounted card sees them: the subscription query through its `select`. */
function observeLimits(qc: QueryClient) {
  const obs = new QueryObserver(qc, limitsQueryOptions('u1'));
  const stop = obs.subscribe(() => undefined);
  return { current: () => obs.getCurrentResult().data, stop };
}

/**
 * Starts polling on a schedule from now, as useSubscriptionPoll does; by default until the tier or the
 * balance differs from when polling began. Returns the stop function.
 */
function poll(qc: QueryClient, schedule: PollSchedule, stopWhen?: (s: SubscriptionData) => boolean) {
  const key = subscriptionKeys.user('u1');
  const state = qc.getQueryState<SubscriptionData>(key);
  const start = state?.data ? toLimits(state.data) : undefined;
  const until =
    stopWhen ??
    ((s: SubscriptionData) =>
      !start || s.subscription_tier !== start.subscriptionTier || s.currentBalance !== start.currentBalance);
  const obs = new QueryObserver(qc, subscriptionPollOptions('u1', schedule, { baseline: settledCount(state), until }));
  return obs.subscribe(() => undefined);
}

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
    const limits = observeLimits(qc);
    await vi.waitFor(() => expect(limits.current()).toBeDefined());
    expect(limits.current()).toEqual({
      subscriptionTier: 'Pro',
      currentBalance: 900,
      requestLimit: 1500,
      canProcess: true,
      exceedsRequestLimit: false,
    });
    limits.stop();
  });

  it('is one cache: the account view and the limits view read the same request', async () => {
    const qc = new QueryClient();
    await qc.fetchQuery(subscriptionQueryOptions('u1'));
    const limits = observeLimits(qc);
    expect(limits.current()?.currentBalance).toBe(250);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    limits.stop();
  });

  it('invalidates on subscriptionUpdated and refreshes after 100 ms', async () => {
    const qc = new QueryClient();
    await qc.fetchQuery(limitsQueryOptions('u1'));
    // An active observer, as the mounted card would be, so the refresh has someone to serve.
    const obs = new QueryObserver(qc, { ...limitsQueryOptions('u1'), staleTime: Infinity });
    const stop = obs.subscribe(() => undefined);
    fetchMock.mockClear();
    announceSubscriptionChange(qc);
    expect(qc.getQueryState(subscriptionKeys.user('u1'))?.isInvalidated).toBe(true);
    await vi.advanceTimersByTimeAsync(99);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    stop();
  });

  it('polls after 1 s, then every 3 s, at most 8 times', async () => {
    const qc = new QueryClient();
    qc.setQueryData(subscriptionKeys.user('u1'), subscriptionFromLimits(FREE));
    poll(qc, POLL.limits);
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
    qc.setQueryData(subscriptionKeys.user('u1'), subscriptionFromLimits(FREE));
    poll(qc, POLL.limits);
    await vi.advanceTimersByTimeAsync(1000);
    tier = 'Pro';
    balance = 15000;
    await vi.advanceTimersByTimeAsync(3000);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const data = qc.getQueryData<SubscriptionData>(subscriptionKeys.user('u1'));
    expect(data && toLimits(data).subscriptionTier).toBe('Pro');
  });

  it('polls after checkout at once, then every 1.5 s, at most 13 times', async () => {
    const qc = new QueryClient();
    poll(qc, POLL.afterCheckout, (s) => s.subscription_tier === 'Pro');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1499);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(13);
  });
});
