import { LogOutIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { COPY } from '@plainspoken/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession, useSignOut } from '@/lib/auth';
import { useAuthDialog } from '@/lib/auth-dialog';
import { useSubscription } from '@/lib/subscription';
import { useDailyUsage } from '../api/get-daily-usage';
import { useCheckoutReturn } from '../lib/use-checkout-return';
import { useFocusRefresh } from '../lib/use-focus-refresh';
import { BalanceCard } from './balance-card';
import { DisplayNameRow } from './display-name-row';
import { SubscriptionCard } from './subscription-card';
import { UsageChart } from './usage-chart';
import type { ReactNode } from 'react';

/** `extra` holds cards other features contribute; the route composes them (features do not import each other). */
export function ProfilePage({ extra }: { extra?: ReactNode } = {}) {
  const { user, isPending } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const { openAuthDialog } = useAuthDialog();
  const userId = user?.id ?? null;
  const sub = useSubscription(userId);
  const usage = useDailyUsage(userId);
  const { polling } = useCheckoutReturn(userId);
  useFocusRefresh(Boolean(userId));

  if (!isPending && !user) {
    // Its own key: a new element replaces the loading layout instead of moving it (no layout shift).
    return (
      <div key="signed-out" className="mx-auto w-full max-w-md px-4 py-16 text-center sm:px-6">
        <h1 className="text-2xl font-semibold">Please sign in</h1>
        <p className="mt-2 text-muted-foreground">Sign in to see your account, plan and word balance.</p>
        <Button className="mt-6" onClick={() => openAuthDialog('sign-in')}>
          Sign in
        </Button>
      </div>
    );
  }

  const subLoading = isPending || sub.isPending;

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Account</h1>
      {polling && (
        <p
          className="flex items-center gap-2 rounded-lg border bg-accent px-4 py-3 text-sm text-accent-foreground"
          role="status"
        >
          <Spinner />
          Confirming your payment…
        </p>
      )}
      {sub.isError && !sub.data && (
        <p className="rounded-lg border border-destructive/40 px-4 py-3 text-sm" role="alert">
          We couldn't load your subscription. Check your connection; it will refresh when you come back to this tab.{' '}
          <button className="font-medium underline" onClick={() => void sub.refetch()}>
            Try again
          </button>
        </p>
      )}

      <Card data-testid="account-card">
        <CardHeader>
          <CardTitle>Account</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {isPending || !user ? (
            <div className="grid gap-3" aria-busy="true">
              <Skeleton className="h-5 w-64" />
              <Skeleton className="h-5 w-64" />
            </div>
          ) : (
            <>
              <dl className="grid gap-3 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="text-muted-foreground sm:pt-1.5">Name</dt>
                <DisplayNameRow user={user} />
                <dt className="text-muted-foreground">Email</dt>
                <dd className="break-all">{user.email}</dd>
              </dl>
              <Button
                variant="outline"
                className="justify-self-start"
                onClick={async () => {
                  await signOut();
                  void navigate(paths.home);
                }}
              >
                <LogOutIcon aria-hidden="true" />
                {COPY.signOut}
              </Button>
            </>
          )}
        </CardContent>
      </Card>

      <div className="grid gap-6 md:grid-cols-2">
        <SubscriptionCard data={sub.data} loading={subLoading} />
        <BalanceCard data={sub.data} loading={subLoading} />
      </div>

      <Card data-testid="usage-card">
        <CardHeader>
          <CardTitle>Usage</CardTitle>
          <CardDescription>Words humanized per day over the last 30 days (UTC).</CardDescription>
        </CardHeader>
        <CardContent>
          {usage.data ? (
            <UsageChart data={usage.data} />
          ) : usage.isError ? (
            <p className="text-sm text-muted-foreground">Usage is not available right now.</p>
          ) : (
            <Skeleton className="h-40 w-full" />
          )}
        </CardContent>
      </Card>
      {extra}
    </div>
  );
}
