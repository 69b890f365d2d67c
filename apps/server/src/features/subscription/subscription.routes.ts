/**
 * The caller's subscription, and the ledger's maintenance:
 *   GET /api/subscription
 *   POST /api/functions/process-expired-subscriptions (admin; the daily job does the same, see server.ts)
 */
import { eq } from 'drizzle-orm';
import {
  findPromoCode,
  isPaidTier,
  periodPrice,
  promoPriceTerms,
  type ProcessExpiredOutput,
  type SubscriptionData,
} from '@plainspoken/shared';
import type { Db } from '../../db/client';
import { promotion_redemptions } from '../../db/schema';
import { processExpired } from '../../domain/maintenance';
import { createRouter } from '../../lib/context';
import { requireAdmin, requireUser } from '../../lib/session';
import {
  addMonths,
  effectiveTier,
  loadSubscriber,
  toSubscriptionData,
  type SubscriberRow,
} from '../../domain/subscribers';

/** The code that paid the plan held now (redeemed at the period's start or later, and not before a change of plan), with its terms; null otherwise. */
async function periodPromotion(
  db: Db,
  userId: string,
  row: SubscriberRow,
  now: Date,
): Promise<SubscriptionData['promotion']> {
  const tier = effectiveTier(row, now);
  if (!isPaidTier(tier) || !row.subscription_end) return null;
  const period = row.billing_period === 'yearly' ? 'yearly' : 'monthly';
  // Since a change of plan in this period, the plan held was paid at its list price: no code describes it.
  const start = Math.max(
    addMonths(row.subscription_end, period === 'yearly' ? -12 : -1).getTime() - 60_000,
    row.plan_changed_at ? row.plan_changed_at.getTime() : 0,
  );
  const rows = await db
    .select({ code: promotion_redemptions.code, at: promotion_redemptions.redeemed_at })
    .from(promotion_redemptions)
    .where(eq(promotion_redemptions.user_id, userId));
  const hit = rows.filter((r) => r.at.getTime() >= start).sort((a, b) => b.at.getTime() - a.at.getTime())[0];
  const promo = hit ? findPromoCode(hit.code) : null;
  return promo ? { code: promo.code, terms: promoPriceTerms(periodPrice(tier, period), promo, period).text } : null;
}

export const subscriptionRoutes = createRouter()
  .get('/api/subscription', async (c) => {
    const u = await requireUser(c);
    const now = c.var.deps.now();
    const row = await loadSubscriber(c.var.deps.db, u, now, u.subscriber);
    const data: SubscriptionData = toSubscriptionData(row, now);
    const paid = isPaidTier(effectiveTier(row, now));
    const body: SubscriptionData = {
      ...data,
      billing_period: paid ? (row.billing_period === 'yearly' ? 'yearly' : 'monthly') : null,
      promotion: await periodPromotion(c.var.deps.db, u.id, row, now),
    };
    return c.json(body);
  })
  .post('/api/functions/process-expired-subscriptions', async (c) => {
    await requireAdmin(c);
    return c.json({ ok: true, ...(await processExpired(c.var.deps)) } satisfies ProcessExpiredOutput);
  });
