/**
 * After the hosted checkout sends the user back (`/profile?checkout=success`), the webhook may land a
 * moment later: poll the subscription every 1.5 s, 13 times at most, until the new tier shows, then
 * tell the rest of the app (the home card's limits) with the `subscriptionUpdated` window event.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { TIMINGS, isPaidTier, type SubscriptionData } from '@plainspoken/shared';
import { notify, notifySuccess } from '@/lib/toast';
import { subscriptionQueryOptions } from '../api/get-subscription';

export const SUBSCRIPTION_UPDATED_EVENT = 'subscriptionUpdated';

export function checkoutDone(s: SubscriptionData, expectedTier: string | null): boolean {
  return isPaidTier(expectedTier) ? s.subscription_tier === expectedTier : s.subscription_tier !== 'FREE';
}

export function useCheckoutReturn(userId: string | null): { polling: boolean } {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const returned = params.get('checkout') === 'success';
  const expected = params.get('tier');
  const [polling, setPolling] = useState(false);

  useEffect(() => {
    if (!returned || !userId) return;
    let cancelled = false;
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      setPolling(false);
      setParams(
        (p) => {
          p.delete('checkout');
          p.delete('tier');
          return p;
        },
        { replace: true },
      );
    };
    const attempt = async () => {
      attempts += 1;
      try {
        const s = await qc.fetchQuery({ ...subscriptionQueryOptions(userId), staleTime: 0 });
        if (cancelled) return;
        if (checkoutDone(s, expected)) {
          window.dispatchEvent(new Event(SUBSCRIPTION_UPDATED_EVENT));
          notifySuccess({ title: 'Payment received', description: `Your ${s.subscription_tier} plan is active.` });
          finish();
          return;
        }
      } catch {
        // A failed attempt counts; the next one may succeed.
      }
      if (cancelled) return;
      if (attempts < TIMINGS.subscriptionPollAttempts) timer = setTimeout(() => void attempt(), TIMINGS.subscriptionPollIntervalMs);
      else {
        notify({ title: 'Your payment is being processed', description: 'Your new plan will show here in a few minutes.' });
        finish();
      }
    };
    setPolling(true);
    void attempt();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
    // Only a new return from checkout (or a new user) restarts polling.
  }, [returned, userId]);

  return { polling };
}
