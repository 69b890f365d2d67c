/** GET /api/usage/daily: the caller's words per UTC day for the account page's chart. */
import { createRouter } from '../../lib/context';
import { requireUser } from '../../lib/session';
import { dailyUsage } from './usage.service';

export const usageRoutes = createRouter().get('/api/usage/daily', async (c) => {
  const u = await requireUser(c);
  return c.json(await dailyUsage(c.var.deps.db, u.id, c.var.deps.now()));
});
