/**
 * Request and response bodies of the product's own HTTP API that have no zod schema: one declaration
 * for the browser and the server. Bodies with a schema live in `schemas.ts` (checkBalanceInput,
 * humanizeInput, aiCheckInput, createCheckoutInput, ...) and admin records in `admin.ts`; their
 * request types are inferred here so callers need not import zod.
 */
import type { z } from 'zod';
import type { SubscriberRecord, WebhookLogRecord } from './admin';
import type { checkBalanceInput, createCheckoutInput } from './schemas';

/** GET /api/config: what the browser needs to know about this deployment. */
export interface AppConfig {
  googleEnabled: boolean;
  contactEmail: string;
  posthog: { key: string; host: string } | null;
  payments: 'sandbox' | 'paddle';
  engine: 'model' | 'local';
}

/** GET /api/me: the signed-in user as the server sees it, and whether the server counts them as an admin. */
export interface MeOutput {
  user: { id: string; email: string; emailVerified: boolean; createdAt: string } | null;
  isAdmin: boolean;
}

/** POST /api/functions/check-balance. */
export type CheckBalanceInput = z.infer<typeof checkBalanceInput>;

/** POST /api/functions/create-checkout. */
export type CreateCheckoutInput = z.infer<typeof createCheckoutInput>;

/** POST /api/functions/create-checkout and /paddle-customer-portal: where to send the browser. */
export interface RedirectUrlOutput {
  url?: string | null;
}

/** POST /api/functions/sync-users. */
export interface SyncUsersOutput {
  ok: true;
}

/**
 * POST /api/functions/humanize-text with `Accept: text/event-stream`: a `progress` event while the
 * engine works (then one `result` event with HumanizeOutput, or one `error` event).
 */
export interface HumanizeProgress {
  stage: 'detect' | 'rewrite' | 'candidates' | 'round' | 'checks' | 'done';
  round?: number;
  bestScore?: number;
}

/** GET /api/usage/daily: words charged per UTC day, oldest first; days without rewrites are 0. */
export interface DailyUsage {
  days: { date: string; words: number }[];
  total: number;
}

/** GET /api/transformations (query string). */
export interface TransformationsQuery {
  cursor?: string | null;
  limit?: number;
}

/** POST /api/account/sign-out. */
export type SignOutScope = 'global' | 'local' | 'others';
export interface AccountSignOutInput {
  scope: SignOutScope;
}

/** POST /api/auth/delete-user: the typed email is a second confirmation the server checks. */
export interface DeleteAccountInput {
  password: string;
  confirmEmail: string;
}

/** GET /api/admin/overview (query string). */
export interface AdminOverviewQuery {
  days?: number;
}

/** GET /api/admin/subscriber?email=. */
export interface SubscriberLookupOutput {
  subscriber: SubscriberRecord | null;
}

/** GET /api/admin/webhook-logs. */
export interface WebhookLogsOutput {
  logs: WebhookLogRecord[];
}

/** DELETE /api/admin/webhook-logs. */
export interface ClearWebhookLogsOutput {
  deleted: number;
}
