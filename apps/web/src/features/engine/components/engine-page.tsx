import { ActivityIcon, LockIcon, RefreshCwIcon, ShieldAlertIcon } from 'lucide-react';
import { Link } from '@/components/link';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuthDialog } from '@/lib/auth-dialog';
import { useCheckNow, useEngineAccess, useEngineOverview } from '../api/engine';
import { CostCard } from './cost-card';
import { ModelsCard } from './models-card';
import { OutsideDetectorsCard } from './outside-detectors-card';
import { ProviderCard } from './provider-card';
import { UsageCard } from './usage-card';

/** /admin/engine: the operator's view of the rewriting engine (admins only). */
export function EnginePage() {
  const access = useEngineAccess();
  const { openAuthDialog } = useAuthDialog();
  if (access === 'loading')
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-4 px-4 py-12 sm:px-6" role="status" aria-label="Loading">
        <Skeleton className="h-9 w-1/2" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  if (access === 'signed-out')
    return (
      <div className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-24 text-center">
        <LockIcon className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-semibold">Please sign in</h1>
        <p className="mt-2 text-muted-foreground">
          The engine page is for administrators. Sign in with an administrator account to use it.
        </p>
        <Button className="mt-8" onClick={() => openAuthDialog('sign-in')}>
          Sign in
        </Button>
      </div>
    );
  if (access === 'forbidden')
    return (
      <div
        className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-24 text-center"
        data-testid="forbidden-page"
      >
        <ShieldAlertIcon className="size-10 text-destructive" aria-hidden="true" />
        <p className="mt-4 text-6xl font-bold tracking-tight text-primary">403</p>
        <h1 className="mt-3 text-2xl font-semibold">Access denied</h1>
        <p className="mt-2 text-muted-foreground">This page is for administrators only.</p>
        <Button asChild className="mt-8">
          <Link to={paths.home}>Return to Home</Link>
        </Button>
      </div>
    );
  return <Engine />;
}

function Engine() {
  const q = useEngineOverview();
  const check = useCheckNow();
  const o = q.data;
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-10 sm:px-6 [&>*]:min-w-0">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Engine</h1>
          <p className="mt-2 max-w-2xl text-muted-foreground">
            The model that writes full rewrites, its health, speed, token use and cost per 1,000 words, from every
            rewrite recorded.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => check.mutate()} disabled={check.isPending}>
            {check.isPending ? <Spinner /> : <ActivityIcon />}
            Check now
          </Button>
          <Button variant="outline" onClick={() => void q.refetch()} disabled={q.isFetching}>
            {q.isFetching && !check.isPending ? <Spinner /> : <RefreshCwIcon />}
            Refresh
          </Button>
          <Button asChild variant="ghost">
            <Link to={paths.admin}>Admin overview</Link>
          </Button>
        </div>
      </header>
      {q.isError && !o ? (
        <p className="text-destructive">Could not load the engine figures. Try Refresh in a moment.</p>
      ) : !o ? (
        <div className="grid gap-4 md:grid-cols-2" role="status" aria-label="Loading">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-56 w-full" />
          ))}
        </div>
      ) : (
        <>
          <ProviderCard o={o} />
          {o.provider.kind === 'ollama' && <ModelsCard o={o} />}
          <UsageCard o={o} />
          <CostCard o={o} />
          {o.outside && <OutsideDetectorsCard rows={o.outside} />}
        </>
      )}
    </div>
  );
}
