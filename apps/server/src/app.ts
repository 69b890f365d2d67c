/**
 * createApp composes the product: the edge middlewares (dependencies on the context, compression, the
 * body size limit, the error answer), every feature's router (each carries its own full paths), the
 * JSON 404 for unknown API paths and the built web app. Dependencies come in from outside, so tests
 * build the same app in-process with their own database, mailer, engine and clock.
 */
import { Hono, type Context } from 'hono';
import { DOCUMENTS } from '@plainspoken/shared';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import path from 'node:path';
import type { AppDeps, AppEnv } from './lib/context';
import { AppError } from './lib/errors';
import { outageAs503, unavailableResponse } from './lib/readiness';
import { requestContext } from './lib/request-context';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './db/unavailable';
import { webApp } from './lib/static';
import { securityHeaders } from './lib/security-headers';
import type { Auth } from './features/auth/auth';
import type { PaymentProvider } from './features/billing/payments/types';
import type { PublicApiServices } from './features/public-api/services';
import { apiKeysRoutes } from './features/api-keys/api-keys.routes';
import { publicApiRoutes } from './features/public-api/public-api.routes';
import { authRoutes } from './features/auth/auth.routes';
import { aiCheckRoutes } from './features/ai-check/ai-check.routes';
import { billingRoutes } from './features/billing/billing.routes';
import { devRoutes } from './features/dev/dev.routes';
import { documentsRoutes } from './features/documents/documents.routes';
import { adminRoutes } from './features/diagnostics/admin.routes';
import { engineRoutes } from './features/engine/engine.routes';
import { historyRoutes } from './features/history/history.routes';
import { humanizeRoutes } from './features/humanize/humanize.routes';
import { subscriptionRoutes } from './features/subscription/subscription.routes';
import { systemRoutes } from './features/system/system.routes';
import { seoRoutes } from './features/seo/seo.routes';
import { usageRoutes } from './features/usage/usage.routes';

export type { AppDeps, AppEnv };

/** AppDeps plus what the features declared they need (the auth instance, the payment provider). */
export interface ProductDeps extends AppDeps {
  auth: Auth;
  payments: PaymentProvider;
  publicApi: PublicApiServices;
}

