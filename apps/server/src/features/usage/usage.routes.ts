import { Hono } from 'hono';
import type { AppEnv } from '../../app';
import { requireUser } from '../../auth/guards';
import { dailyUsage } from './usage.service';

export const usageRoutes = new Hono<AppEnv>().get('/daily', async (c) => {
  const u = await requireUser(c);
  return c.json(await dailyUsage(c.var.deps.db, u.id, c.var.deps.now()));
});
