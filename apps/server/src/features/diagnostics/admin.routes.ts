/**
 * Admin-only endpoints behind the diagnostics pages and the overview (spec decision 8), with full paths
 * under /api/admin. Every route starts with the admin check, so signed-out callers get 401 and other
 * users 403 before anything is read.
 */
import {
  adminOverviewQuery,
  adminSubscriberQuery,
  type SubscriberLookup,
  type WebhookLogList,
  type WebhookLogsCleared,
} from '@plainspoken/shared';
import { createRouter } from '../../lib/context';
import { queryOf } from '../../lib/http';
import { adminOnly } from '../../lib/session';
import { buildOverview, clearWebhookLogs, findSubscriberByEmail, listWebhookLogs } from './admin.service';

export const adminRoutes = createRouter()
  .get('/api/admin/webhook-logs', adminOnly, async (c) => {
    return c.json({ logs: await listWebhookLogs(c.var.deps.db) } satisfies WebhookLogList);
  })
  .delete('/api/admin/webhook-logs', adminOnly, async (c) => {
    return c.json({ deleted: await clearWebhookLogs(c.var.deps.db) } satisfies WebhookLogsCleared);
  })
  .get('/api/admin/subscriber', adminOnly, queryOf(adminSubscriberQuery), async (c) => {
    const { email } = c.req.valid('query');
    return c.json({ subscriber: await findSubscriberByEmail(c.var.deps.db, email) } satisfies SubscriberLookup);
  })
  .get('/api/admin/overview', adminOnly, queryOf(adminOverviewQuery), async (c) => {
    const { days } = c.req.valid('query');
    return c.json(await buildOverview(c.var.deps.db, c.var.deps.now(), days));
  });
