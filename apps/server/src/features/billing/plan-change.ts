/**
 * A subscriber moving to another paid plan: the preview of what it costs (the unused part of the current
 * plan credited, the new plan charged for the rest of the period, or for its own first period when the
 * billing period changes) and the change itself. With Paddle both come from Paddle's subscription preview
 * and update (prorated immediately); the sandbox computes the same proration and applies the change
 * through its signed subscription.updated event.
 */
import {
  PAID_TIERS,
  discountedPrice,
  findPromoCode,
  isPaidTier,
  periodPrice,
  type BillingPeriod,
  type PaidTier,
  type PlanChangePreview,
} from '@plainspoken/shared';
import { AppError } from '../../lib/errors';
import { addMonths, effectiveTier, loadSubscriber } from '../../domain/subscribers';
import { envelope, signPaddle, subscriptionData } from './payments/paddle-events';
import { sandboxCustomerId, sandboxPriceId } from './payments/sandbox';
import type { BillingDeps } from './payments/types';
import { receiveSignedWebhook } from './webhooks/receive';
import { codeOfPeriod } from './promotions';

type Caller = { id: string; email: string };
type Target = { planTier: PaidTier; billingPeriod: BillingPeriod };

const cents = (v: number) => Math.round(v * 100) / 100;
const perMonth = (tier: PaidTier, period: BillingPeriod) => periodPrice(tier, period) / (period === 'yearly' ? 12 : 1);

async function current(deps: BillingDeps, caller: Caller, to: Target) {
  const now = deps.now();
  const row = await loadSubscriber(deps.db, caller, now);
  const tier = effectiveTier(row, now);
  if (!isPaidTier(tier) || !row.subscribed)
    throw new AppError('CHECKOUT_FAILED', 409, 'You have no paid plan to change. Choose a plan to subscribe.');
  if (row.cancellation_end_date)
    throw new AppError(
      'CHECKOUT_FAILED',
      409,
      'Your plan is cancelled. Resume it with Manage Plan on your account page before changing it.',
    );
  const period: BillingPeriod = row.billing_period === 'yearly' ? 'yearly' : 'monthly';
  if (tier === to.planTier && period === to.billingPeriod)
    throw new AppError('VALIDATION', 400, `You already have the ${tier} plan, billed ${period}.`);
  const periodEnd = row.subscription_end ?? addMonths(now, 1);
  const periodStart = addMonths(periodEnd, period === 'monthly' ? -1 : -12);
  return {
    now,
    row,
    tier,
    period,
    periodStart,
    periodEnd,
    subId: row.paddle_subscription_id ?? `sub_sandbox_${caller.id}`,
  };
}

function direction(from: { tier: PaidTier; period: BillingPeriod }, to: Target): PlanChangePreview['direction'] {
  const a = PAID_TIERS.indexOf(from.tier);
  const b = PAID_TIERS.indexOf(to.planTier);
  if (a !== b) return b > a ? 'upgrade' : 'downgrade';
  return perMonth(to.planTier, to.billingPeriod) >= perMonth(from.tier, from.period) ? 'upgrade' : 'downgrade';
}

/**
 * The sandbox's proration, computed as Paddle's "prorated immediately" does: the unused part of what was paid
 * for the current period is credited (`paid`, the discounted price when a promotion code paid this period; the
 * list price otherwise).
 */
export function prorate(
  cur: { tier: PaidTier; period: BillingPeriod; periodStart: Date; periodEnd: Date; paid?: number },
  to: Target,
  now: Date,
): PlanChangePreview {
  const length = cur.periodEnd.getTime() - cur.periodStart.getTime();
  const left = Math.min(1, Math.max(0, (cur.periodEnd.getTime() - now.getTime()) / length));
  const credit = cents((cur.paid ?? periodPrice(cur.tier, cur.period)) * left);
  const samePeriod = cur.period === to.billingPeriod;
  const charge = cents(periodPrice(to.planTier, to.billingPeriod) * (samePeriod ? left : 1));
  const nextBilledAt = samePeriod ? cur.periodEnd : addMonths(now, to.billingPeriod === 'monthly' ? 1 : 12);
  return {
    from: { tier: cur.tier, period: cur.period },
    to: { tier: to.planTier, period: to.billingPeriod },
    direction: direction(cur, to),
    credit,
    charge,
    dueNow: cents(Math.max(0, charge - credit)),
    carriedCredit: cents(Math.max(0, credit - charge)),
    nextBilledAt: nextBilledAt.toISOString(),
    nextAmount: periodPrice(to.planTier, to.billingPeriod),
  };
}

export async function previewPlanChange(deps: BillingDeps, caller: Caller, to: Target): Promise<PlanChangePreview> {
  const cur = await current(deps, caller, to);
  if (deps.payments.kind === 'sandbox') {
    // The plan held is credited at what was paid for it: the discounted price when a code paid it, the list
    // price (prorated) when it was bought by an earlier change in this period or without a code.
    const promo = findPromoCode((await codeOfPeriod(deps.db, caller.id, cur.periodStart)) ?? '');
    const list = periodPrice(cur.tier, cur.period);
    return prorate({ ...cur, paid: promo ? discountedPrice(list, promo, cur.period) : list }, to, cur.now);
  }
  try {
    const p = await deps.payments.previewChange({
      subscriptionId: cur.subId,
      tier: to.planTier,
      period: to.billingPeriod,
    });
    return { ...p, from: { tier: cur.tier, period: cur.period }, direction: direction(cur, to) };
  } catch (e) {
    deps.logger.error('plan change preview failed', { userId: caller.id, error: (e as Error).message });
    throw new AppError('CHECKOUT_FAILED', 502, 'We could not price this change right now. Please try again.');
  }
}

export async function changePlan(
  deps: BillingDeps,
  caller: Caller,
  to: Target,
): Promise<{ ok: true; applied: boolean }> {
  const cur = await current(deps, caller, to);
  if (deps.payments.kind === 'paddle') {
    try {
      await deps.payments.changePlan({ subscriptionId: cur.subId, tier: to.planTier, period: to.billingPeriod });
    } catch (e) {
      deps.logger.error('plan change failed', { userId: caller.id, error: (e as Error).message });
      throw new AppError('CHECKOUT_FAILED', 502, 'We could not change your plan right now. Nothing was charged.');
    }
    // Paddle's subscription.updated webhook applies it to the account.
    return { ok: true, applied: false };
  }
  const samePeriod = cur.period === to.billingPeriod;
  const periodStart = samePeriod ? cur.periodStart : cur.now;
  const periodEnd = samePeriod ? cur.periodEnd : addMonths(cur.now, to.billingPeriod === 'monthly' ? 1 : 12);
  const ev = envelope(
    'subscription.updated',
    subscriptionData({
      id: cur.subId,
      customerId: cur.row.paddle_customer_id ?? sandboxCustomerId(caller.id),
      status: 'active',
      priceId: sandboxPriceId(to.planTier, to.billingPeriod),
      tier: to.planTier,
      period: to.billingPeriod,
      periodStart,
      periodEnd,
      userId: caller.id,
      scheduledCancelAt: null,
    }),
    cur.now,
  );
  const raw = JSON.stringify(ev);
  await receiveSignedWebhook(deps, raw, signPaddle(raw, deps.env.SANDBOX_WEBHOOK_SECRET));
  return { ok: true, applied: true };
}
