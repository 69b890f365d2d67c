import { lazy, Suspense, useEffect, useState } from 'react';
import { TagIcon } from 'lucide-react';
import {
  ANNUAL_DISCOUNT_LABEL,
  MSG,
  PAID_TIERS,
  PLANS,
  isPaidTier,
  discountedPrice,
  periodPrice,
  promoPercentLabel,
  type BillingPeriod,
  type PaidTier,
} from '@plainspoken/shared';
import { Badge } from '@/components/ui/badge';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { track } from '@/lib/analytics';
import { useSession } from '@/lib/auth';
import { useAuthDialog } from '@/lib/auth-dialog';
import { useActivePromotion } from '@/lib/promotion';
import { useSubscription } from '@/lib/subscription';
import { dismissErrorToasts, notify, notifyError } from '@/lib/toast';
import { useCreateCheckout } from '../api/create-checkout';
import { checkoutFailedToast, noCheckoutUrlToast } from '../lib/checkout-errors';
import { FreeCard } from './free-card';
import { PlanCard } from './plan-card';

// The plan-change confirmation (and the dialog library with it) loads when a subscriber first asks for a
// change, not with the page.
const PlanChangeDialog = lazy(() => import('./plan-change-dialog').then((m) => ({ default: m.PlanChangeDialog })));

export function PricingPage() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const [pending, setPending] = useState<PaidTier | null>(null);
  const { user, isPending: sessionPending } = useSession();
  const { openAuthDialog } = useAuthDialog();
  const checkout = useCreateCheckout();
  const active = useActivePromotion();
  const subscriptionQuery = useSubscription(user?.id ?? null);
  const subscription = subscriptionQuery.data;
  // Until the session (and a signed-in user's plan) is known, a click could not tell sign-up from checkout
  // from a plan change: the plan buttons wait, disabled, for the answer.
  const deciding = sessionPending || (user !== null && subscriptionQuery.isPending);
  // A subscriber's current plan and period: the cards say "Your plan", "Upgrade" or "Downgrade".
  const current =
    subscription &&
    subscription.subscribed &&
    isPaidTier(subscription.subscription_tier) &&
    !subscription.cancellation_end_date
      ? {
          tier: subscription.subscription_tier,
          period: subscription.billing_period === 'yearly' ? 'yearly' : 'monthly',
        }
      : null;
  // A code discounts a new subscription's first payment; a plan change is prorated at full prices.
  const promo = current ? null : active;
  const [change, setChange] = useState<{ tier: PaidTier; period: BillingPeriod; label: string } | null>(null);
  // Once asked for, the dialog stays mounted so it can play its closing animation.
  const [changeAsked, setChangeAsked] = useState(false);
  const relationOf = (tier: PaidTier): 'current' | 'upgrade' | 'downgrade' | 'switch' | null => {
    if (!current) return null;
    if (tier === current.tier) return period === current.period ? 'current' : 'switch';
    return PAID_TIERS.indexOf(tier) > PAID_TIERS.indexOf(current.tier) ? 'upgrade' : 'downgrade';
  };

  useEffect(() => track('view_pricing'), []);

  async function subscribe(tier: PaidTier) {
    if (!user) {
      openAuthDialog('sign-up');
      return;
    }
    dismissErrorToasts();
    setPending(tier);
    notify({ title: MSG.creatingCheckout });
    const value = promo ? discountedPrice(periodPrice(tier, period), promo, period) : periodPrice(tier, period);
    track('begin_checkout', { tier, value, currency: 'USD' });
    try {
      const res = await checkout.mutateAsync({
        planTier: tier,
        billingPeriod: period,
        ...(promo ? { discountCode: promo.code } : {}),
      });
      if (!res.url) {
        notifyError(noCheckoutUrlToast);
        setPending(null);
        return;
      }
      // The button stays busy while the browser leaves for the checkout page.
      window.location.assign(res.url);
    } catch (e) {
      notifyError(checkoutFailedToast(e));
      setPending(null);
    }
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Simple, transparent pricing</h1>
        <p className="mt-3 text-muted-foreground">
          Pick a monthly word allowance that fits how much you write. Cancel any time; your plan runs to the end of the
          billing period.
        </p>
      </div>

      <div className="mt-8 flex justify-center">
        <ToggleGroup
          type="single"
          value={period}
          onValueChange={(v) => v && setPeriod(v as BillingPeriod)}
          aria-label="Billing period"
        >
          <ToggleGroupItem value="monthly" className="px-5!">
            Monthly
          </ToggleGroupItem>
          <ToggleGroupItem value="yearly" className="px-5!">
            Annual
            <Badge variant="success">{ANNUAL_DISCOUNT_LABEL}</Badge>
          </ToggleGroupItem>
        </ToggleGroup>
      </div>

      {promo && (
        <p
          role="status"
          data-testid="promo-applied"
          className="mx-auto mt-6 flex max-w-2xl items-start gap-2 rounded-lg border border-success/40 bg-success/10 px-4 py-3 text-sm sm:items-center"
        >
          <TagIcon className="mt-0.5 size-4 shrink-0 text-success sm:mt-0" aria-hidden="true" />
          <span>
            Code <strong className="font-semibold">{promo.code}</strong> applies at checkout:{' '}
            {promoPercentLabel(promo, 'monthly')} monthly plans
            {promoPercentLabel(promo, 'yearly') !== promoPercentLabel(promo, 'monthly')
              ? `, ${promoPercentLabel(promo, 'yearly')} annual plans`
              : ''}
            .
          </span>
        </p>
      )}

      <div className="mt-12 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        <FreeCard
          state={!user ? 'visitor' : subscription && subscription.subscription_tier !== 'FREE' ? 'paid' : 'current'}
          onStart={() => openAuthDialog('sign-up')}
        />
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.tier}
            plan={plan}
            period={period}
            promo={promo}
            busy={pending === plan.tier}
            disabled={pending !== null || deciding}
            relation={relationOf(plan.tier)}
            onSubscribe={() => {
              const relation = relationOf(plan.tier);
              if (relation && relation !== 'current') {
                setChangeAsked(true);
                setChange({
                  tier: plan.tier,
                  period,
                  label: relation === 'upgrade' ? 'Upgrade' : relation === 'downgrade' ? 'Downgrade' : 'Switch',
                });
              } else void subscribe(plan.tier);
            }}
          />
        ))}
      </div>
      {changeAsked && (
        <Suspense fallback={null}>
          <PlanChangeDialog target={change} onClose={() => setChange(null)} />
        </Suspense>
      )}
      <p className="mt-8 text-center text-sm text-muted-foreground">
        Prices in USD. All sales are final; cancellation takes effect at the end of the billing period.
      </p>
    </div>
  );
}
