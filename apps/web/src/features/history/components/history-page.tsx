import { HistoryIcon, LogInIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { MSG } from '@plainspoken/shared';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { notifyError } from '@/lib/toast';
import { useTransformations } from '../api/get-transformations';
import { TransformationCard } from './transformation-card';

export function HistoryPage() {
  const { user, isPending: sessionPending } = useSession();
  const q = useTransformations(user?.id ?? null);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q;

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

  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  const loading = sessionPending || q.isPending;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">Your history</h1>
        <p className="mt-2 text-muted-foreground">Every text you've humanized, newest first.</p>
      </div>

      {loading ? (
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
      ) : q.isError && items.length === 0 ? (
        <EmptyState
          icon={<HistoryIcon />}
          title="We couldn't load your history"
          text="Check your connection and try again."
          action={<Button onClick={() => void q.refetch()}>Try again</Button>}
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
        <div className="grid gap-4">
          {items.map((item) => (
            <TransformationCard key={item.id} item={item} />
          ))}
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
      {inline ? <h2 className="text-xl font-semibold">{title}</h2> : <h1 className="text-2xl font-semibold">{title}</h1>}
      <p className="mt-2 max-w-md text-muted-foreground">{text}</p>
      <div className="mt-6">{action}</div>
    </div>
  );
  return inline ? body : <div className="mx-auto w-full max-w-2xl px-4 py-16 sm:px-6">{body}</div>;
}
