import { CheckIcon } from 'lucide-react';
import { TIER_LIMITS, aiCheckWordLimit, formatCount } from '@plainspoken/shared';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FREE_FEATURES } from './plan-card';

/** The Free column: what every account gets, so the paid cards only list what they add. */
export function FreeCard({ state, onStart }: { state: 'visitor' | 'current' | 'paid'; onStart: () => void }) {
  const limits = TIER_LIMITS.FREE;
  return (
    <Card data-testid="plan-Free" className="relative flex flex-col p-6">
      <h2 className="text-xl font-semibold">Free</h2>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="text-4xl font-bold tracking-tight tabular-nums">$0</span>
        <span className="text-muted-foreground">/month</span>
      </p>
      <p className="mt-1 min-h-5 text-sm text-muted-foreground">No card needed</p>
      <dl className="mt-6 grid grid-cols-2 gap-3 rounded-lg bg-muted/50 p-3 text-sm">
        <div>
          <dt className="text-muted-foreground">Words per month</dt>
          <dd className="font-semibold tabular-nums">{formatCount(limits.monthlyWords)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Words per request</dt>
          <dd className="font-semibold tabular-nums">{formatCount(limits.requestCap)}</dd>
        </div>
      </dl>
      <ul className="mt-6 grid flex-1 content-start gap-2 text-sm">
        {[...FREE_FEATURES, `AI check up to ${formatCount(aiCheckWordLimit('FREE'))} words at a time`].map((f) => (
          <li key={f} className="flex items-start gap-2">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {f}
          </li>
        ))}
      </ul>
      {state === 'visitor' ? (
        <Button className="mt-8 w-full" size="lg" variant="outline" onClick={onStart}>
          Start free
        </Button>
      ) : (
        <Button className="mt-8 w-full" size="lg" variant="outline" disabled>
          {state === 'current' ? 'Your plan' : 'Included'}
        </Button>
      )}
    </Card>
  );
}
