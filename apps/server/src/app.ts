/**
 * createApp wires every route onto one Hono app. Dependencies come in from outside, so tests build the
 * same app in-process with their own database, mailer, engine and clock.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { HTTPException } from 'hono/http-exception';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Env } from './env';
import type { Database } from './db/client';
import type { Auth } from './auth/auth';
import { CLIENT_IP_HEADER } from './auth/auth';
import { getSessionUser, isAdminEmail, type SessionUser } from './auth/guards';
import type { Mailer } from './lib/mail';
import type { Logger } from './lib/logger';
import type { RateLimiter } from './lib/rate-limit';
import { AppError } from './lib/errors';
import { clientIp } from './lib/http';
import type { Engine, EngineLlmConfig } from './features/humanize/engine';
import { humanizeRoutes } from './features/humanize/humanize.routes';
import { historyRoutes } from './features/history/history.routes';
import { subscriptionRoutes } from './features/subscription/subscription.routes';
import { devMailboxApi, devMailboxPage } from './features/dev/mailbox.routes';
import { billingRoutes } from './features/billing/billing.routes';
import { sandboxRoutes } from './features/billing/sandbox.routes';
import { paddleCheckoutRoutes } from './features/billing/paddle-checkout.routes';
import { devClockRoutes, type TestClock } from './features/billing/dev-clock';
import { usageRoutes } from './features/usage/usage.routes';
import { mountAccountSecurity } from './features/account-security/account.routes';
import { adminRoutes } from './features/diagnostics/admin.routes';
import { aiCheckRoutes } from './features/ai-check/ai-check.routes';

export interface AppDeps {
  env: Env;
  database: Database;
  db: Database['db'];
  auth: Auth;
  mailer: Mailer;
  engine: Engine;
  llm: EngineLlmConfig | null;
  limiter: RateLimiter;
  logger: Logger;
  /** The shipped detector weights' version (detectorVersion()), reported by /api/health. */
  detectorVersion: string;
  now: () => Date;
  /** Present only when NODE_ENV=test: lets browser tests move now(). */
  clock?: TestClock;
}

export type AppEnv = { Variables: { deps: AppDeps; sessionUser: SessionUser | null | undefined } };

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Static files are gzipped once per file version and kept in memory; the built app is a few hundred KB. */
const gzipCache = new Map<string, { mtimeMs: number; body: Buffer }>();
async function gzipped(file: string, mtimeMs: number): Promise<Buffer> {
  const hit = gzipCache.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit.body;
  const body = gzipSync(await readFile(file), { level: 9 });
  gzipCache.set(file, { mtimeMs, body });
  return body;
}

