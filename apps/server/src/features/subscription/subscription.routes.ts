import { Hono } from 'hono';
import type { AppEnv } from '../../app';
import { requireUser } from '../../auth/guards';
import { loadSubscriber, toSubscriptionData } from './subscription.service';

export const subscriptionRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const u = await requireUser(c);
  const now = c.var.deps.now();
  const row = await loadSubscriber(c.var.deps.db, u, now, u.subscriber);
  return c.json(toSubscriptionData(row, now));
});
