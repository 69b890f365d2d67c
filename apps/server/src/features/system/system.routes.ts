/**
 * The product's own endpoints: GET /api/health (503 while the database does not answer), GET /api/config (the public configuration), and the
 * probes GET /healthz (the process is alive) and GET /readyz (the database answers; 503 when it does
 * not or while the process drains for a stop).
 */
import type { HealthResponse, PublicConfig } from '@plainspoken/shared';
import { createRouter } from '../../lib/context';
import { databaseProblem } from '../../lib/readiness';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/unavailable';

export const systemRoutes = createRouter()
  .get('/healthz', (c) => c.json({ ok: true, uptimeSeconds: Math.round(process.uptime()) }))
  .get('/readyz', async (c) => {
    const { database, lifecycle } = c.var.deps;
    c.header('Cache-Control', 'no-store');
    if (lifecycle?.draining) {
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json({ ok: false, database: database.kind, reason: 'This server is stopping.' }, 503);
    }
    const problem = await databaseProblem(database);
    if (problem) {
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json({ ok: false, database: database.kind, reason: `The database is not reachable: ${problem}` }, 503);
    }
    return c.json({ ok: true, database: database.kind });
  })
  // Health includes the database: a server that cannot reach it is not healthy, whatever the process says.
  .get('/api/health', async (c) => {
    const { database, detectorVersion } = c.var.deps;
    c.header('Cache-Control', 'no-store');
    const problem = await databaseProblem(database);
    if (problem) {
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json(
        {
          ok: false,
          database: database.kind,
          detector: detectorVersion,
          reason: `The database is not reachable: ${problem}`,
        } satisfies HealthResponse,
        503,
      );
    }
    return c.json({ ok: true, database: database.kind, detector: detectorVersion } satisfies HealthResponse);
  })
  .get('/api/config', (c) => {
    const { env, llm } = c.var.deps;
    const config: PublicConfig = {
      googleEnabled: !!(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
      contactEmail: env.CONTACT_EMAIL,
      posthog: env.POSTHOG_KEY && env.POSTHOG_HOST ? { key: env.POSTHOG_KEY, host: env.POSTHOG_HOST } : null,
      payments: env.PADDLE_API_KEY ? 'paddle' : 'sandbox',
      engine: llm ? 'model' : 'local',
    };
    return c.json(config);
  });
