/**
 * Paddle-shaped webhook payloads and Paddle's signature scheme. The sandbox provider sends these
 * through the real webhook pipeline, and tests sign Paddle events with them exactly as Paddle does:
 * `Paddle-Signature: ts=<unix seconds>;h1=<hex HMAC-SHA256 of "ts:rawBody">`.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { BillingPeriod, PaidTier } from '@plainspoken/shared';
import { periodPrice } from '@plainspoken/shared';

export function signPaddle(rawBody: string, secret: string, tsSeconds = Math.floor(Date.now() / 1000)): string {
  const h1 = createHmac('sha256', secret).update(`${tsSeconds}:${rawBody}`).digest('hex');
  return `ts=${tsSeconds};h1=${h1}`;
}

export interface PaddleEventEnvelope {
  event_id: string;
  event_type: string;
  occurred_at: string;
  notification_id: string;
  data: Record<string, unknown>;
}

export function envelope(
  eventType: string,
  data: Record<string, unknown>,
  occurredAt: Date,
  eventId = `evt_${randomUUID().replace(/-/g, '')}`,
): PaddleEventEnvelope {
  return {
    event_id: eventId,
    event_type: eventType,
    occurred_at: occurredAt.toISOString(),
    notification_id: `ntf_${randomUUID().replace(/-/g, '')}`,
    data,
  };
}

function cents(tier: PaidTier, period: BillingPeriod): string {
  return String(Math.round(periodPrice(tier, period) * 100));
}

function price(priceId: string, tier: PaidTier, period: BillingPeriod) {
  return {
    id: priceId,
    product_id: `pro_${tier.toLowerCase()}`,
    description: `${tier} ${period}`,
    name: `${tier} ${period}`,
    type: 'standard',
    billing_cycle: { interval: period === 'monthly' ? 'month' : 'year', frequency: 1 },
    trial_period: null,
    tax_mode: 'account_setting',
    unit_price: { amount: cents(tier, period), currency_code: 'USD' },
    unit_price_overrides: [],
    quantity: { minimum: 1, maximum: 1 },
    status: 'active',
    custom_data: null,
  };
}

export interface SubscriptionShape {
  id: string;
  customerId: string;
  status: 'active' | 'canceled' | 'past_due' | 'trialing' | 'paused';
  priceId: string;
  tier: PaidTier;
  period: BillingPeriod;
  periodStart: Date;
  periodEnd: Date;
  userId?: string | null;
  scheduledCancelAt?: Date | null;
  canceledAt?: Date | null;
}

export function subscriptionData(s: SubscriptionShape): Record<string, unknown> {
  const iso = (d: Date) => d.toISOString();
  return {
    id: s.id,
    status: s.status,
    customer_id: s.customerId,
    address_id: `add_${s.customerId}`,
    business_id: null,
    currency_code: 'USD',
    created_at: iso(s.periodStart),
    updated_at: iso(s.periodStart),
    started_at: iso(s.periodStart),
    first_billed_at: iso(s.periodStart),
    next_billed_at: s.status === 'canceled' || s.scheduledCancelAt ? null : iso(s.periodEnd),
    paused_at: null,
    canceled_at: s.canceledAt ? iso(s.canceledAt) : null,
    discount: null,
    collection_mode: 'automatic',
    billing_details: null,
    current_billing_period:
      s.status === 'canceled' ? null : { starts_at: iso(s.periodStart), ends_at: iso(s.periodEnd) },
    billing_cycle: { interval: s.period === 'monthly' ? 'month' : 'year', frequency: 1 },
    scheduled_change: s.scheduledCancelAt
      ? { action: 'cancel', effective_at: iso(s.scheduledCancelAt), resume_at: null }
      : null,
    items: [
      {
        status: 'active',
        quantity: 1,
        recurring: true,
        created_at: iso(s.periodStart),
        updated_at: iso(s.periodStart),
        previously_billed_at: iso(s.periodStart),
        next_billed_at: iso(s.periodEnd),
        trial_dates: null,
        price: price(s.priceId, s.tier, s.period),
      },
    ],
    custom_data: s.userId ? { user_id: s.userId } : null,
    import_meta: null,
  };
}

export interface TransactionShape {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  origin: 'web' | 'subscription_recurring' | 'subscription_update' | 'api';
  priceId: string;
  tier: PaidTier;
  period: BillingPeriod;
  periodStart: Date;
  periodEnd: Date;
  userId?: string | null;
  /** The discount applied at checkout (a promotion code's), as Paddle reports it. */
  discountId?: string | null;
}

export function transactionData(t: TransactionShape): Record<string, unknown> {
  const iso = (d: Date) => d.toISOString();
  return {
    id: t.id,
    status: 'completed',
    customer_id: t.customerId,
    address_id: `add_${t.customerId}`,
    business_id: null,
    custom_data: t.userId ? { user_id: t.userId } : null,
    currency_code: 'USD',
    origin: t.origin,
    subscription_id: t.subscriptionId,
    invoice_id: null,
    invoice_number: null,
    collection_mode: 'automatic',
    discount_id: t.discountId ?? null,
    billing_details: null,
    billing_period: { starts_at: iso(t.periodStart), ends_at: iso(t.periodEnd) },
    items: [{ price: price(t.priceId, t.tier, t.period), quantity: 1, proration: null }],
    details: null,
    payments: [],
    checkout: null,
    created_at: iso(t.periodStart),
    updated_at: iso(t.periodStart),
    billed_at: iso(t.periodStart),
    revised_at: null,
  };
}
