import { CheckIcon } from 'lucide-react';
import {
  TIER_LIMITS,
  aiCheckWordLimit,
  discountedPrice,
  periodPrice,
  promoPriceTerms,
  type BillingPeriod,
  type Plan,
  type PromoCode,
  formatCount,
} from '@plainspoken/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

const usd = (v: number) => `$${v.toFixed(2)}`;

/** What every account has: listed once, on the Free card, not repeated on each plan. */
export const FREE_FEATURES = [
  'Deep Humanize and Lightning modes',
  'Transformation history',
  'Upload .docx, .pdf, .txt and .md files',
];

/**
 * A paid plan's ticks: what it adds to Free. The word caps are in the figures above the list, so the
 * plan's own "N words per month/request" lines are left out.
 */
function ticksFor(plan: Plan): string[] {
  return [
    'Everything in Free',
    'API keys for the public API',
    `AI check up to ${formatCount(aiCheckWordLimit(plan.tier))} words at a time`,
    ...plan.features.filter((f) => !/words per (month|request)$/.test(f) && !FREE_FEATURES.includes(f)),
  ];
}

export function PlanCard({
  plan,
  period,
  busy,
  disabled,
  onSubscribe,
  promo = null,
  relation = null,
}: {
  /** For a subscriber: this card is their plan, or a change up or down (or to the other billing period). */
  relation?: 'current' | 'upgrade' | 'downgrade' | 'switch' | null;
  /** A promotion that applies to the user: its price is shown, the full one struck through. */
  promo?: PromoCode | null;
  plan: Plan;
  period: BillingPeriod;
  busy: boolean;
  disabled: boolean;
  onSubscribe: () => void;
}) {
  const limits = TIER_LIMITS[plan.tier];
  const action =
    relation === 'upgrade'
      ? 'Upgrade'
      : relation === 'downgrade'
        ? 'Downgrade'
        : relation === 'switch'
          ? `Switch to ${period === 'yearly' ? 'annual' : 'monthly'}`
          : 'Subscribe';
  // The name starts with the visible label (what a voice user says), then names the plan.
  const name = relation === 'switch' ? `${action}, ${plan.name}` : `${action} to ${plan.name}`;
  const fullPerMonth = period === 'monthly' ? plan.monthlyPrice : plan.annualPrice;
  const perMonth = promo ? discountedPrice(fullPerMonth, promo, period) : fullPerMonth;
  const billed = promo
    ? discountedPrice(periodPrice(plan.tier, period), promo, period)
    : periodPrice(plan.tier, period);
  return (
    <Card
      data-testid={`plan-${plan.tier}`}
      className={cn(
        'relative flex flex-col p-6',
        plan.popular && 'border-primary shadow-lg! shadow-primary/10 ring-1 ring-primary',
      )}
    >
      {plan.popular && <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">Most Popular</Badge>}
      <h2 className="text-xl font-semibold">{plan.name}</h2>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-2 gap-y-1">
        {promo && (
          <s className="text-lg text-muted-foreground tabular-nums" data-testid="full-price">
            <span className="sr-only">Was </span>
            {usd(fullPerMonth)}
          </s>
        )}
        <span className="text-4xl font-bold tracking-tight tabular-nums" data-testid="price">
          {usd(perMonth)}
        </span>
        <span className="text-muted-foreground">/month</span>
      </p>
      <p className="mt-1 min-h-5 text-sm text-muted-foreground" data-testid="billing-terms">
        {promo
          ? promoPriceTerms(periodPrice(plan.tier, period), promo, period).text
          : period === 'yearly'
            ? `${usd(billed)} billed yearly`
            : 'Billed monthly'}
        {promo && <span className="font-medium whitespace-nowrap text-success-strong"> · with {promo.code}</span>}
      </p>
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
        {ticksFor(plan).map((f) => (
          <li key={f} className="flex items-start gap-2">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {f}
          </li>
        ))}
      </ul>
      <Button
        className="mt-8 w-full"
        size="lg"
        variant={plan.popular ? 'default' : 'outline'}
        onClick={onSubscribe}
        disabled={disabled || relation === 'current'}
        aria-label={relation === 'current' ? undefined : name}
      >
        {busy && <Spinner />}
        {busy ? 'Creating checkout...' : relation === 'current' ? 'Your plan' : action}
      </Button>
    </Card>
  );
}
