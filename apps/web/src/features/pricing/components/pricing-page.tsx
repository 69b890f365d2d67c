import { useEffect, useState } from 'react';
import { ANNUAL_DISCOUNT_LABEL, MSG, PLANS, periodPrice, type BillingPeriod, type PaidTier } from '@plainspoken/shared';
import { Badge } from '@/components/ui/badge';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { track } from '@/lib/analytics';
import { useSession } from '@/lib/auth';
import { useAuthDialog } from '@/lib/auth-dialog';
import { notify, notifyError } from '@/lib/toast';
import { useCreateCheckout } from '../api/create-checkout';
import { checkoutFailedToast, noCheckoutUrlToast } from '../lib/checkout-errors';
import { PlanCard } from './plan-card';

export function PricingPage() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const [pending, setPending] = useState<PaidTier | null>(null);
  const { user } = useSession();
  const { openAuthDialog } = useAuthDialog();
  const checkout = useCreateCheckout();

  useEffect(() => track('view_pricing'), []);

  async function subscribe(tier: PaidTier) {
    if (!user) {
      openAuthDialog('sign-up');
      return;
    }
    setPending(tier);
    notify({ title: MSG.creatingCheckout });
    track('begin_checkout', { tier, value: periodPrice(tier, period), currency: 'USD' });
    try {
      const res = await checkout.mutateAsync({ planTier: tier, billingPeriod: period });
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
          <ToggleGroupItem value="monthly" className="px-5">
            Monthly
          </ToggleGroupItem>
          <ToggleGroupItem value="yearly" className="px-5">
            Annual
            <Badge variant="success">{ANNUAL_DISCOUNT_LABEL}</Badge>
          </ToggleGroupItem>
        </ToggleGroup>
      </div>

      <div className="mt-12 grid gap-6 md:grid-cols-3">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.tier}
            plan={plan}
            period={period}
            busy={pending === plan.tier}
            disabled={pending !== null}
            onSubscribe={() => void subscribe(plan.tier)}
          />
        ))}
      </div>
      <p className="mt-8 text-center text-sm text-muted-foreground">
        Prices in USD. All sales are final; cancellation takes effect at the end of the billing period.
      </p>
    </div>
  );
}
