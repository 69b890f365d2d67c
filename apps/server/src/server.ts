/**
 * Builds the whole product from a configuration: database, mail, auth, engine pool, jobs. Used by
 * index.ts (the process) and by tests that want a real listening server.
 */
import { detectorVersion, loadDetector } from '@plainspoken/detector';
import type { Env } from './env';
import { openDatabase, type Database } from './db/client';
import { createAuth } from './auth/auth';
import { createMailer } from './lib/mail';
import { createLogger, type Logger } from './lib/logger';
import { createRateLimiter } from './lib/rate-limit';
import { createEnginePool, type Engine, type EngineLlmConfig } from './features/humanize/engine';
import { createApp, type AppDeps } from './app';
import { startDailyJob, warnIfSandboxInProduction } from './features/billing/billing.service';
import { createTestClock } from './features/billing/dev-clock';

export function llmConfigFrom(env: Env): EngineLlmConfig | null {
  if (!env.HUMANIZER_LLM_BASE_URL || !env.HUMANIZER_LLM_MODEL) return null;
  return {
    baseURL: env.HUMANIZER_LLM_BASE_URL,
    apiKey: env.HUMANIZER_LLM_API_KEY,
    model: env.HUMANIZER_LLM_MODEL,
    modelDeep: env.HUMANIZER_LLM_MODEL_DEEP,
    modelLightning: env.HUMANIZER_LLM_MODEL_LIGHTNING,
  };
}

export interface BuildOptions {
  database?: Database;
  engine?: Engine;
  logger?: Logger;
  now?: () => Date;
}

export async function buildProduct(env: Env, opts: BuildOptions = {}) {
  // The detector is part of the product: weights that cannot be read stop the start (the error names the file).
  loadDetector();
  const logger = opts.logger ?? createLogger(env.LOG_LEVEL);
  const database = opts.database ?? (await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR }));
  const db = database.db;
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, db });
  const auth = createAuth({ env, db, mailer, logger });
  const engine = opts.engine ?? createEnginePool({
      threads: env.ENGINE_POOL_SIZE,
      queueLimit: env.ENGINE_QUEUE_LIMIT,
      timeoutMs: env.ENGINE_TIMEOUT_MS,
      onError: (e) => logger.error('engine worker failed', { error: e.message }),
    });
  const clock = env.NODE_ENV === 'test' ? createTestClock(opts.now ?? (() => new Date())) : undefined;
  const now = clock?.now ?? opts.now ?? (() => new Date());
  const limiter = createRateLimiter(db, { enabled: env.RATE_LIMITS === 'on', now: () => now().getTime() });
  const deps: AppDeps = { env, database, db, auth, mailer, engine, llm: llmConfigFrom(env), limiter, logger, detectorVersion: detectorVersion(), now, ...(clock ? { clock } : {}) };
  const app = createApp(deps);
  // Several processes may run this; the job_runs guard makes the daily work happen once.
  const stopJob = env.NODE_ENV === 'test' ? () => {} : startDailyJob(deps);
  warnIfSandboxInProduction(deps);
  return {
    app,
    deps,
    async close() {
      stopJob();
      await engine.close();
      await database.close();
    },
  };
}
