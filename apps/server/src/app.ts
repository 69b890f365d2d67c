/**
 * createApp composes the product: the edge middlewares (dependencies on the context, compression, the
 * body size limit, the error answer), every feature's router (each carries its own full paths), the
 * JSON 404 for unknown API paths and the built web app. Dependencies come in from outside, so tests
 * build the same app in-process with their own database, mailer, engine and clock.
 */
import { Hono, type Context } from 'hono';
import { DOCUMENTS, EXTENSION_TOKEN_PATHS } from '@plainspoken/shared';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import type { MergeSchemaPath } from 'hono/types';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import path from 'node:path';
import type { AppDeps, AppEnv } from './lib/context';
import { AppError, errorBody, isUnexpected, toAppError } from './lib/errors';
import { outageAs503 } from './lib/readiness';
import { requestContext } from './lib/request-context';
import { refuseUnstorableText } from './lib/http';
import { DATABASE_RETRY_AFTER_SECONDS } from './db/unavailable';
import { webApp } from './lib/static';
import { securityHeaders } from './lib/security-headers';
import type { Auth } from './features/auth/auth';
import type { PaymentProvider } from './features/billing/payments/types';
import type { PublicApiServices } from './features/public-api/services';
import type { ExtensionServices } from './features/extension/services';
import { extensionRoutes } from './features/extension/extension.routes';
import { apiKeysRoutes } from './features/api-keys/api-keys.routes';
import { publicApiRoutes } from './features/public-api/public-api.routes';
import { MCP_PATH, mcpRoutes } from './features/public-api/mcp.routes';
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

/** Every feature's router, mounted at the root in this order (each carries its full paths); dev pages only outside production. */
const routes = [
  systemRoutes,
  authRoutes,
  humanizeRoutes,
  aiCheckRoutes,
  billingRoutes,
  subscriptionRoutes,
  usageRoutes,
  historyRoutes,
  documentsRoutes,
  adminRoutes,
  engineRoutes,
  apiKeysRoutes,
  publicApiRoutes,
  mcpRoutes,
  extensionRoutes,
  seoRoutes,
  devRoutes,
] as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * The named exceptions to the cross-site rules: better-auth checks its own routes against the trusted
 * origin (and reads its own bodies), the payment provider's servers call the webhook, which proves
 * itself with its signature, and the browser extension calls its own endpoints, which read only its
 * token from the Authorization header, never a cookie (docs/decisions/0049).
 */
const CROSS_SITE_EXCEPTIONS: readonly RegExp[] = [
  /^\/api\/auth\//,
  /^\/api\/functions\/payment-webhook$/,
  ...EXTENSION_TOKEN_PATHS.map((p) => new RegExp(`^${p}$`)),
];

/** AppDeps plus what the features declared they need (the auth instance, the payment provider). */
export interface ProductDeps extends AppDeps {
  auth: Auth;
  payments: PaymentProvider;
  publicApi: PublicApiServices;
  extension: ExtensionServices;
}

