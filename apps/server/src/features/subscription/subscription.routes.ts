/**
 * The caller's subscription, and the ledger's maintenance:
 *   GET /api/subscription
 *   POST /api/functions/process-expired-subscriptions (admin; the daily job does the same, see server.ts)
 */
import type { ProcessExpiredOutput } from '@plainspoken/shared';
import { processExpired } from '../../domain/maintenance';
import { loadSubscriber, toSubscriptionData } from '../../domain/subscribers';
import { createRouter } from '../../lib/context';
import { requireAdmin, requireUser } from '../../lib/session';

export const subscriptionRoutes = createRouter()
  .get('/api/subscription', async (c) => {
    const u = await requireUser(c);
    const now = c.var.deps.now();
    const row = await loadSubscriber(c.var.deps.db, u, now, u.subscriber);
    return c.json(toSubscriptionData(row, now));
  })
  .post('/api/functions/process-expired-subscriptions', async (c) => {
    await requireAdmin(c);
    return c.json({ ok: true, ...(await processExpired(c.var.deps)) } satisfies ProcessExpiredOutput);
  });
