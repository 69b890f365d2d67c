/** The product's own endpoints: GET /api/health and GET /api/config (the public configuration). */
import type { HealthResponse, PublicConfig } from '@plainspoken/shared';
import { createRouter } from '../../lib/context';

export const systemRoutes = createRouter()
  .get('/api/health', (c) => {
    const { database, detectorVersion } = c.var.deps;
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
