/**
 * The local sandbox provider (spec decision 6): checkout and portal are pages this server renders, and
 * every action becomes a Paddle-shaped event signed with SANDBOX_WEBHOOK_SECRET that goes through the
 * same webhook pipeline as Paddle's. Session links are HMAC-signed and short-lived.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { BILLING_PERIODS, PAID_TIERS, type BillingPeriod, type PaidTier } from '@plainspoken/shared';
import type { Env } from '../../../env';
import { sdkVerifier } from './paddle';
import { ProviderError, type PaymentProvider, type PlanChoice } from './types';

export const SANDBOX_SESSION_TTL_MS = 60 * 60_000;

export function sandboxPriceId(tier: PaidTier, period: BillingPeriod): string {
  return `pri_sandbox_${tier.toLowerCase()}_${period}`;
}
export function sandboxCustomerId(userId: string): string {
  return `ctm_sandbox_${userId}`;
}

export type SandboxSession =
  | { kind: 'checkout'; userId: string; tier: PaidTier; period: BillingPeriod; exp: number; code?: string }
  | { kind: 'portal'; userId: string; exp: number };

function key(env: Env): Buffer {
  // A key of its own, so a session link can never double as a webhook signature.
  return createHmac('sha256', env.BETTER_AUTH_SECRET).update('plainspoken-sandbox-session').digest();
}

export function signSession(env: Env, s: SandboxSession): string {
  const body = Buffer.from(JSON.stringify(s)).toString('base64url');
  const mac = createHmac('sha256', key(env)).update(body).digest('base64url');
  return `${body}.${mac}`;
}

/** The session a link carries, or null when it was forged, altered or has expired. */
export function readSession(env: Env, token: string | undefined, nowMs: number): SandboxSession | null {
  if (!token || token.length > 2000) return null;
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  const want = createHmac('sha256', key(env)).update(body).digest();
  const got = Buffer.from(mac, 'base64url');
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  try {
    const s = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SandboxSession;
    if (typeof s.exp !== 'number' || s.exp < nowMs) return null;
    return s;
  } catch {
    return null;
  }
}

export function createSandboxProvider(env: Env): PaymentProvider {
  const verifyWithSdk = sdkVerifier('plainspoken-sandbox');
  const byPrice = new Map<string, PlanChoice>();
  for (const tier of PAID_TIERS)
    for (const period of BILLING_PERIODS) byPrice.set(sandboxPriceId(tier, period), { tier, period });
  // Links expire by wall-clock time: the test clock moves the product's business time only.
  const exp = () => Date.now() + SANDBOX_SESSION_TTL_MS;

  return {
    kind: 'sandbox',
    createCheckout({ user, tier, period, discount }) {
      const token = signSession(env, {
        kind: 'checkout',
        userId: user.id,
        tier,
        period,
        exp: exp(),
        ...(discount ? { code: discount.code } : {}),
      });
      return Promise.resolve(`${env.BASE_URL}/sandbox/checkout?session=${encodeURIComponent(token)}`);
    },
    createPortal({ user }) {
      const token = signSession(env, { kind: 'portal', userId: user.id, exp: exp() });
      return Promise.resolve(`${env.BASE_URL}/sandbox/portal?session=${encodeURIComponent(token)}`);
    },
    async cancelNow() {
      // Nothing is billed in the sandbox, so there is no provider-side subscription to stop.
    },
    verify: (rawBody, signature) => verifyWithSdk(rawBody, env.SANDBOX_WEBHOOK_SECRET, signature),
    planForPrice: (priceId) => byPrice.get(priceId) ?? null,
    // The sandbox's proration and change run in plan-change.ts on the subscriber's own period.
    previewChange: () => Promise.reject(new ProviderError('the sandbox prorates in plan-change.ts')),
    changePlan: () => Promise.reject(new ProviderError('the sandbox changes plans in plan-change.ts')),
  };
}
