/**
 * Admin-only endpoints behind the diagnostics pages and the overview (decision 8). Every route starts
 * with requireAdmin, so signed-out callers get 401 and other users 403 before anything is read.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../app';
import { requireAdmin } from '../../auth/guards';
import { AppError } from '../../lib/errors';
import { buildOverview, clearWebhookLogs, findSubscriberByEmail, listWebhookLogs } from './admin.service';

export const OVERVIEW_MAX_DAYS = 90;

const subscriberQuery = z.object({ email: z.string().trim().min(1, 'email is required').max(320).email('not an email address') });
const overviewQuery = z.object({ days: z.coerce.number().int().min(1).max(OVERVIEW_MAX_DAYS).default(30) });

function parseQuery<S extends z.ZodType>(schema: S, q: Record<string, string>): z.output<S> {
  const r = schema.safeParse(q);
  if (!r.success) {
    const issue = r.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new AppError('VALIDATION', 400, `Invalid request. ${where}${issue?.message ?? 'bad input'}`);
  }
  return r.data;
}

export const adminRoutes = new Hono<AppEnv>()
  .get('/webhook-logs', async (c) => {
    await requireAdmin(c);
    return c.json({ logs: await listWebhookLogs(c.var.deps.db) });
  })
  .delete('/webhook-logs', async (c) => {
    await requireAdmin(c);
    return c.json({ deleted: await clearWebhookLogs(c.var.deps.db) });
  })
  .get('/subscriber', async (c) => {
    await requireAdmin(c);
    const { email } = parseQuery(subscriberQuery, c.req.query());
    return c.json({ subscriber: await findSubscriberByEmail(c.var.deps.db, email) });
  })
  .get('/overview', async (c) => {
    await requireAdmin(c);
    const { days } = parseQuery(overviewQuery, c.req.query());
    return c.json(await buildOverview(c.var.deps.db, c.var.deps.now(), days));
  });
