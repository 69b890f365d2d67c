import { HistoryIcon, LogInIcon, SearchIcon, XIcon } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/link';
import { MSG } from '@plainspoken/shared';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { notifyError } from '@/lib/toast';
import { useTransformations, type HistoryMode } from '../api/get-transformations';
import { useDeleteWithUndo } from '../lib/use-delete-with-undo';

const SEARCH_DEBOUNCE_MS = 300;

const MODE_FILTERS: { value: HistoryMode; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'deep', label: 'Deep' },
  { value: 'lightning', label: 'Lightning' },
];
const MODE_NAME: Record<Exclude<HistoryMode, 'all'>, string> = { deep: 'Deep', lightning: 'Lightning' };
export type HistoryView = 'compact' | 'full';

/** The filter and the view live in the address (?mode=deep&view=full), so a reload or a shared link keeps them. */
function useHistoryParams() {
  const [params, setParams] = useSearchParams();
  const m = params.get('mode');
  const mode: HistoryMode = m === 'deep' || m === 'lightning' ? m : 'all';
  const view: HistoryView = params.get('view') === 'full' ? 'full' : 'compact';
  const set = (key: 'mode' | 'view', value: string, fallback: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === fallback) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  return {
    mode,
    view,
    setMode: (v: HistoryMode) => set('mode', v, 'all'),
    setView: (v: HistoryView) => set('view', v, 'compact'),
  };
}

// The cards (with their download menu) load once a signed-in user is known, beside the history request:
// a signed-out visit never downloads them.
const loadCard = () => import('./transformation-card');
const TransformationCard = lazy(() => loadCard().then((m) => ({ default: m.TransformationCard })));

function useDebounced(value: string, ms: number): string {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

export function HistoryPage() {
  const { user, isPending: sessionPending } = useSession();
  const [search, setSearch] = useState('');
  const term = useDeferredValue(useDebounced(search.trim(), SEARCH_DEBOUNCE_MS));
  const { mode, view, setMode, setView } = useHistoryParams();
  const q = useTransformations(user?.id ?? null, term, mode);
  const { hidden, remove } = useDeleteWithUndo();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q;

  useEffect(() => {
    if (user) void loadCard();
  }, [user]);

  useEffect(() => {
    if (q.isError) notifyError({ title: MSG.historyLoadFailedTitle, description: MSG.historyLoadFailed });
  }, [q.isError, q.errorUpdatedAt]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (!sessionPending && !user) {
    return (
      <EmptyState
        icon={<LogInIcon />}
        title="Please sign in"
        text="You need to be logged in to view your transformation history."
        action={
          <Button asChild>
            <Link to={paths.home}>Go to Home</Link>
          </Button>
        }
      />
    );
  }

  const items = (q.data?.pages.flatMap((p) => p.items) ?? []).filter((i) => !hidden.has(i.id));
  const loading = sessionPending || q.isPending;
  const searching = term !== '';
  const filtered = mode !== 'all';

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">Your history</h1>
        <p className="mt-2 text-muted-foreground">Every text you've humanized, newest first.</p>
      </div>

      {(searching || search || filtered || items.length > 0) && !loading && (
        <div className="mb-6 grid gap-3">
          <div className="relative" role="search">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Search your history"
              placeholder="Search your history"
              className="pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
              value={search}
              maxLength={200}
              onChange={(e) => setSearch(e.target.value)}
            />
            {search && (
              <button
                type="button"
                aria-label="Clear the search"
                className="absolute top-1/2 right-2 flex size-7 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
                onClick={() => setSearch('')}
              >
                <XIcon className="size-4" aria-hidden="true" />
              </button>
            )}
          </div>
          {/* On a phone the two switches do not fit one row: each takes a row of its own, as wide as the search
              box, so their edges line up instead of the second one wrapping under the first. */}
          <div className="grid gap-2 sm:flex sm:flex-wrap sm:items-center sm:justify-between sm:gap-3">
            <ToggleGroup
              type="single"
              value={mode}
              onValueChange={(v) => setMode(v as HistoryMode)}
              aria-label="Show entries of"
              className="w-full sm:w-auto"
              data-testid="history-mode-filter"
            >
              {MODE_FILTERS.map((f) => (
                <ToggleGroupItem key={f.value} value={f.value}>
                  {f.label}
                </ToggleGroupItem>
              ))}
            </ToggleGroup>
            <ToggleGroup
              type="single"
              value={view}
              onValueChange={(v) => setView(v as HistoryView)}
              aria-label="View"
              className="w-full sm:w-auto"
              data-testid="history-view"
            >
              <ToggleGroupItem value="compact">Compact</ToggleGroupItem>
              <ToggleGroupItem value="full">Full text</ToggleGroupItem>
            </ToggleGroup>
          </div>
        </div>
      )}

      {loading ? (
        <HistorySkeleton />
      ) : q.isError && items.length === 0 ? (
        <EmptyState
          icon={<HistoryIcon />}
          title="We couldn't load your history"
          text="Check your connection and try again."
          action={<Button onClick={() => void q.refetch()}>Try again</Button>}
          inline
        />
      ) : items.length === 0 && searching ? (
        <EmptyState
          icon={<SearchIcon />}
          title="Nothing matches your search"
          text={`No entry contains “${term}”. Try other words.`}
          action={
            <Button variant="outline" onClick={() => setSearch('')}>
              Clear the search
            </Button>
          }
          inline
        />
      ) : items.length === 0 && filtered ? (
        <EmptyState
          icon={<HistoryIcon />}
          title={`No ${MODE_NAME[mode]} entries`}
          text={`You have no ${MODE_NAME[mode]} rewrites in your history.`}
          action={
            <Button variant="outline" onClick={() => setMode('all')}>
              Show all entries
            </Button>
          }
          inline
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<HistoryIcon />}
          title="No transformations yet"
          text="Start humanizing your AI-generated text to see your history here."
          action={
            <Button asChild>
              <Link to={paths.home}>Start Humanizing</Link>
            </Button>
          }
          inline
        />
      ) : (
        <div className={view === 'compact' ? 'grid gap-3' : 'grid gap-4'}>
          <Suspense fallback={<HistorySkeleton />}>
            {items.map((item) => (
              <TransformationCard key={item.id} item={item} onDelete={remove} view={view} />
            ))}
          </Suspense>
          <div ref={sentinel} aria-hidden="true" />
          {hasNextPage && (
            <div className="flex justify-center pt-2">
              <Button variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
                {isFetchingNextPage && <Spinner />}
                {isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

function HistorySkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner />
        Loading your history...
      </p>
      {[0, 1, 2].map((i) => (
        <Card key={i} className="grid gap-4 p-6">
          <div className="flex justify-between">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-8 w-28" />
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
          </div>
        </Card>
      ))}
    </div>
  );
}

function EmptyState({
  icon,
  title,
  text,
  action,
  inline = false,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
  inline?: boolean;
}) {
  const body = (
    <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-14 text-center">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground [&_svg]:size-6">
        {icon}
      </div>
      {inline ? (
        <h2 className="text-xl font-semibold">{title}</h2>
      ) : (
        <h1 className="text-2xl font-semibold">{title}</h1>
      )}
      <p className="mt-2 max-w-md text-muted-foreground">{text}</p>
      <div className="mt-6">{action}</div>
    </div>
  );
  return inline ? body : <div className="mx-auto w-full max-w-2xl px-4 py-16 sm:px-6">{body}</div>;
}
