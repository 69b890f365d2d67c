/**
 * The request context every router shares. AppDeps is the product's infrastructure (configuration,
 * database, mail, engine, clock, ...), built once in server.ts and set on each request by app.ts.
 * A feature that needs more (the auth instance, the payment provider) declares it as `Extra`:
 * `createRouter<{ payments: PaymentProvider }>()`, and app.ts's createApp only accepts deps that carry
 * every feature's extras, so nothing here has to know about features.
 */
import type { ProcessInstance } from './process-instance';
import { Hono } from 'hono';
import type { Env } from '../env';
import type { Database } from '../db/client';
import type { subscribers } from '../db/schema';
import type { Engine, EngineLlmConfig } from './engine/engine';
import type { ModelProvider } from './engine/provider';
import type { Logger } from './logger';
import type { Mailer } from './mail';
import type { RateLimiter } from './rate-limit';
import type { TestClock } from './clock';
import type { Lifecycle } from './readiness';

export interface AppDeps {
  env: Env;
  database: Database;
  db: Database['db'];
  mailer: Mailer;
  engine: Engine;
  /** The model a Deep rewrite would use now (null: the local clean-up); read per request. */
  llm: EngineLlmConfig | null;
  /** Which model, if any, each mode's rewrites go to, and the provider's health (lib/engine/provider.ts). */
  models?: ModelProvider;
  limiter: RateLimiter;
  logger: Logger;
  /** The shipped detector weights' version (detectorVersion()), reported by /api/health. */
  detectorVersion: string;
  /** The product's clock: every service takes the time from here (tests and the test clock move it). */
  now: () => Date;
  /** Present only when NODE_ENV=test: lets browser tests move now(). */
  clock?: TestClock;
  /** The process's state for /readyz (draining during a graceful stop). */
  lifecycle?: Lifecycle;
  /** This process as the others on the database see it (claims of idempotency keys name it). */
  instance?: ProcessInstance;
}

/** No dependencies beyond AppDeps. */
export type NoExtra = Record<never, never>;

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  createdAt: Date;
  lastSignInAt?: Date | null;
  /** The caller's subscriber row as read with the session (null if not created yet). */
  subscriber: typeof subscribers.$inferSelect | null;
}

export type AppEnv<Extra extends object = NoExtra> = {
  Variables: {
    deps: AppDeps & Extra;
    /** undefined until getSessionUser ran for this request, then the user or null. */
    sessionUser: SessionUser | null | undefined;
  };
};

/** A feature's router; `Extra` names the dependencies the feature needs beyond AppDeps. */
export function createRouter<Extra extends object = NoExtra>() {
  return new Hono<AppEnv<Extra>>();
}
