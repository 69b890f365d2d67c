/**
 * What /healthz and /readyz report. /healthz: the process is alive and serving. /readyz: it should get
 * traffic: the database answers a query within the bound, and the process is not draining for a stop.
 */
import { sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Database } from '../db/client';

export interface Lifecycle {
  /** Set on SIGTERM: /readyz answers 503 so a load balancer stops sending new requests. */
  draining: boolean;
}

export function createLifecycle(): Lifecycle {
  return { draining: false };
}

/** null when the database answered `SELECT 1` within `timeoutMs`, otherwise why not. */
export async function databaseProblem(database: Database, timeoutMs = 2_000): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      database.db.execute(sql`SELECT 1`),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return null;
  } catch (e) {
    return (e as Error).message || 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

export const UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable: its database cannot be reached. Nothing was changed; please try again in a few seconds.';

/** The 503 body and headers every database outage is answered with. */
export function unavailableResponse(retryAfter: number): Response {
  return new Response(JSON.stringify({ error: { code: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE, retryAfter } }), {
    status: 503,
    headers: {
      'content-type': 'application/json; charset=UTF-8',
      'retry-after': String(retryAfter),
      'cache-control': 'no-store',
    },
  });
}

/**
 * A 500 produced while the database is unreachable (better-auth answers its own errors, so they do not
 * all reach app.ts's onError) becomes the same 503 with Retry-After: the client should try again.
 */
export function outageAs503(database: Database, retryAfter: number): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status !== 500) return;
    if (!(await databaseProblem(database, 1_000))) return;
    c.res = undefined; // let Hono replace a finalized response
    c.res = unavailableResponse(retryAfter);
  };
}
