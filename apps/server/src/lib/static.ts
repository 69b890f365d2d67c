/**
 * The built single-page app: files from the web build through @hono/node-server's serveStatic, which
 * picks the precompressed twin (.br, then .gz) the build wrote beside each file when the browser takes
 * it; every other path gets the app's index.html, made into that page's HTML (page-html.ts): 200 for
 * the pages of the shared route list, 404 for the rest (the app shows its not-found page). Hashed files under /assets/ are
 * cached for a year, everything else is revalidated. A file without a twin (a build that skipped the
 * compression step) is compressed on the fly by the compress middleware in front of it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { compress } from 'hono/compress';
import { matchAppRoute } from '@plainspoken/shared';
import { pageHtmlRenderer } from './page-html';
import { hasSessionCookie } from './session';

const NOT_BUILT = 'The web app is not built yet. Run `npm run build` (npm start does it for you).';

const cacheControl = (urlPath: string) =>
  urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';

/** GET handlers for the web app rooted at `webDist` (an absolute path). */
export function webApp(
  webDist: string,
  baseUrl: string,
): [MiddlewareHandler, MiddlewareHandler, (c: Context) => Promise<Response>] {
  let files: MiddlewareHandler | null = null;
  // serveStatic complains once about a missing root, so it is made when the build exists.
  const filesHandler = () =>
    (files ??= existsSync(webDist) ? serveStatic({ root: webDist, precompressed: true }) : null);

  const renderPage = pageHtmlRenderer(webDist, baseUrl);

  const serveFile: MiddlewareHandler = async (c, next) => {
    // Pages (paths without a file extension, '/' among them) are the app's HTML, made per page below.
    if (!path.extname(c.req.path)) return next();
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
    const route = matchAppRoute(c.req.path);
    const page = await renderPage(route, { sessionCookie: hasSessionCookie(c.req.raw.headers) });
    if (page === null) return c.text(NOT_BUILT, 503);
    // The page says whether the request had a session cookie: caches keep one copy per cookie header.
    return c.body(page, route ? 200 : 404, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      vary: 'Cookie',
    });
  };

  return [compress(), serveFile, fallback];
}