export function createApp(deps: AppDeps) {
  const { env } = deps;
  const app = new Hono<AppEnv>();
  const webDist = path.resolve(env.WEB_DIST ?? path.join(process.cwd(), 'apps/web/dist'));

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });

  // Server-sent events must reach the browser as they are written, so they are never compressed.
  app.use('/api/*', compress({ contentTypeFilter: (t) => !t.startsWith('text/event-stream') && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(t) }));
  // Body size limit. A declared Content-Length is checked here without touching the body, which keeps
  // the Node adapter's direct body read (Hono's own limiter wraps every body in a web stream, a large part
  // of the cost of a small JSON request); Node itself refuses a body longer than its Content-Length.
  // Bodies of unknown length (chunked) go through Hono's limiter, which counts as it reads.
  const tooLarge = (c: Context) =>
    c.json({ error: { code: 'PAYLOAD_TOO_LARGE', message: `The request is too large (limit ${Math.round(env.BODY_LIMIT_BYTES / 1024)} KB).` } }, 413);
  const streamLimit = bodyLimit({ maxSize: env.BODY_LIMIT_BYTES, onError: tooLarge });
  app.use('/api/*', async (c, next) => {
    const declared = c.req.header('content-length');
    if (declared !== undefined && /^\d+$/.test(declared) && !c.req.header('transfer-encoding')) {
      if (Number(declared) > env.BODY_LIMIT_BYTES) return tooLarge(c);
      return next();
    }
    return streamLimit(c, next);
  });

  mountAccountSecurity(app);
  // better-auth reads the client IP from one header that only this server sets.
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c as unknown as Context, env));
    const req = new Request(c.req.raw, { headers });
    return deps.auth.handler(req);
  });

  app.get('/api/health', (c) => c.json({ ok: true, database: deps.database.kind, detector: deps.detectorVersion }));
  app.get('/api/config', (c) =>
    c.json({
      googleEnabled: !!(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
      contactEmail: env.CONTACT_EMAIL,
      posthog: env.POSTHOG_KEY && env.POSTHOG_HOST ? { key: env.POSTHOG_KEY, host: env.POSTHOG_HOST } : null,
      payments: env.PADDLE_API_KEY ? 'paddle' : 'sandbox',
      engine: deps.llm ? 'model' : 'local',
    }),
  );
  app.get('/api/me', async (c) => {
    const u = await getSessionUser(c);
    return c.json({
      user: u ? { id: u.id, email: u.email, emailVerified: u.emailVerified, createdAt: u.createdAt } : null,
      isAdmin: u ? isAdminEmail(c, u.email) : false,
    });
  });
  app.route('/api/functions', humanizeRoutes);
  app.route('/api/ai-check', aiCheckRoutes);
  app.route('/api/functions', billingRoutes);
  app.route('/api/usage', usageRoutes);
  app.route('/api/subscription', subscriptionRoutes);
  app.route('/api/transformations', historyRoutes);
  app.route('/api/admin', adminRoutes);
  if (env.NODE_ENV !== 'production') {
    app.route('/api/dev', devMailboxApi);
    app.route('/dev', devMailboxPage);
  }
  if (env.NODE_ENV === 'test') app.route('/api/dev', devClockRoutes);
  app.route('/sandbox', sandboxRoutes);
  app.route('/billing', paddleCheckoutRoutes);

  app.all('/api/*', (c) => c.json({ error: { code: 'NOT_FOUND', message: `No API route ${c.req.method} ${c.req.path}.` } }, 404));

  // The built single-page app: files from dist, index.html for every other page (the SPA shows its 404).
  app.get('*', async (c) => {
    const rel = decodeURIComponent(c.req.path).replace(/^\/+/, '');
    const file = path.join(webDist, rel);
    if (rel && file.startsWith(webDist + path.sep)) {
      const st = await stat(file).catch(() => null);
      if (st?.isFile()) {
        const type = MIME[path.extname(file)] ?? 'application/octet-stream';
        const headers: Record<string, string> = {
          'content-type': type,
          'cache-control': rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          vary: 'Accept-Encoding',
        };
        const gz = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '') && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type);
        if (!gz) return c.body(await readFile(file), 200, headers);
        return c.body(new Uint8Array(await gzipped(file, st.mtimeMs)), 200, { ...headers, 'content-encoding': 'gzip' });
      }
      if (path.extname(rel) && rel.startsWith('assets/')) return c.text('Not found', 404);
    }
    const index = await readFile(path.join(webDist, 'index.html')).catch(() => null);
    if (!index) return c.text('The web app is not built yet. Run `npm run build` (npm start does it for you).', 503);
    return c.body(index, 200, { 'content-type': MIME['.html']!, 'cache-control': 'no-cache' });
  });

  app.onError((err, c) => {
    if (err instanceof AppError) {
      if (err.extra.retryAfter) c.header('Retry-After', String(err.extra.retryAfter));
      return c.json(
        { error: { code: err.code, message: err.message, ...(err.extra.retryAfter ? { retryAfter: err.extra.retryAfter } : {}), ...(err.extra.details ? { details: err.extra.details } : {}) } },
        err.status,
      );
    }
    if (err instanceof HTTPException) {
      return c.json({ error: { code: err.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', message: err.message || 'Bad request.' } }, err.status);
    }
    deps.logger.error('unhandled error', { path: c.req.path, error: err.message, stack: err.stack });
    return c.json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again in a moment.' } }, 500);
  });

  return app;
}

export type AppType = ReturnType<typeof createApp>;
