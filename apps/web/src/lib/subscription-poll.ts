/**
 * Polling the subscription after a change (a checkout's return, changed limits): the subscription query of
 * subscription.ts with a `refetchInterval`. Apart from it so the pages that only read the plan (home, the
 * AI check) do not load it.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TIMINGS, type SubscriptionData } from '@plainspoken/shared';
import { subscriptionKeys, subscriptionQueryOptions } from './subscription';

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
