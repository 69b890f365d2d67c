/**
 * Builds the whole product from a configuration: database, mail, engine pool, clock, the payment
 * provider, auth (with billing's cancellation as its deletion hook), the app and the daily job. Used by
 * index.ts (the process) and by tests that want a real listening server.
 */
import { detectorVersion, loadDetector } from '@plainspoken/detector';
import type { Env } from './env';
import { openDatabase, type Database } from './db/client';
import { runDailyJob, sweepReservations } from './domain/maintenance';
import { reservationHoldMs } from './domain/word-ledger';
import { createTestClock, systemNow } from './lib/clock';
import { createEnginePool, type Engine } from './lib/engine/engine';
import { ModelProvider } from './lib/engine/provider';
import { runHourly } from './lib/jobs';
import { createLogger, type Logger } from './lib/logger';
import { createMailer } from './lib/mail';
import { createLifecycle } from './lib/readiness';
import { createRateLimiter } from './lib/rate-limit';
import { registerInstance } from './lib/process-instance';
import { createAuth } from './features/auth/auth';
import { authenticateApiKey } from './features/api-keys/api-keys.service';
import { runCheck, validateCheck } from './features/ai-check/ai-check.service';
import { humanizeDeps, humanizeText } from './features/humanize/humanize.service';
import { storedRewriteSince } from './features/humanize/humanize.routes';
import { docxHeaders, exportDocx } from './features/documents/export.service';
import type { PublicApiServices } from './features/public-api/services';
import type { ExtensionServices } from './features/extension/services';
import { loadWriting } from './features/humanize/humanize.service';
import { cancelSubscriptionForDeletion, warnIfSandboxInProduction } from './features/billing/billing.service';
import { createPaddleProvider } from './features/billing/payments/paddle';
import { createSandboxProvider } from './features/billing/payments/sandbox';
import { createApp, type ProductDeps } from './app';

export interface BuildOptions {
  database?: Database;
  engine?: Engine;
  logger?: Logger;
  now?: () => Date;
}

export async function buildProduct(env: Env, opts: BuildOptions = {}) {
  // The detector is part of the product: weights that cannot be read stop the start (the error names the file).
  loadDetector();
  const logger =
    opts.logger ?? createLogger(env.LOG_LEVEL, env.LOG_FORMAT ?? (env.NODE_ENV === 'production' ? 'json' : 'text'));
  const database =
    opts.database ??
    (await openDatabase({
      url: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      onConnectionError: (e) => logger.warn('database connection lost', { error: e.message }),
    }));
  const db = database.db;
  // This process, with a heartbeat: another process takes over its unanswered claims once it is dead.
  const instance = await registerInstance(db, logger, { leaseMs: env.INSTANCE_LEASE_MS });
  const clock = env.NODE_ENV === 'test' ? createTestClock(opts.now ?? systemNow) : undefined;
  const now = clock ? () => clock.now() : (opts.now ?? systemNow);
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    db,
    ...(env.NODE_ENV === 'development'
      ? { onOutbox: (m) => logger.info(`Mail kept in the local outbox for ${m.to}: ${m.subject}`, { links: m.links }) }
      : {}),
  });
  const limiter = createRateLimiter(db, { enabled: env.RATE_LIMITS === 'on', now: () => now().getTime() });
  const engine =
    opts.engine ??
    createEnginePool({
      threads: env.ENGINE_POOL_SIZE,
      queueLimit: env.ENGINE_QUEUE_LIMIT,
      timeoutMs: env.ENGINE_TIMEOUT_MS,
      onError: (e) => logger.error('engine worker failed', { error: e.message }),
    });
  // One payment provider per process: Paddle when configured, otherwise the local sandbox (spec decision 6).
  const payments = env.PADDLE_API_KEY ? createPaddleProvider(env) : createSandboxProvider(env);
  const billing = { db, env, logger, now, payments };
  const auth = createAuth({
    env,
    db,
    mailer,
    logger,
    limiter,
    now,
    cancelPaidPlan: (userId) => cancelSubscriptionForDeletion(billing, userId),
  });
  // The model provider: the configured service, or Ollama found at OLLAMA_HOST (checked now and every minute).
  const models = new ModelProvider(env, { logger, db, now });
  await models.start();
  // The public API runs the web app's own humanize and AI check flows, charged to the key's owner.
  const humanizeFlow = humanizeDeps({ db, engine, models, logger, now, env });
  const publicApi: PublicApiServices = {
    authenticate: (secret, at) => authenticateApiKey(db, secret, at),
    // API calls use the options they send or the defaults, never the web app's saved ones.
    humanize: (caller, input) => humanizeText(humanizeFlow, caller, { ...input, source: 'api' }),
    storedRewrite: (caller, input, since) => storedRewriteSince(db, caller.id, input, since),
    validateCheck: (caller, text, at) => validateCheck(db, caller, text, at),
    runCheck: (text, v) => runCheck({ engine, db, env, now, logger }, text, v),
    exportDocx: async (caller, id, tracked) => {
      const f = await exportDocx(db, caller.id, id, tracked);
      return { bytes: f.bytes, headers: docxHeaders(f) };
    },
  };
  // The extension runs the web app's own flows too, with the user's saved writing options (decision 0049).
  const extension: ExtensionServices = {
    humanize: (caller, input) =>
      humanizeText(humanizeFlow, caller, { ...input, useSecondPrompt: false, source: 'web' }),
    validateCheck: (caller, text, at) => validateCheck(db, caller, text, at),
    runCheck: (text, v) => runCheck({ engine, db, env, now, logger }, text, v),
    loadWriting: (userId) => loadWriting(db, userId),
  };
  const deps: ProductDeps = {
    env,
    database,
    db,
    auth,
    mailer,
    engine,
    limiter,
    logger,
    detectorVersion: detectorVersion(),
    now,
    payments,
    models,
    publicApi,
    extension,
    ...(clock ? { clock } : {}),
    get llm() {
      return models.current('deep');
    },
    lifecycle: createLifecycle(),
    instance,
  };
  const app = createApp(deps);
  // Several processes may run this; the job_runs guard makes the daily work happen once.
  const stopJob =
    env.NODE_ENV === 'test' ? () => {} : runHourly('daily subscription job', () => runDailyJob(deps), logger);
  // Words reserved by a request that died with its process go back: at start-up (a PGlite server holds
  // its data alone, so every open reservation is a dead one) and then every quarter of the hold.
  if (!opts.database) await sweepReservations(deps, { all: database.kind === 'pglite' });
  const hold = reservationHoldMs(env.ENGINE_TIMEOUT_MS);
  const sweeper =
    env.NODE_ENV === 'test'
      ? undefined
      : setInterval(
          () =>
            void sweepReservations(deps).catch((e: Error) =>
              logger.warn('reservation sweep failed', { error: e.message }),
            ),
          Math.min(60_000, Math.max(5_000, Math.round(hold / 4))),
        );
  sweeper?.unref();
  warnIfSandboxInProduction(deps);
  return {
    app,
    deps,
    async close() {
      stopJob();
      models.stop();
      if (sweeper) clearInterval(sweeper);
      await engine.close();
      await instance.stop().catch((e: Error) => logger.warn('instance deregistration failed', { error: e.message }));
      await database.close();
    },
  };
}
