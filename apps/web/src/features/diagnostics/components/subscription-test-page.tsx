import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangleIcon, PlayIcon, RefreshCwIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { MSG, TIMINGS, type SubscriptionData, formatCount } from '@plainspoken/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Detail, DetailList } from '@/components/ui/detail-list';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth';
import { subscriptionKeys, useSubscription } from '@/lib/subscription';
import { useNow } from '@/lib/use-now';
import { notifyError, notifySuccess } from '@/lib/toast';
import { runExpirationCheck } from '../api/server-functions';
import { formatDateTime, NA, tierLabel, yesNo } from '../lib/format';
import { AdminGate } from './admin-gate';
import { BackToAdmin } from './back-to-admin';

export const SIGNED_OUT_TEXT = 'Please sign in to view subscription details.';

export function SubscriptionTestPage() {
  return (
    <AdminGate signedOutText={SIGNED_OUT_TEXT}>
      <SubscriptionTest />
    </AdminGate>
  );
}

export type SubscriptionBadge = 'Cancelled' | 'Active' | 'Inactive' | 'Loading...';

export function subscriptionBadge(data: SubscriptionData | undefined, loading: boolean): SubscriptionBadge {
  if (loading || !data) return 'Loading...';
  if (data.subscription_cancelled_at) return 'Cancelled';
  return data.isActive ? 'Active' : 'Inactive';
}

function SubscriptionTest() {
  const qc = useQueryClient();
  const { user } = useSession();
  // Read again on every visit: this page shows the subscription as the server derives it now.
  const sub = useSubscription(user?.id ?? null, { staleTime: 0 });
  const [running, setRunning] = useState(false);
  const now = useNow(60_000);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (refreshTimer.current) clearTimeout(refreshTimer.current);
    },
    [],
  );

  function refresh() {
    return qc.invalidateQueries({ queryKey: subscriptionKeys.all });
  }

  async function onRun() {
    setRunning(true);
    try {
      const res = await runExpirationCheck();
      if (!res.ok) throw new Error(`status ${res.status}`);
      notifySuccess({ title: MSG.expirationOk });
      // The spec waits a second before re-reading, so the job's writes are visible.
      refreshTimer.current = setTimeout(() => void refresh(), TIMINGS.expirationRefreshDelayMs);
    } catch {
      notifyError({ title: MSG.expirationFailedTitle, description: MSG.expirationFailed });
    } finally {
      setRunning(false);
    }
  }

  const data = sub.data;
  const badge = subscriptionBadge(data, sub.isPending);
  const cancelled = Boolean(data?.subscription_cancelled_at);
  const endsLater = Boolean(data?.cancellation_end_date && new Date(data.cancellation_end_date).getTime() > now);
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-10 sm:px-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <BackToAdmin />
          <h1 className="text-3xl font-bold tracking-tight">Subscription test</h1>
          <p className="mt-2 text-muted-foreground">
            Your subscription as the server derives it, and the expiration job.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void refresh()} disabled={sub.isFetching}>
            {sub.isFetching ? <Spinner /> : <RefreshCwIcon />}
            Refresh
          </Button>
          <Button onClick={onRun} disabled={running}>
            {running ? <Spinner /> : <PlayIcon />}
            Run Expiration Check
          </Button>
        </div>
      </header>

      <Card>
        <CardHeader className="flex-row items-center justify-between">
          <CardTitle>Subscription status</CardTitle>
          <Badge
            data-testid="subscription-badge"
            variant={badge === 'Active' ? 'success' : badge === 'Cancelled' ? 'warning' : 'secondary'}
          >
            {badge}
          </Badge>
        </CardHeader>
        <CardContent>
          {sub.isError ? (
            <p className="text-sm text-destructive">Could not load the subscription. Try Refresh.</p>
          ) : (
            <DetailList>
              <Detail label="Plan" testId="sub-plan">
                {data ? tierLabel(data.subscription_tier) : '...'}
              </Detail>
              <Detail label="Subscribed" testId="sub-subscribed">
                {data ? yesNo(data.subscribed) : '...'}
              </Detail>
              <Detail label="Word balance" testId="sub-balance">
                {data ? formatCount(data.monthly_word_balance) : '...'}
              </Detail>
              <Detail label="Subscription end" testId="sub-end">
                {data ? formatDateTime(data.subscription_end) : '...'}
              </Detail>
              <Detail label="Cancelled at" testId="sub-cancelled-at">
                {data ? formatDateTime(data.subscription_cancelled_at) : '...'}
              </Detail>
              <Detail label="Cancellation end" testId="sub-cancellation-end">
                {data ? formatDateTime(data.cancellation_end_date) : '...'}
              </Detail>
            </DetailList>
          )}
        </CardContent>
      </Card>

      {cancelled && (
        <Card className="border-warning/50 bg-warning/10" data-testid="cancellation-warning">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <AlertTriangleIcon className="size-5 text-warning" aria-hidden="true" />
              Subscription cancelled
            </CardTitle>
            <CardDescription className="text-foreground">
              {endsLater
                ? `You keep ${data ? tierLabel(data.subscription_tier) : 'your plan'} and its words until ${formatDateTime(data?.cancellation_end_date)}. After that the account moves to the Free plan.`
                : data?.cancellation_end_date
                  ? `The paid period ended on ${formatDateTime(data.cancellation_end_date)}. The expiration check moves the account to the Free plan.`
                  : `The cancellation has no end date yet (${NA}); access continues until the provider reports one.`}
            </CardDescription>
          </CardHeader>
        </Card>
      )}

      <Card>
        <CardHeader>
          <CardTitle>How cancellation works</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="grid list-decimal gap-2 pl-5 text-sm">
            <li>The subscription is paid and active on its tier.</li>
            <li>
              When it is cancelled at the payment provider, a webhook records the cancellation date; the plan and the
              word balance stay.
            </li>
            <li>
              Until the billing period ends (the cancellation end date), the account keeps the paid tier and this page
              warns of the coming loss of access.
            </li>
            <li>
              A daily job (the expiration check above) then moves expired cancelled subscriptions to the Free plan.
            </li>
          </ol>
        </CardContent>
      </Card>
    </div>
  );
}
