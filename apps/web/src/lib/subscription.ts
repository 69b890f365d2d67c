/**
 * The one cache of `GET /api/subscription` (spec section 4). Every page reads the signed-in user's
 * plan through this query: the account cards read it whole, the word limits of the home card and the
 * AI check are derived from it with `select`. A plan change reaches all of them through the query
 * client (`announceSubscriptionChange`), and polling after a change is this query's `refetchInterval`.
 *
 * The balance check (`POST /api/functions/check-balance`) is a separate, rate-limited endpoint kept
 * for the moment a rewrite is about to run; its answer is written back into this cache.
 */
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { limitsFor, TIMINGS, type LimitsInfo, type SubscriptionData } from '@plainspoken/shared';
import { call, server } from '@/lib/api';
import { keyRoots } from '@/lib/query-keys';

export const subscriptionKeys = {
  all: [keyRoots.subscription] as const,
  user: (userId: string) => [keyRoots.subscription, userId] as const,
};

export function fetchSubscription(signal?: AbortSignal): Promise<SubscriptionData> {
  return call(server.api.subscription.$get(undefined, { init: signal ? { signal } : {} }));
}

/** The subscription as the account page reads it: fresh for 2 minutes. */
export const subscriptionQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.user(userId),
    queryFn: ({ signal }) => fetchSubscription(signal),
    staleTime: TIMINGS.subscriptionCacheMs,
  });

/** `staleTime: 0` re-reads on every mount (the diagnostics page shows the server's answer as of now). */
export function useSubscription(userId: string | null, opts: { staleTime?: number } = {}) {
  return useQuery({
    ...subscriptionQueryOptions(userId ?? 'anonymous'),
    ...(opts.staleTime !== undefined ? { staleTime: opts.staleTime } : {}),
    enabled: Boolean(userId),
  });
}

// ---- Limits: tier, balance and per-request cap, derived from the same data ----

export function toLimits(s: SubscriptionData): LimitsInfo {
  return {
    subscriptionTier: s.subscription_tier,
    currentBalance: s.currentBalance,
    requestLimit: limitsFor(s.subscription_tier).requestCap,
    canProcess: s.currentBalance > 0,
    exceedsRequestLimit: false,
  };
}

/** Free limits stay fresh 5 minutes and paid ones 2 minutes; nothing cached is stale at once. */
export function limitsStaleTime(data: Pick<LimitsInfo, 'subscriptionTier'> | undefined): number {
  if (!data) return 0;
  return data.subscriptionTier === 'FREE' ? TIMINGS.limitsCacheFreeMs : TIMINGS.limitsCachePaidMs;
}

/** The limits view of the subscription query, shared by every page that shows a word limit. */
export const limitsQueryOptions = (userId: string) =>
  queryOptions({
    ...subscriptionQueryOptions(userId),
    select: toLimits,
    staleTime: (query) => limitsStaleTime(query.state.data && toLimits(query.state.data)),
    // Errors are only logged (spec section 8): the cached numbers stay on screen.
    retry: 1,
  });

export function useLimits(userId: string | null) {
  return useQuery({ ...limitsQueryOptions(userId ?? 'anonymous'), enabled: Boolean(userId) });
}

/** Writes a balance check's answer (tier and balance) into the cached subscription. */
export function applyLimits(
  qc: QueryClient,
  userId: string,
  limits: Pick<LimitsInfo, 'subscriptionTier' | 'currentBalance'>,
): void {
  const old = qc.getQueryData<SubscriptionData>(subscriptionKeys.user(userId));
  if (!old) return;
  qc.setQueryData<SubscriptionData>(subscriptionKeys.user(userId), {
    ...old,
    subscription_tier: limits.subscriptionTier,
    currentBalance: Math.max(0, limits.currentBalance),
  });
  // A different tier means more than the balance changed (monthly limit, dates): mark it for a full
  // re-read on the next mount or focus, without refetching now over the numbers just written.
  if (old.subscription_tier !== limits.subscriptionTier) {
    void qc.invalidateQueries({ queryKey: subscriptionKeys.user(userId), refetchType: 'none' });
  }
}

/** Sets the cached balance, never below 0 (e.g. the balance a finished rewrite reports). */
export function setCachedBalance(qc: QueryClient, userId: string, balance: number): void {
  qc.setQueryData<SubscriptionData>(subscriptionKeys.user(userId), (old) =>
    old ? { ...old, currentBalance: Math.max(0, balance) } : old,
  );
}

// ---- Change and refresh ----

/**
 * Tells every reader the plan changed (spec: the subscriptionUpdated event): the cache is marked stale
 * at once and the queries on screen refresh after 100 ms. Returns a cancel function for the refresh.
 */
