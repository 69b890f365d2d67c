import { ArrowUpRightIcon, ExternalLinkIcon } from 'lucide-react';
import { Link } from '@/components/link';
import type { SubscriptionData } from '@plainspoken/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { isPaying, planTitle, subscriptionStatus } from '../lib/subscription-status';
import { useOpenPortal } from '../lib/use-open-portal';

export function SubscriptionCard({ data, loading }: { data: SubscriptionData | undefined; loading: boolean }) {
  const portal = useOpenPortal();
  const status = data ? subscriptionStatus(data) : null;
  return (
    <Card data-testid="subscription-card">
      <CardHeader>
        <CardDescription>Subscription</CardDescription>
        {loading || !data || !status ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-6 w-32" />
            <Skeleton className="h-4 w-48" />
          </div>
        ) : (
          <>
            <CardTitle className="text-2xl! leading-8!">{planTitle(data)}</CardTitle>
            <p
              className={cn(
                'text-sm',
                status.kind === 'cancelled' ? 'font-medium text-warning-strong' : 'text-muted-foreground',
              )}
              data-testid="subscription-status"
            >
              {status.text}
            </p>
            {data.promotion && status.kind !== 'cancelled' && (
              <p className="text-sm text-muted-foreground" data-testid="subscription-promotion">
                {data.promotion.terms} ({data.promotion.code})
              </p>
            )}
            {status.detail && (
              <p className="text-sm text-muted-foreground" data-testid="subscription-end-warning">
                {status.detail}
              </p>
            )}
          </>
        )}
      </CardHeader>
      <CardContent>
        {loading || !data ? (
          <Skeleton className="h-10 w-36" />
        ) : isPaying(data) ? (
          <Button variant="outline" onClick={() => void portal.open()} disabled={portal.busy}>
            {portal.busy ? <Spinner /> : <ExternalLinkIcon aria-hidden="true" />}
            {portal.busy ? 'Opening Portal...' : 'Manage Plan'}
          </Button>
        ) : (
          <Button asChild>
            <Link to={paths.pricing}>
              Upgrade
              <ArrowUpRightIcon aria-hidden="true" />
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
