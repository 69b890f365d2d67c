/**
 * The public API, with `Authorization: Bearer <personal API key>`:
 *   POST /v1/humanize, POST /v1/detect, GET /v1/usage, GET /v1/transformations/{id}/export.docx
 * and its description: GET /api/openapi.json (OpenAPI 3.1, generated from the zod schemas the routes
 * validate with) and GET /docs/api (the reference page).
 *
 * The pieces: public-api.openapi.ts (each operation as published, and the document's text),
 * public-api.middleware.ts (the key, the body size, the per-key rate), public-api.handlers.ts (the
 * operations, shared with the MCP tools of mcp.routes.ts). This file wires them to HTTP.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { validationError } from '../../lib/http';
import { DOCS_CSP, docsPage, initScript, scalarBundle, type Asset } from './docs-page';
import { detectForKey, exportForKey, humanizeForKey, usageForKey } from './public-api.handlers';
import { limitBody, requireKey, type ApiCall, type ApiEnv } from './public-api.middleware';
import {
  API_KEY_SCHEME,
  codeSamples,
  detectRoute,
  documentConfig,
  exportRoute,
  humanizeRoute,
  usageRoute,
} from './public-api.openapi';

type Ctx = Context<ApiEnv>;

export const publicApiRoutes = new OpenAPIHono<ApiEnv>({
  // One validation answer for the whole product (lib/http.ts).
  defaultHook: (result) => {
    if (!result.success) throw validationError(result.error.issues);
  },
});

publicApiRoutes.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', API_KEY_SCHEME);

publicApiRoutes.use('/v1/*', requireKey, limitBody);

/** The request's caller, with the key's rate sent back as RateLimit headers once the request is counted. */
function apiCall(c: Ctx): ApiCall {
  return {
    deps: c.var.deps,
    caller: c.var.apiCaller,
    onRate: (rate) => {
      c.header('RateLimit-Limit', String(rate.limit));
      c.header('RateLimit-Remaining', String(rate.remaining));
      c.header('RateLimit-Reset', String(rate.resetSeconds));
    },
  };
}

publicApiRoutes.openapi(humanizeRoute, async (c) => {
  const a = await humanizeForKey(apiCall(c), c.req.valid('json'), c.req.valid('header')['idempotency-key']);
  if (a.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(a.value, 200);
});

publicApiRoutes.openapi(detectRoute, async (c) => {
  const { text } = c.req.valid('json');
  const a = await detectForKey(apiCall(c), text, c.req.valid('header')['idempotency-key']);
  if (a.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(a.value, 200);
});

publicApiRoutes.openapi(exportRoute, async (c) => {
  const { id } = c.req.valid('param');
  const { changes } = c.req.valid('query');
  const f = await exportForKey(apiCall(c), id, changes === 'tracked');
  return c.body(f.bytes, 200, f.headers);
});

publicApiRoutes.openapi(usageRoute, (c) => c.json(usageForKey(apiCall(c)), 200));

publicApiRoutes.all('/v1/*', (c) =>
  c.json({ error: { code: 'NOT_FOUND', message: `No API route ${c.req.method} ${c.req.path}.` } }, 404),
);

// ---- the document and the reference page ----

let documentCache: { base: string; json: string } | null = null;

/** The OpenAPI 3.1 document for this server's address (built once per address). */
export function openApiDocument(base: string): string {
  if (documentCache?.base === base) return documentCache.json;
  const doc = publicApiRoutes.getOpenAPI31Document(documentConfig(base));
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of [item.get, item.post]) {
      const samples = codeSamples(op?.operationId, base);
      if (op && samples) Object.assign(op, { 'x-codeSamples': samples });
    }
  }
  documentCache = { base, json: JSON.stringify(doc) };
  return documentCache.json;
}

publicApiRoutes.get('/api/openapi.json', (c) => {
  c.header('Cache-Control', 'no-cache');
  c.header('Access-Control-Allow-Origin', '*');
  return c.body(openApiDocument(c.var.deps.env.BASE_URL), 200, { 'Content-Type': 'application/json; charset=utf-8' });
});

function sendAsset(c: Ctx, a: Asset, type: string): Response {
  if (c.req.header('if-none-match') === a.etag) return c.body(null, 304);
  const accept = c.req.header('accept-encoding') ?? '';
  const [body, encoding] = /\bbr\b/.test(accept)
    ? [a.br, 'br']
    : /\bgzip\b/.test(accept)
      ? [a.gzip, 'gzip']
      : [a.body, undefined];
  const headers: Record<string, string> = {
    'Content-Type': type,
    ETag: a.etag,
    'Cache-Control': 'public, max-age=3600',
    Vary: 'Accept-Encoding',
  };
  if (encoding) headers['Content-Encoding'] = encoding;
  return c.body(new Uint8Array(body), 200, headers);
}

const VERSION = '1';
publicApiRoutes.get('/docs/api', (c) => {
  c.header('Content-Security-Policy', DOCS_CSP);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'same-origin');
  return c.html(docsPage(VERSION));
});
publicApiRoutes.get('/docs/api/', (c) => c.redirect('/docs/api', 301));
publicApiRoutes.get('/docs/api/scalar.js', async (c) =>
  sendAsset(c, await scalarBundle(), 'text/javascript; charset=utf-8'),
);
publicApiRoutes.get('/docs/api/init.js', async (c) =>
  sendAsset(c, await initScript(), 'text/javascript; charset=utf-8'),
);
