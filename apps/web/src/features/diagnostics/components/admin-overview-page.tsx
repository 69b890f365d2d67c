import { RefreshCwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@/components/link';
import { useQuery } from '@tanstack/react-query';
import { ENGINE_MSG, TIERS, type EngineState } from '@plainspoken/shared';
import { call, server } from '@/lib/api';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { BarChart, CategoryBars, shortUtcDay } from '@/components/ui/charts';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAdminOverview, type DayPoint } from '../api/overview';
import { tierLabel } from '../lib/format';
import { AdminGate } from './admin-gate';

export function AdminOverviewPage() {
  return (
    <AdminGate>
      <AdminOverview />
    </AdminGate>
  );
}

/** No model connected: the one-step setup, linked (the home card shows admins the same banner). */
function EngineSetupBanner() {
  const q = useQuery({
    queryKey: ['engine-state'],
    queryFn: (): Promise<EngineState> => call(server.api['engine-state'].$get()),
    staleTime: 60_000,
  });
  const s = q.data;
  if (!s?.model || s.model.deep || s.model.lightning) return null;
  return (
    <p
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      data-testid="engine-admin-banner"
    >
      {ENGINE_MSG.adminBanner}{' '}
      <Link to={paths.adminEngine} className="font-medium underline underline-offset-2">
        {ENGINE_MSG.adminBannerLink}
      </Link>
    </p>
  );
}

const toPoints = (xs: DayPoint[]) => xs.map((p) => ({ label: shortUtcDay(p.day), value: p.value }));

function AdminOverview() {
  const q = useAdminOverview(30);
  const o = q.data;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-10 sm:px-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Admin overview</h1>
          <p className="mt-2 text-muted-foreground">
            The last 30 days in UTC{o ? ` (${shortUtcDay(o.from)} to ${shortUtcDay(o.to)})` : ''}.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void q.refetch()} disabled={q.isFetching}>
            {q.isFetching ? <Spinner /> : <RefreshCwIcon />}
            Refresh
          </Button>
          <Button asChild variant="ghost">
            <Link to={paths.adminEngine}>Engine</Link>
          </Button>
          <Button asChild variant="ghost">
            <Link to={paths.webhookTest}>Webhook diagnostics</Link>
          </Button>
          <Button asChild variant="ghost">
            <Link to={paths.subscriptionTest}>Subscription test</Link>
          </Button>
          <Button asChild variant="ghost">
            <Link to={paths.authTest}>Auth debug</Link>
          </Button>
        </div>
      </header>

      <EngineSetupBanner />

      {q.isError ? (
        <p className="text-destructive">Could not load the overview. Try Refresh in a moment.</p>
      ) : !o ? (
        <div className="grid gap-4 md:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-56 w-full" />
          ))}
        </div>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-4 md:grid-cols-4" data-testid="overview-totals">
            <Stat label="Accounts" value={o.totals.users} />
            <Stat label="Sign-ups (30 days)" value={o.totals.signUps} />
            <Stat label="Words humanized (30 days)" value={o.totals.wordsHumanized} />
            <Stat label="Webhook failures (30 days)" value={o.totals.webhookFailures} />
          </dl>
          <div className="grid gap-4 md:grid-cols-2">
            <ChartCard
              title="Sign-ups per day"
              description={`${o.totals.signUps.toLocaleString('en-US')} new ${o.totals.signUps === 1 ? 'account' : 'accounts'}`}
            >
              <BarChart title="Sign-ups per day" points={toPoints(o.signUps)} />
            </ChartCard>
            <ChartCard
              title="Active subscribers by tier"
              description="Right now; a cancelled plan counts until its end date"
            >
              <CategoryBars
                title="Active subscribers by tier"
                points={TIERS.map((t) => ({ label: tierLabel(t), value: o.activeByTier[t] }))}
              />
            </ChartCard>
            <ChartCard
              title="Words humanized per day"
              description={`${o.totals.wordsHumanized.toLocaleString('en-US')} words charged`}
            >
              <BarChart title="Words humanized per day" points={toPoints(o.wordsHumanized)} />
            </ChartCard>
            <ChartCard
              title="Webhook failures per day"
              description={`${o.totals.webhookFailures.toLocaleString('en-US')} failed of ${o.totals.webhookEvents.toLocaleString('en-US')} events`}
            >
              <BarChart
                title="Webhook failures per day"
                points={toPoints(o.webhookFailures)}
                color="var(--color-destructive)"
              />
            </ChartCard>
          </div>
        </>
      )}
    </div>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border bg-card p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value.toLocaleString('en-US')}</dd>
    </div>
  );
}

function ChartCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="text-foreground">{children}</CardContent>
    </Card>
  );
}
