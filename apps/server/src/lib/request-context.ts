/**
 * One id per request: taken from the proxy's X-Request-Id when it is a plausible id, otherwise made
 * here; returned in the response's X-Request-Id and added to every log line written while the request
 * is served (AsyncLocalStorage follows the request through every await).
 */
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from './logger';
import { withRequestId } from './request-id';

export const REQUEST_ID_HEADER = 'x-request-id';
const PLAUSIBLE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** Health probes and static files log at debug, so probes every few seconds do not bury the API lines. */
const quiet = (p: string) => p === '/healthz' || p === '/readyz' || !p.startsWith('/api/');

export function requestContext(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const given = c.req.header(REQUEST_ID_HEADER);
    const requestId = given && PLAUSIBLE_ID.test(given) ? given : randomUUID();
    const started = performance.now();
    await withRequestId(requestId, async () => {
      await next();
      c.header('X-Request-Id', requestId);
      const line = {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      };
      if (quiet(c.req.path) && c.res.status < 500) logger.debug('request', line);
      else logger.info('request', line);
    });
  };
}
