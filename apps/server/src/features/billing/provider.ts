/**
 * The payment provider seen by the rest of billing: Paddle Billing when it is configured, otherwise the
 * built-in local sandbox (decision 6). Both verify webhooks with the Paddle SDK and deliver events in
 * Paddle's shape, so one webhook pipeline serves both.
 */
import { Paddle, type EventEntity } from '@paddle/paddle-node-sdk';
import type { BillingPeriod, PaidTier } from '@plainspoken/shared';
import type { Env } from '../../env';
import { createPaddleProvider } from './paddle.provider';
import { createSandboxProvider } from './sandbox.provider';

export interface PlanChoice {
  tier: PaidTier;
  period: BillingPeriod;
}

export interface CheckoutRequest extends PlanChoice {
  user: { id: string; email: string };
  /** Known when the user paid before: the new transaction stays on the same customer. */
  customerId: string | null;
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
}

/** Thrown by provider calls; the services turn it into the user-facing AppError of their operation. */
export class ProviderError extends Error {}

/** Verification through the SDK; constructing Paddle also installs the SDK's Node crypto provider. */
export function sdkVerifier(apiKey: string): (rawBody: string, secret: string, signature: string) => Promise<EventEntity> {
  const paddle = new Paddle(apiKey);
  return (rawBody, secret, signature) => paddle.webhooks.unmarshal(rawBody, secret, signature);
}

const cache = new WeakMap<Env, PaymentProvider>();

/** One provider per configuration: a pure function of the environment, so every caller agrees. */
export function paymentProvider(env: Env): PaymentProvider {
  let p = cache.get(env);
  if (!p) {
    p = env.PADDLE_API_KEY ? createPaddleProvider(env) : createSandboxProvider(env);
    cache.set(env, p);
  }
  return p;
}
