import { AI_CHECK } from './timings';

/** Plans, caps and prices: the one table browser and server read (spec section 9). */
export const TIERS = ['FREE', 'Basic', 'Pro', 'Ultra'] as const;
export type Tier = (typeof TIERS)[number];
export const PAID_TIERS = ['Basic', 'Pro', 'Ultra'] as const;
export type PaidTier = (typeof PAID_TIERS)[number];
export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export interface PlanLimits {
  /** Words granted each month. */
  monthlyWords: number;
  /** Maximum words in one request. */
  requestCap: number;
}

export const TIER_LIMITS: Record<Tier, PlanLimits> = {
  FREE: { monthlyWords: 250, requestCap: 250 },
  Basic: { monthlyWords: 5000, requestCap: 500 },
  Pro: { monthlyWords: 15000, requestCap: 1500 },
  Ultra: { monthlyWords: 30000, requestCap: 3000 },
};

/**
 * The public API's limits per key (decision 0034), for each kind of request (`POST /v1/humanize`,
 * `POST /v1/detect`) on its own: requests admitted in a minute (a window that starts with the first one)
 * and requests running at once. The Free plan has no API access (its keys answer 403), so it has no rate.
 */
export interface ApiKeyLimits {
  requestsPerMinute: number;
  concurrent: number;
}
export const API_KEY_LIMITS: Record<PaidTier, ApiKeyLimits> = {
  Basic: { requestsPerMinute: 20, concurrent: 3 },
  Pro: { requestsPerMinute: 30, concurrent: 3 },
  Ultra: { requestsPerMinute: 60, concurrent: 6 },
};
/** The per-key rate's window. */
export const API_RATE_WINDOW_MS = 60_000;
/** Retry-After of a request refused because the key already has its most requests running. */
export const API_CONCURRENCY_RETRY_AFTER_S = 2;

export interface Plan {
  tier: PaidTier;
  name: string;
  /** USD per month on monthly billing. */
  monthlyPrice: number;
  /** USD per month on annual billing. */
  annualPrice: number;
  features: string[];
  popular: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    tier: 'Basic',
    name: 'Basic',
    monthlyPrice: 6.99,
    annualPrice: 4.99,
    features: [
      '5,000 words per month',
      '500 words per request',
      'Deep Humanize and Lightning modes',
      'Transformation history',
    ],
    popular: false,
  },
  {
    tier: 'Pro',
    name: 'Pro',
    monthlyPrice: 19.99,
    annualPrice: 13.99,
    features: [
      '15,000 words per month',
      '1,500 words per request',
      'Deep Humanize and Lightning modes',
      'Transformation history',
    ],
    popular: true,
  },
  {
    tier: 'Ultra',
    name: 'Ultra',
    monthlyPrice: 39.99,
    annualPrice: 27.99,
    features: [
      '30,000 words per month',
      '3,000 words per request',
      'Deep Humanize and Lightning modes',
      'Transformation history',
      'Priority support',
    ],
    popular: false,
  },
];

export const ANNUAL_DISCOUNT_LABEL = 'Save 30%';
export const FREE_SIGNUP_WORDS = 250;
/** The spec's fallback for a missing subscriber row; unused because the row always exists (spec decision 1). */
export const MISSING_ROW_DEFAULT_BALANCE = 500;
export const MIN_WORDS = 50;

export function isTier(v: unknown): v is Tier {
  return typeof v === 'string' && (TIERS as readonly string[]).includes(v);
}
export function isPaidTier(v: unknown): v is PaidTier {
  return typeof v === 'string' && (PAID_TIERS as readonly string[]).includes(v);
}
export function limitsFor(tier: string): PlanLimits {
  return isTier(tier) ? TIER_LIMITS[tier] : TIER_LIMITS.FREE;
}
/** Words one AI check may hold on a plan: its request cap, and never fewer than a visitor may check. */
export function aiCheckWordLimit(tier: Tier): number {
  return Math.max(AI_CHECK.anonymousWords, TIER_LIMITS[tier].requestCap);
}
export function planFor(tier: PaidTier): Plan {
  const p = PLANS.find((x) => x.tier === tier);
  if (!p) throw new Error(`unknown tier ${tier}`);
  return p;
}
/** Price charged per billing period in USD: monthly price, or twelve annual months. */
export function periodPrice(tier: PaidTier, period: BillingPeriod): number {
  const p = planFor(tier);
  return period === 'monthly' ? p.monthlyPrice : Math.round(p.annualPrice * 12 * 100) / 100;
}

/** Test plan variants of the webhook diagnostics page (spec section 3). */
export const TEST_PLAN_VARIANTS = [
  { id: 905785, name: 'Basic Monthly', tier: 'Basic', period: 'monthly' },
  { id: 905795, name: 'Basic Yearly', tier: 'Basic', period: 'yearly' },
  { id: 905802, name: 'Pro Monthly', tier: 'Pro', period: 'monthly' },
  { id: 905804, name: 'Pro Yearly', tier: 'Pro', period: 'yearly' },
  { id: 905805, name: 'Ultra Monthly', tier: 'Ultra', period: 'monthly' },
  { id: 905807, name: 'Ultra Yearly', tier: 'Ultra', period: 'yearly' },
] as const satisfies readonly { id: number; name: string; tier: PaidTier; period: BillingPeriod }[];
export const DEFAULT_TEST_VARIANT_ID = 905802;
export const DEFAULT_TEST_EMAIL = 'test@example.com';
export const DEBUG_LOG_PAGE_SIZE = 20;
export const ACCESS_TOKEN_DISPLAY_CHARS = 20;
