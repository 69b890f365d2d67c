/**
 * The limits cache (spec section 4); the query itself lives in `@/lib/limits` so other pages share it.
 * A `subscriptionUpdated` window event
 * invalidates them and refreshes after 100 ms; pollLimits() follows a pending plan change.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TIMINGS, type LimitsInfo } from '@plainspoken/shared';
import { limitsKeys, limitsQueryOptions } from '@/lib/limits';

export { fetchLimits, limitsKeys, limitsQueryOptions, limitsStaleTime, useLimits } from '@/lib/limits';

/** After a successful balance check the words are taken off the cached balance, never below 0. */
export function deductLocally(qc: QueryClient, userId: string, limits: LimitsInfo, words: number): void {
  qc.setQueryData<LimitsInfo>(limitsKeys.user(userId), {
    ...limits,
    currentBalance: Math.max(0, limits.currentBalance - words),
  });
}

export function setBalance(qc: QueryClient, userId: string, balance: number): void {
  qc.setQueryData<LimitsInfo>(limitsKeys.user(userId), (old) =>
    old ? { ...old, currentBalance: Math.max(0, balance), canProcess: balance > 0 } : old,
  );
}

export const SUBSCRIPTION_UPDATED_EVENT = 'subscriptionUpdated';

export function onSubscriptionUpdated(qc: QueryClient): () => void {
  void qc.invalidateQueries({ queryKey: limitsKeys.all, refetchType: 'none' });
  const id = setTimeout(() => {
    void qc.refetchQueries({ queryKey: limitsKeys.all, type: 'active' });
  }, TIMINGS.cacheClearRefreshDelayMs);
  return () => clearTimeout(id);
}

/** Mount once: listens for the window event other parts of the app send after a plan change. */
export function useSubscriptionUpdatedListener(): void {
  const qc = useQueryClient();
  useEffect(() => {
    const cancels: Array<() => void> = [];
    const handler = () => cancels.push(onSubscriptionUpdated(qc));
    window.addEventListener(SUBSCRIPTION_UPDATED_EVENT, handler);
    return () => {
      window.removeEventListener(SUBSCRIPTION_UPDATED_EVENT, handler);
      cancels.forEach((c) => c());
    };
  }, [qc]);
}

export interface PollOptions {
  /** Stop early once this holds; by default, once tier or balance differs from when polling began. */
  until?: (limits: LimitsInfo) => boolean;
  onUpdate?: (limits: LimitsInfo) => void;
}

/**
 * Polls for changed limits, e.g. after checkout: waits 1 s, then up to 8 attempts 3 s apart.
 * Returns a cancel function.
 */
export function pollLimits(qc: QueryClient, userId: string, opts: PollOptions = {}): () => void {
  const key = limitsKeys.user(userId);
  const start = qc.getQueryData<LimitsInfo>(key);
  const changed =
    opts.until ??
    ((l: LimitsInfo) => !start || l.subscriptionTier !== start.subscriptionTier || l.currentBalance !== start.currentBalance);
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let cancelled = false;

  const attempt = async () => {
    if (cancelled) return;
    attempts += 1;
    try {
      const fresh = await qc.fetchQuery({ ...limitsQueryOptions(userId), staleTime: 0 });
      opts.onUpdate?.(fresh);
      if (changed(fresh)) return;
    } catch {
      // A failed attempt counts; the next one may succeed.
    }
    if (!cancelled && attempts < TIMINGS.limitsPollAttempts) timer = setTimeout(attempt, TIMINGS.limitsPollIntervalMs);
  };
  timer = setTimeout(attempt, TIMINGS.limitsPollStartMs);
  return () => {
    cancelled = true;
    if (timer) clearTimeout(timer);
  };
}
