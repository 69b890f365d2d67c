/**
 * The built single-page app: files from the web build through @hono/node-server's serveStatic, which
 * picks the precompressed twin (.br, then .gz) the build wrote beside each file when the browser takes
 * it; index.html for every other page (the SPA shows its own 404). Hashed files under /assets/ are
 * cached for a year, everything else is revalidated. A file without a twin (a build that skipped the
 * compression step) is compressed on the fly by the compress middleware in front of it.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { compress } from 'hono/compress';

const NOT_BUILT = 'The web app is not built yet. Run `npm run build` (npm start does it for you).';

const cacheControl = (urlPath: string) => (urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');

/** GET handlers for the web app rooted at `webDist` (an absolute path). */
export function webApp(webDist: string): [MiddlewareHandler, MiddlewareHandler, (c: Context) => Promise<Response>] {
  let files: MiddlewareHandler | null = null;
  // serveStatic complains once about a missing root, so it is made when the build exists.
  const filesHandler = () => (files ??= existsSync(webDist) ? serveStatic({ root: webDist, precompressed: true }) : null);

  const serveFile: MiddlewareHandler = async (c, next) => {
    const handler = filesHandler();
    // serveStatic refuses '..', doubled slashes, backslashes and encoded separators before touching disk.
    const res = handler ? await handler(c, async () => {}) : undefined;
    if (!res) return next();
    res.headers.set('cache-control', cacheControl(c.req.path));
    if (!/accept-encoding/i.test(res.headers.get('vary') ?? '')) res.headers.append('vary', 'Accept-Encoding');
    return res;
  };

  const fallback = async (c: Context) => {
    // A missing hashed asset is a 404, not the app: a stale page must not get HTML for its script.
    if (c.req.path.startsWith('/assets/') && path.extname(c.req.path)) return c.text('Not found', 404);
    const index = await readFile(path.join(webDist, 'index.html')).catch(() => null);
    if (!index) return c.text(NOT_BUILT, 503);
    return c.body(index, 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
  };

  return [compress(), serveFile, fallback];
}
