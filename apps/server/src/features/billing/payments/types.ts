/**
 * The payment provider seen by the rest of billing: Paddle Billing when it is configured, otherwise the
 * built-in local sandbox (spec decision 6). Both verify webhooks with the Paddle SDK and deliver events in
 * Paddle's shape, so one webhook pipeline serves both. server.ts builds the one provider of a process
 * (createPaddleProvider or createSandboxProvider) and hands it to billing as deps.payments.
 */
import type { EventEntity } from '@paddle/paddle-node-sdk';
import type { Env } from '../../../env';
import type { Db } from '../../../db/client';
import type { Logger } from '../../../lib/logger';
import type { PlanChoice } from '../../../domain/lifecycle';
import type { BillingPeriod, PaidTier, PlanChangePreview } from '@plainspoken/shared';

export type { PlanChoice };

export interface CheckoutRequest extends PlanChoice {
  user: { id: string; email: string };
  /** Known when the user paid before: the new transaction stays on the same customer. */
  customerId: string | null;
  /** A promotion code the server checked, with the provider's discount id for it. */
  discount?: { code: string; id: string } | null;
}

export interface PortalRequest {
  user: { id: string; email: string };
  customerId: string;
  subscriptionId: string | null;
}

export interface PaymentProvider {
  readonly kind: 'paddle' | 'sandbox';
  /** The hosted checkout's URL; the user's id travels in custom_data so the webhook can find them. */
  createCheckout(req: CheckoutRequest): Promise<string>;
  createPortal(req: PortalRequest): Promise<string>;
  /** Ends a subscription now (account deletion), not at the end of the period. */
  cancelNow(subscriptionId: string): Promise<void>;
  /** Verifies the Paddle-Signature header on the raw body; throws when it does not match or is stale. */
  verify(rawBody: string, signature: string): Promise<EventEntity>;
  planForPrice(priceId: string): PlanChoice | null;
  /** What moving the subscription to another plan costs now, prorated immediately (Paddle's preview). */
  previewChange(req: PlanChangeRequest): Promise<Omit<PlanChangePreview, 'from' | 'direction'>>;
  /** Moves the subscription to another plan, prorated immediately; the provider's webhook applies it. */
  changePlan(req: PlanChangeRequest): Promise<void>;
}

export interface PlanChangeRequest {
  subscriptionId: string;
  tier: PaidTier;
  period: BillingPeriod;
}

/** Thrown by provider calls; the services turn it into the user-facing AppError of their operation. */
export class ProviderError extends Error {}

/** What billing's services need: the infrastructure they use and the provider. */
export interface BillingDeps {
  db: Db;
  env: Env;
  logger: Logger;
  now: () => Date;
  payments: PaymentProvider;
}