export function announceSubscriptionChange(qc: QueryClient): () => void {
  void qc.invalidateQueries({ queryKey: subscriptionKeys.all, refetchType: 'none' });
  const id = setTimeout(() => {
    void qc.refetchQueries({ queryKey: subscriptionKeys.all, type: 'active' });
  }, TIMINGS.cacheClearRefreshDelayMs);
  return () => clearTimeout(id);
}

// ---- Polling ----

export interface PollSchedule {
  /** Delay before the first attempt; 0 asks at once. */
  firstMs: number;
  intervalMs: number;
  attempts: number;
}

export const POLL = {
  /** After checkout: at once, then every 1.5 s, 13 attempts. */
  afterCheckout: {
    firstMs: 0,
    intervalMs: TIMINGS.subscriptionPollIntervalMs,
    attempts: TIMINGS.subscriptionPollAttempts,
  },
  /** For changed limits: wait 1 s, then up to 8 attempts 3 s apart. */
  limits: {
    firstMs: TIMINGS.limitsPollStartMs,
    intervalMs: TIMINGS.limitsPollIntervalMs,
    attempts: TIMINGS.limitsPollAttempts,
  },
} as const satisfies Record<string, PollSchedule>;

/** Answers (and failures) the query has had so far; attempts are counted from this at the start. */
export function settledCount(state: { dataUpdateCount: number; errorUpdateCount: number } | undefined): number {
  return state ? state.dataUpdateCount + state.errorUpdateCount : 0;
}

export interface PollTarget {
  /** settledCount() of the query when polling began. */
  baseline: number;
  /** Polling stops once an answer fetched since the start satisfies this. */
  until: (s: SubscriptionData) => boolean;
}

/**
 * The subscription query polled on a schedule with `refetchInterval`: the first attempt after
 * `firstMs` (at once when 0), then one every `intervalMs`, until `until` holds or the attempts are used.
 * A failed attempt counts; the next one may succeed. Polling goes on in a background tab.
 */
export const subscriptionPollOptions = (userId: string, schedule: PollSchedule, target: PollTarget) =>
  queryOptions({
    ...subscriptionQueryOptions(userId),
    // 0: mounting (or enabling) the observer is the first attempt. Otherwise the timer makes it.
    staleTime: schedule.firstMs === 0 ? 0 : Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchIntervalInBackground: true,
    refetchInterval: (query) => {
      const made = settledCount(query.state) - target.baseline;
      if (made >= schedule.attempts) return false;
      if (made > 0 && query.state.data && target.until(query.state.data)) return false;
      return made === 0 && schedule.firstMs > 0 ? schedule.firstMs : schedule.intervalMs;
    },
  });

export type PollStatus = 'idle' | 'polling' | 'done' | 'gave-up';

/** Whether a poll begun at `baseline` is still running, found what it waited for, or used its attempts. */
export function pollStatus(
  state: { dataUpdateCount: number; errorUpdateCount: number; data?: SubscriptionData | undefined } | undefined,
  schedule: PollSchedule,
  target: PollTarget,
): Exclude<PollStatus, 'idle'> {
  const made = settledCount(state) - target.baseline;
  if (made > 0 && state?.data && target.until(state.data)) return 'done';
  return made >= schedule.attempts ? 'gave-up' : 'polling';
}

/**
 * Polls the subscription while `active` (see subscriptionPollOptions). The status says when to stop
 * waiting; becoming inactive and active again starts a new round of attempts.
 */
export function useSubscriptionPoll(
  userId: string | null,
  schedule: PollSchedule,
  opts: { active: boolean; until: (s: SubscriptionData) => boolean },
): { status: PollStatus; data: SubscriptionData | undefined } {
  const qc = useQueryClient();
  const key = subscriptionKeys.user(userId ?? 'anonymous');
  const on = opts.active && Boolean(userId);
  // Where the attempts are counted from: taken while rendering the first active pass, so the observer
  // is never enabled without it.
  const [start, setStart] = useState<{ userId: string; baseline: number } | null>(null);
  if (on && userId && start?.userId !== userId) setStart({ userId, baseline: settledCount(qc.getQueryState(key)) });
  if (!on && start) setStart(null);
  const target: PollTarget = { baseline: start?.baseline ?? 0, until: opts.until };
  const q = useQuery({
    ...subscriptionPollOptions(userId ?? 'anonymous', schedule, target),
    enabled: on && start !== null && start.userId === userId,
    // Render again after every attempt, failed or not: the status below is read from the query's counts.
    notifyOnChangeProps: 'all',
  });
  if (!on || !start) return { status: 'idle', data: q.data };
  return { status: pollStatus(qc.getQueryState<SubscriptionData>(key), schedule, target), data: q.data };
}