export function createApp(deps: ProductDeps) {
  const { env } = deps;
  const app = new Hono<AppEnv<ProductDeps>>();
  const webDist = path.resolve(env.WEB_DIST ?? path.join(process.cwd(), 'apps/web/dist'));

  app.use('*', securityHeaders(env));
  // A request id for every request and its log lines; then database outages answered 503 + Retry-After.
  app.use('*', requestContext(deps.logger));
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use('*', outageAs503(deps.database, DATABASE_RETRY_AFTER_SECONDS));

  // Server-sent events must reach the browser as they are written, so they are never compressed.
  app.use(
    '/api/*',
    compress({
      contentTypeFilter: (t) => !t.startsWith('text/event-stream') && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(t),
    }),
  );
  // Body size limit. A declared Content-Length is checked here without touching the body, which keeps
  // the Node adapter's direct body read (Hono's own limiter wraps every body in a web stream, a large part
  // of the cost of a small JSON request); Node itself refuses a body longer than its Content-Length.
  // Bodies of unknown length (chunked) go through Hono's limiter, which counts as it reads.
  const tooLarge = (c: Context) =>
    c.json(
      {
        error: {
          code: 'PAYLOAD_TOO_LARGE',
          message: `The request is too large (limit ${Math.round(env.BODY_LIMIT_BYTES / 1024)} KB).`,
        },
      },
      413,
    );
  const streamLimit = bodyLimit({ maxSize: env.BODY_LIMIT_BYTES, onError: tooLarge });
  app.use('/api/*', async (c, next) => {
    // An uploaded document (up to 10 MB) is counted by its own route as it is read.
    if (c.req.path === DOCUMENTS.extractPath) return next();
    const declared = c.req.header('content-length');
    if (declared !== undefined && /^\d+$/.test(declared) && !c.req.header('transfer-encoding')) {
      if (Number(declared) > env.BODY_LIMIT_BYTES) return tooLarge(c);
      return next();
    }
    return streamLimit(c, next);
  });

  // The product's own state-changing endpoints answer only its own pages: a foreign Origin (or a browser's
  // cross-site marker) is refused, and a body must be JSON, which a cross-site form cannot send without a
  // preflight. better-auth checks its own routes against the trusted origin; the payment webhook is called
  // by the provider's servers and proves itself with its signature.
  const ownOrigin = new URL(env.BASE_URL).origin;
  const guarded = (p: string) =>
    (p.startsWith('/api/functions/') && p !== '/api/functions/payment-webhook') ||
    p.startsWith('/api/account/') ||
    p.startsWith('/api/admin/') ||
    p === '/api/ai-check' ||
    p.startsWith('/api/api-keys');
  app.use('/api/*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS' || !guarded(c.req.path))
      return next();
    const origin = c.req.header('origin');
    if ((origin !== undefined && origin !== ownOrigin) || c.req.header('sec-fetch-site') === 'cross-site') {
      return c.json(
        { error: { code: 'FORBIDDEN', message: 'This request came from another site and was refused.' } },
        403,
      );
    }
    // Over HTTP/1.1 a body announces itself by Content-Length or Transfer-Encoding; a request built in the
    // same process carries neither, so a declared Content-Type counts there.
    const length = c.req.header('content-length');
    const hasBody =
      length !== undefined
        ? length !== '0'
        : c.req.header('transfer-encoding') !== undefined || c.req.header('content-type') !== undefined;
    if (hasBody && !/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
      return c.json(
        { error: { code: 'BAD_REQUEST', message: 'Send the request body as JSON (Content-Type: application/json).' } },
        415,
      );
    }
    return next();
  });

  app.route('/', systemRoutes);
  app.route('/', authRoutes);
  app.route('/', humanizeRoutes);
  app.route('/', aiCheckRoutes);
  app.route('/', billingRoutes);
  app.route('/', subscriptionRoutes);
  app.route('/', usageRoutes);
  app.route('/', historyRoutes);
  app.route('/', documentsRoutes);
  app.route('/', adminRoutes);
  app.route('/', engineRoutes);
  app.route('/', apiKeysRoutes);
  app.route('/', publicApiRoutes);
  app.route('/', seoRoutes);
  if (env.NODE_ENV !== 'production') app.route('/', devRoutes);

  app.all('/api/*', (c) =>
    c.json({ error: { code: 'NOT_FOUND', message: `No API route ${c.req.method} ${c.req.path}.` } }, 404),
  );
  const [compressFiles, serveFile, indexFallback] = webApp(webDist, env.BASE_URL);
  app.get('*', compressFiles, serveFile, indexFallback);

  app.onError((err, c) => {
    if (err instanceof AppError) {
      if (err.extra.retryAfter) c.header('Retry-After', String(err.extra.retryAfter));
      return c.json(
        {
          error: {
            code: err.code,
            message: err.message,
            ...(err.extra.retryAfter ? { retryAfter: err.extra.retryAfter } : {}),
            ...(err.extra.details ? { details: err.extra.details } : {}),
          },
        },
        err.status,
      );
    }
    // Hono's own refusals, among them the validators' malformed JSON ('Malformed JSON in request body').
    if (err instanceof HTTPException) {
      return c.json(
        {
          error: {
            code: err.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST',
            message: err.message || 'Bad request.',
          },
        },
        err.status,
      );
    }
    // The database is away (restarting, unreachable): a retryable 503, never a 500.
    if (isDatabaseUnavailable(err)) {
      deps.logger.warn('database unavailable', { path: c.req.path, error: err.message });
      return unavailableResponse(DATABASE_RETRY_AFTER_SECONDS);
    }
    deps.logger.error('unhandled error', { path: c.req.path, error: err.message, stack: err.stack });
    return c.json(
      { error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again in a moment.' } },
      500,
    );
  });

  return app;
}

export type AppType = ReturnType<typeof createApp>;
