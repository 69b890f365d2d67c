/**
 * Paddle Billing. Webhooks are verified with the SDK; the three API calls go through a small fetch
 * adapter because the SDK has no option for another API origin, and tests run against a local fake
 * (docs/decisions/0010-billing-providers-and-webhooks.md).
 */
import { Paddle, type EventEntity } from '@paddle/paddle-node-sdk';
import { BILLING_PERIODS, PAID_TIERS, type BillingPeriod, type PaidTier } from '@plainspoken/shared';
import type { Env, PlanKey } from '../../../env';
import { ProviderError, type PaymentProvider, type PlanChoice } from './types';

const API_ORIGIN: Record<Env['PADDLE_ENVIRONMENT'], string> = {
  sandbox: 'https://sandbox-api.paddle.com',
  production: 'https://api.paddle.com',
};
const TIMEOUT_MS = 15_000;

/** The parts of Paddle's subscription preview (PATCH /subscriptions/{id}/preview) the confirmation shows. */
interface PaddleChangePreview {
  next_billed_at?: string | null;
  update_summary?: { credit?: { amount?: string }; charge?: { amount?: string } } | null;
  immediate_transaction?: { details?: { totals?: { grand_total?: string } } } | null;
  recurring_transaction_details?: { totals?: { grand_total?: string } } | null;
}

interface PaddleErrorBody {
  error?: { code?: string; detail?: string };
}

/** Verification through the SDK; constructing Paddle also installs the SDK's Node crypto provider. */
export function sdkVerifier(
  apiKey: string,
): (rawBody: string, secret: string, signature: string) => Promise<EventEntity> {
  const paddle = new Paddle(apiKey);
  return (rawBody, secret, signature) => paddle.webhooks.unmarshal(rawBody, secret, signature);
}

export function createPaddleProvider(env: Env): PaymentProvider {
  const apiKey = env.PADDLE_API_KEY;
  const secret = env.PADDLE_WEBHOOK_SECRET;
  const prices = env.PADDLE_PRICE_IDS ?? {};
  if (!apiKey || !secret) throw new Error('Paddle is not configured');
  const base = (env.PADDLE_API_BASE_URL ?? API_ORIGIN[env.PADDLE_ENVIRONMENT]).replace(/\/$/, '');
  const verifyWithSdk = sdkVerifier(apiKey);

  const byPrice = new Map<string, PlanChoice>();
  for (const tier of PAID_TIERS)
    for (const period of BILLING_PERIODS) {
      const id = prices[`${tier}:${period}` satisfies PlanKey];
      if (id) byPrice.set(id, { tier, period });
    }

  async function call<T>(path: string, body: unknown, method: 'POST' | 'PATCH' = 'POST'): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (e) {
      throw new ProviderError(`Paddle could not be reached: ${(e as Error).message}`);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!res.ok) {
      const err = (json as PaddleErrorBody | null)?.error;
      throw new ProviderError(
        `Paddle answered ${res.status}${err?.code ? ` ${err.code}` : ''}${err?.detail ? `: ${err.detail}` : ''}`,
      );
    }
    const data = (json as { data?: T } | null)?.data;
    if (!data) throw new ProviderError('Paddle answered without data');
    return data;
  }

  function changeBody(tier: PaidTier, period: BillingPeriod) {
    const priceId = prices[`${tier}:${period}`];
    if (!priceId) throw new ProviderError(`no Paddle price for ${tier} ${period}`);
    return { items: [{ price_id: priceId, quantity: 1 }], proration_billing_mode: 'prorated_immediately' };
  }

  return {
    kind: 'paddle',
    async createCheckout({ user, tier, period, customerId, discount }) {
      const priceId = prices[`${tier}:${period}`];
      if (!priceId) throw new ProviderError(`no Paddle price for ${tier} ${period}`);
      const txn = await call<{ id: string; checkout?: { url?: string | null } | null }>('/transactions', {
        items: [{ price_id: priceId, quantity: 1 }],
        custom_data: { user_id: user.id },
        ...(customerId ? { customer_id: customerId } : {}),
        ...(discount ? { discount_id: discount.id } : {}),
        collection_mode: 'automatic',
      });
      const url = txn.checkout?.url;
      if (!url)
        throw new ProviderError(`transaction ${txn.id} has no checkout URL (is a default payment link set in Paddle?)`);
      return url;
    },
    async createPortal({ customerId, subscriptionId }) {
      const s = await call<{ urls?: { general?: { overview?: string } } }>(
        `/customers/${encodeURIComponent(customerId)}/portal-sessions`,
        { subscription_ids: subscriptionId ? [subscriptionId] : [] },
      );
      const url = s.urls?.general?.overview;
      if (!url) throw new ProviderError('portal session has no URL');
      return url;
    },
    async cancelNow(subscriptionId) {
      await call(`/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`, { effective_from: 'immediately' });
    },
    async previewChange({ subscriptionId, tier, period }) {
      const p = await call<PaddleChangePreview>(
        `/subscriptions/${encodeURIComponent(subscriptionId)}/preview`,
        changeBody(tier, period),
        'PATCH',
      );
      // Paddle's amounts are strings in the currency's lowest unit (cents).
      const usd = (v: string | undefined) => Number(v ?? 0) / 100;
      const credit = usd(p.update_summary?.credit?.amount);
      const charge = usd(p.update_summary?.charge?.amount);
      return {
        to: { tier, period },
        credit,
        charge,
        dueNow: usd(p.immediate_transaction?.details?.totals?.grand_total),
        carriedCredit: Math.max(0, Math.round((credit - charge) * 100) / 100),
        nextBilledAt: p.next_billed_at ?? null,
        nextAmount: usd(p.recurring_transaction_details?.totals?.grand_total),
      };
    },
    async changePlan({ subscriptionId, tier, period }) {
      await call(`/subscriptions/${encodeURIComponent(subscriptionId)}`, changeBody(tier, period), 'PATCH');
    },
    verify: (rawBody, signature) => verifyWithSdk(rawBody, secret, signature),
    planForPrice: (priceId) => byPrice.get(priceId) ?? null,
  };
}
