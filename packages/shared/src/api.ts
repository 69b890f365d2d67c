/**
 * Request and response types of the server's endpoints that are not declared beside their domain
 * (schemas.ts holds the humanize, AI check and billing inputs; admin.ts the diagnostics records).
 * The server validates requests with these schemas and types its answers with these interfaces; the
 * web app imports the same names.
 */
import { type Input, z } from './z';
import type { Tier } from './plans';
import type { AdminOverview, SubscriberRecord, WebhookLogRecord } from './admin';

/** GET /api/health */
export interface HealthResponse {
  /** false (with status 503 and Retry-After) when the database does not answer. */
  ok: boolean;
  database: 'pglite' | 'postgres';
  /** The shipped detector weights' version. */
  detector: string;
  /** Why ok is false. */
  reason?: string;
}

/** GET /api/config: the public configuration the web app starts with (no secrets). */
export interface PublicConfig {
  googleEnabled: boolean;
  contactEmail: string;
  posthog: { key: string; host: string } | null;
  payments: 'sandbox' | 'paddle';
  engine: 'model' | 'local';
}

/** GET /api/me */
export interface MeResponse {
  user: { id: string; email: string; emailVerified: boolean; createdAt: string } | null;
  isAdmin: boolean;
}

/** POST /api/account/sign-out */
export const SIGN_OUT_SCOPES = ['global', 'local', 'others'] as const;
export type SignOutScope = (typeof SIGN_OUT_SCOPES)[number];
export const signOutInput = z.object({
  scope: z.enum(SIGN_OUT_SCOPES, { error: "scope must be one of 'global', 'local' or 'others'" }),
});
export type SignOutInput = Input<typeof signOutInput>;

/** GET /api/account/export (downloaded as a JSON file). */
export interface AccountExport {
  product: 'Plainspoken';
  exportedAt: string;
  account: {
    id: string;
    email: string;
    emailVerified: boolean;
    createdAt: string;
    lastSignInAt: string | null;
    twoFactorEnabled: boolean;
  };
  subscription: {
    tier: Tier;
    subscribed: boolean;
    isActive: boolean;
    subscriptionEnd: string | null;
    cancelledAt: string | null;
    cancellationEndDate: string | null;
    billingPeriod: string | null;
    customerId: string | null;
  };
  balance: { monthlyLimit: number; currentBalance: number; resetDate: string | null };
  devices: { createdAt: string; lastActiveAt: string; ipAddress: string | null; userAgent: string | null }[];
  transformations: {
    id: string;
    original_text: string;
    transformed_text: string;
    mode: string;
    words_charged: number;
    engine: string | null;
    created_at: string;
  }[];
}

/** POST /api/functions/track-usage */
export interface TrackUsageOutput {
  tracked: boolean;
  charged: number;
}

/** POST /api/functions/sync-users */
export interface OkResponse {
  ok: true;
}

/** POST /api/functions/create-checkout and /api/functions/paddle-customer-portal: where to send the browser. */
export interface RedirectUrl {
  url: string;
}

/** POST /api/functions/process-expired-subscriptions (admin) */
export interface ProcessExpiredOutput {
  ok: true;
  expired: number;
  reset: number;
}

/** POST /api/functions/payment-webhook */
export interface WebhookResult {
  received: true;
  applied: boolean;
  duplicate?: boolean;
  event_id: string;
  event_type: string;
  message: string;
}

/** GET /api/usage/daily: words charged per UTC day, oldest first; days without rewrites are 0. */
export interface DailyUsage {
  days: { date: string; words: number }[];
  total: number;
}

/** GET /api/transformations?cursor=&limit=&q= (q: words to find in the original or the result) */
export const HISTORY_PAGE_SIZE = 20;
export const historyQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(HISTORY_PAGE_SIZE),
  q: z.string().trim().max(200, 'at most 200 characters').optional(),
  /** Only the entries rewritten in this mode. */
  mode: z.enum(['deep', 'lightning']).optional(),
});
/** DELETE /api/transformations/:id */
export const transformationIdParam = z.object({ id: z.string().uuid('not a history entry id') });

/** GET /api/admin/subscriber?email= */
export const adminSubscriberQuery = z.object({
  email: z.string().trim().min(1, 'email is required').max(320).email('not an email address'),
});
export interface SubscriberLookup {
  subscriber: SubscriberRecord | null;
}

/** GET /api/admin/overview?days= */
export const OVERVIEW_MAX_DAYS = 90;
export const adminOverviewQuery = z.object({ days: z.coerce.number().int().min(1).max(OVERVIEW_MAX_DAYS).default(30) });
export type { AdminOverview };

/** GET /api/admin/webhook-logs and DELETE /api/admin/webhook-logs */
export interface WebhookLogList {
  logs: WebhookLogRecord[];
}
export interface WebhookLogsCleared {
  deleted: number;
}

/** GET /api/dev/mailbox (development only): the local outbox, newest first. */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
}

/** POST /api/dev/clock (NODE_ENV=test only): shifts the product's clock for browser tests. */
const YEAR_MS = 366 * 24 * 3_600_000;
export const devClockInput = z.object({
  offsetMs: z
    .number()
    .int()
    .min(-YEAR_MS)
    .max(5 * YEAR_MS),
});
export interface DevClockOutput {
  offsetMs: number;
  now: string;
}

/** POST /api/functions/humanize-text with `Accept: text/event-stream`: a `progress` event while the engine works. */
export interface HumanizeProgress {
  stage: 'detect' | 'rewrite' | 'candidates' | 'round' | 'checks' | 'done';
  round?: number;
  bestScore?: number;
}

/** GET /api/transformations (query string, as the browser builds it). */
export interface TransformationsQuery {
  cursor?: string | null;
  limit?: number;
  q?: string | undefined;
}

/** POST /api/auth/delete-user: the typed email is a second confirmation the server checks. */
export interface DeleteAccountInput {
  password: string;
  confirmEmail: string;
  /** With two-factor on: a current authenticator code or an unused backup code. */
  code?: string;
}

/** GET /api/admin/overview (query string, as the browser builds it). */
export interface AdminOverviewQuery {
  days?: number;
}