export function createApp(deps: ProductDeps): AppType {
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
  const limitBodies = async (c: Context<AppEnv<ProductDeps>, string>, next: () => Promise<void>) => {
    // An uploaded document (up to 10 MB) is counted by its own route as it is read.
    if (c.req.path === DOCUMENTS.extractPath) return next();
    const declared = c.req.header('content-length');
    if (declared !== undefined && /^\d+$/.test(declared) && !c.req.header('transfer-encoding')) {
      if (Number(declared) > env.BODY_LIMIT_BYTES) return tooLarge(c);
      return next();
    }
    return streamLimit(c, next);
  };
  app.use('/api/*', limitBodies);
  // The MCP server's messages too, before anything reads them (the public API's /v1 limits its own).
  app.use(MCP_PATH, limitBodies);
  // NUL and broken text in any query parameter, path segment or JSON string: one 400 here, for every route.
  app.use(
    '*',
    refuseUnstorableText((p) => p === DOCUMENTS.extractPath || p === '/api/functions/payment-webhook'),
  );

  // Every state-changing call under /api/* answers only the product's own pages, unless it is one of the
  // named exceptions below. Three rules, in order:
  // 1. hono/csrf: a form, text or body-less request from a browser must show it comes from our origin
  //    (Sec-Fetch-Site: same-origin or our Origin). A request with neither header is not from a browser
  //    (every current browser sends Origin on a state-changing request), so no page can have forged it.
  // 2. A JSON body from a browser on another site is refused too (the browser's preflight, which this server
  //    never grants, would stop it already; this keeps the answer a clear 403 behind a proxy that grants one).
  // 3. A body must be JSON, which a cross-site form cannot send without that preflight.
  const ownOrigin = new URL(env.BASE_URL).origin;
  const sameOrigin = csrf({ origin: ownOrigin });
  const crossSite = () => new AppError('FORBIDDEN', 403, 'This request came from another site and was refused.');
  app.use('/api/*', async (c: Context<AppEnv<ProductDeps>, string>, next) => {
    const path = c.req.path;
    if (SAFE_METHODS.has(c.req.method) || CROSS_SITE_EXCEPTIONS.some((e) => e.test(path))) return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    if (origin !== undefined || fetchSite !== undefined) {
      try {
        await sameOrigin(c, () => Promise.resolve());
      } catch (e) {
        if (e instanceof HTTPException && e.status === 403) throw crossSite();
        throw e;
      }
      if ((origin !== undefined && origin !== ownOrigin) || fetchSite === 'cross-site') throw crossSite();
    }
    if (path === DOCUMENTS.extractPath) return next(); // the upload's body is the file's bytes
    // Over HTTP/1.1 a body announces itself by Content-Length or Transfer-Encoding; a request built in the
    // same process carries neither, so a declared Content-Type counts there.
    const length = c.req.header('content-length');
    const hasBody =
      length !== undefined
        ? length !== '0'
        : c.req.header('transfer-encoding') !== undefined || c.req.header('content-type') !== undefined;
    if (hasBody && !/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
      throw new AppError('BAD_REQUEST', 415, 'Send the request body as JSON (Content-Type: application/json).');
    }
    return next();
  });

  // The routers' context types differ by the extras each feature declared; RoutesDepsCovered (below) checks
  // that ProductDeps carries all of them, so each router may be mounted as a plain Hono.
  for (const r of routes) if (r !== devRoutes || env.NODE_ENV !== 'production') app.route('/', r as unknown as Hono);

  app.all('/api/*', (c) =>
    c.json({ error: { code: 'NOT_FOUND', message: `No API route ${c.req.method} ${c.req.path}.` } }, 404),
  );
  const [compressFiles, serveFile, indexFallback] = webApp(webDist, env.BASE_URL);
  app.get('*', compressFiles, serveFile, indexFallback);

  app.onError((e, c) => {
    const err = toAppError(e);
    if (err.code === 'UNAVAILABLE') deps.logger.warn('database unavailable', { path: c.req.path, error: String(e) });
    else if (isUnexpected(e))
      deps.logger.error('unhandled error', {
        path: c.req.path,
        error: e.message,
        stack: e.stack,
      });
    if (err.extra.retryAfter) c.header('Retry-After', String(err.extra.retryAfter));
    if (err.code === 'UNAVAILABLE') c.header('Cache-Control', 'no-store');
    return c.json(errorBody(err), err.status);
  });

  // Typed as AppType (the loop above mounted exactly `routes`): tests and hono/client read the routes' schemas.
  return app;
}

/**
 * The product's API as one type, built from `routes`: the web app calls it through hono/client with
 * `hc<AppType>`, so a route whose path, input or answer changes breaks the web's type check.
 */
export type AppType = Hono<AppEnv<ProductDeps>, MergeSchemaPath<RouteSchema<(typeof routes)[number]>, '/'>>;
/** The dependencies a router declared (AppDeps plus its feature's extras). */
type RouteDeps<R> =
  R extends Hono<infer E, never, never> ? (E extends { Variables: { deps: infer D } } ? D : never) : never;
type AllOf<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** A compile error here means a feature's router needs a dependency ProductDeps does not carry. */
export const RoutesDepsCovered: ProductDeps extends AllOf<RouteDeps<(typeof routes)[number]>> ? true : never = true;
/**
 * The schema (paths, inputs, outputs) a router declares, without the empty parts of routers built statement
 * by statement (the public API, typed by its own OpenAPI document; the sandbox pages): an empty member
 * would hide every other route from hono/client.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- matches a router whatever its context type
type RouteSchema<R> = R extends Hono<any, infer S, any> ? NonEmpty<S> : never;
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- {} is exactly the empty schema
type NonEmpty<S> = S extends unknown ? ({} extends S ? never : S) : never;
