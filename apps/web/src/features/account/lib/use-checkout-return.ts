/**
 * After the hosted checkout sends the user back (`/profile?checkout=success`), the webhook may land a
 * moment later: the subscription query polls every 1.5 s, 13 times at most, until the new tier shows,
 * then every reader of the subscription is told through the query client.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router';
import { isPaidTier, type SubscriptionData } from '@plainspoken/shared';
import { announceSubscriptionChange } from '@/lib/subscription';
import { POLL, useSubscriptionPoll } from '@/lib/subscription-poll';
import { notify, notifySuccess } from '@/lib/toast';

export function checkoutDone(s: SubscriptionData, expectedTier: string | null): boolean {
  return isPaidTier(expectedTier) ? s.subscription_tier === expectedTier : s.subscription_tier !== 'FREE';
}

export function useCheckoutReturn(userId: string | null): { polling: boolean } {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const returned = params.get('checkout') === 'success';
  const expected = params.get('tier');
  const poll = useSubscriptionPoll(userId, POLL.afterCheckout, {
    active: returned,
    until: (s) => checkoutDone(s, expected),
  });

  const { status, data } = poll;
  // Only the end of a poll acts; the data and setters it reads are those of that moment.
  const onPollEnd = useEffectEvent((end: 'done' | 'gave-up') => {
    if (end === 'done') {
      announceSubscriptionChange(qc);
      notifySuccess({
        title: 'Payment received',
        description: `Your ${data?.subscription_tier ?? ''} plan is active.`,
      });
    } else {
      notify({
        title: 'Your payment is being processed',
        description: 'Your new plan will show here in a few minutes.',
      });
    }
    // Dropping the parameters ends the poll; a new return from checkout starts a new one.
    setParams(
      (p) => {
        p.delete('checkout');
        p.delete('tier');
        return p;
      },
      { replace: true },
    );
  });
  useEffect(() => {
    if (status === 'done' || status === 'gave-up') onPollEnd(status);
  }, [status]);

  return { polling: status === 'polling' };
}
