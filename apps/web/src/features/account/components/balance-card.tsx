import { Link } from '@/components/link';
import { COPY, formatCount, type SubscriptionData } from '@plainspoken/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { wordsUsed } from '../lib/subscription-status';

export function BalanceCard({ data, loading }: { data: SubscriptionData | undefined; loading: boolean }) {
  const used = data ? wordsUsed(data) : 0;
  const pct = data && data.monthlyLimit > 0 ? Math.min(100, (used / data.monthlyLimit) * 100) : 0;
  return (
    <Card data-testid="balance-card">
      <CardHeader>
        <CardDescription>Words this month</CardDescription>
        {loading || !data ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-8 w-40" />
            <Skeleton className="h-2 w-full" />
            <Skeleton className="h-4 w-52" />
          </div>
        ) : (
          <>
            <p className="flex items-baseline gap-2">
              <span className="text-3xl font-bold tabular-nums" data-testid="words-used">
                {formatCount(used)}
              </span>
              <span className="text-muted-foreground tabular-nums">/ {formatCount(data.monthlyLimit)} words</span>
            </p>
            <div
              className="h-2 overflow-hidden rounded-full bg-muted"
              role="progressbar"
              aria-label="Words used this month"
              aria-valuemin={0}
              aria-valuemax={data.monthlyLimit}
              aria-valuenow={used}
            >
              <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${pct}%` }} />
            </div>
            <p className="text-sm text-muted-foreground tabular-nums" data-testid="words-remaining">
              {formatCount(data.currentBalance)} words remaining this month
            </p>
          </>
        )}
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link to={paths.pricing}>{COPY.getMoreWords}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
