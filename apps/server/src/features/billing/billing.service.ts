/**
 * Paid plans: checkout, the billing portal, and cancelling a subscription when an account is deleted
 * (server.ts hands that to the auth feature's deletion hook). The provider is deps.payments.
 */
import { eq } from 'drizzle-orm';
import { MSG, type BillingPeriod, type PaidTier } from '@plainspoken/shared';
import { subscribers } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { effectiveTier, loadSubscriber } from '../../domain/subscribers';
import type { BillingDeps } from './payments/types';
import { checkPromoCode } from './promotions';

type Caller = { id: string; email: string };

export async function createCheckout(
  deps: BillingDeps,
  caller: Caller,
  plan: { planTier: PaidTier; billingPeriod: BillingPeriod; discountCode?: string | undefined },
): Promise<{ url: string }> {
  const now = deps.now();
  const row = await loadSubscriber(deps.db, caller, now);
  // A second checkout would start a second, separately billed subscription.
  if (effectiveTier(row, now) !== 'FREE' && row.subscribed && row.paddle_subscription_id && !row.cancellation_end_date)
    throw new AppError(
      'CHECKOUT_FAILED',
      409,
      `You already have the ${row.subscription_tier} plan. Use Manage Plan on your account page to change it.`,
    );
  const provider = deps.payments;
  let discount: { code: string; id: string } | null = null;
  if (plan.discountCode) {
    const check = await checkPromoCode(deps, caller.id, plan.discountCode);
    if (!check.ok) throw new AppError('VALIDATION', 400, check.message);
    discount = { code: check.promo.code, id: check.discountId };
  }
  try {
    const url = await provider.createCheckout({
      user: caller,
      tier: plan.planTier,
      period: plan.billingPeriod,
      customerId: row.paddle_customer_id,
      discount,
    });
    return { url };
  } catch (e) {
    deps.logger.error('checkout failed', { userId: caller.id, error: (e as Error).message });
    throw new AppError('CHECKOUT_FAILED', 502, MSG.checkoutFailed);
  }
}

export async function openPortal(deps: BillingDeps, caller: Caller): Promise<{ url: string }> {
  const now = deps.now();
  const row = await loadSubscriber(deps.db, caller, now);
  const provider = deps.payments;
  const paid = effectiveTier(row, now) !== 'FREE';
  // The sandbox also serves subscriptions the diagnostics test event created, which have no customer id.
  const customerId =
    row.paddle_customer_id ?? (provider.kind === 'sandbox' && paid ? `ctm_sandbox_${caller.id}` : null);
  if (!customerId) throw new AppError('PORTAL_FAILED', 404, MSG.portalUnavailable);
  try {
    return {
      url: await provider.createPortal({ user: caller, customerId, subscriptionId: row.paddle_subscription_id }),
    };
  } catch (e) {
    deps.logger.error('portal session failed', { userId: caller.id, error: (e as Error).message });
    throw new AppError('PORTAL_FAILED', 502, MSG.portalFailed);
  }
}

/**
 * For account deletion: stops a paid subscription at the provider immediately, so a deleted account
 * is never billed again. Throws when the provider refuses, and the deletion must then stop too.
 */
export async function cancelSubscriptionForDeletion(deps: BillingDeps, userId: string): Promise<void> {
  const row = (await deps.db.select().from(subscribers).where(eq(subscribers.user_id, userId)))[0];
  if (!row?.paddle_subscription_id || effectiveTier(row, deps.now()) === 'FREE') return;
  try {
    await deps.payments.cancelNow(row.paddle_subscription_id);
  } catch (e) {
    deps.logger.error('cancel for deletion failed', {
      userId,
      subscriptionId: row.paddle_subscription_id,
      error: (e as Error).message,
    });
    throw new AppError(
      'INTERNAL',
      502,
      'We could not cancel your paid subscription with the payment provider, so your account was not deleted. Please try again in a few minutes.',
    );
  }
}

/**
 * The sandbox grants paid plans without payment and signs with a secret that has a public default:
 * fine on a laptop, a giveaway on a public server. Say so loudly at start in production.
 */
export function warnIfSandboxInProduction(deps: Pick<BillingDeps, 'env' | 'logger'>): void {
  if (deps.env.NODE_ENV === 'production' && !deps.env.PADDLE_API_KEY)
    deps.logger.warn(
      'payments run in the local sandbox: anyone can activate a paid plan without paying. Configure Paddle (PADDLE_API_KEY, ...) for a public deployment.',
    );
}
