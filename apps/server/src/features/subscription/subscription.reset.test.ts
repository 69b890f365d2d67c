import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import { DB_KINDS, createTestProduct, type TestProduct } from '../../test/harness';
import { subscribers } from '../../db/schema';

describe.each(DB_KINDS)('monthly reset and effective subscription on %s', (kind) => {
  let clock = Date.UTC(2026, 0, 15);
  let t: TestProduct;
  beforeAll(async () => {
    t = await createTestProduct({ kind, env: { RATE_LIMITS: 'off' }, now: () => new Date(clock) });
  });
  afterAll(async () => t.close());
  const subscription = async (cookie: string) =>
    (await testClient(t.app).api.subscription.$get({}, { headers: { cookie } })).json();

  it('refills a Free account to 250 once its reset date has passed, and only once', async () => {
    const u = await t.newUser();
    await t.deps.db
      .update(subscribers)
      .set({ monthly_word_balance: 10, balance_reset_date: new Date(clock + 86_400_000) })
      .where(eq(subscribers.user_id, u.id));
    const before = await subscription(u.cookie);
    expect(before.currentBalance).toBe(10);
    clock += 2 * 86_400_000;
    const after = await subscription(u.cookie);
    expect(after.currentBalance).toBe(250);
    const row = (await t.deps.db.select().from(subscribers).where(eq(subscribers.user_id, u.id)))[0]!;
    expect(row.balance_reset_date!.getTime()).toBeGreaterThan(clock);
    await t.deps.db.update(subscribers).set({ monthly_word_balance: 40 }).where(eq(subscribers.user_id, u.id));
    const again = await subscription(u.cookie);
    expect(again.currentBalance).toBe(40);
  });

  it('keeps a cancelled plan until its end date, then reads as Free and inactive', async () => {
    const u = await t.newUser();
    await t.deps.db
      .update(subscribers)
      .set({
        subscription_tier: 'Pro',
        subscribed: true,
        monthly_word_balance: 9000,
        subscription_cancelled_at: new Date(clock),
        cancellation_end_date: new Date(clock + 3 * 86_400_000),
        balance_reset_date: new Date(clock + 30 * 86_400_000),
      })
      .where(eq(subscribers.user_id, u.id));
    const during = await subscription(u.cookie);
    expect(during).toMatchObject({
      subscription_tier: 'Pro',
      isActive: true,
      monthlyLimit: 15000,
      currentBalance: 9000,
    });
    const cap = await (
      await testClient(t.app).api.functions['check-balance'].$post(
        { json: { word_count: 1000 } },
        { headers: { cookie: u.cookie } },
      )
    ).json();
    expect(cap.requestLimit).toBe(1500);
    clock += 4 * 86_400_000;
    const after = await subscription(u.cookie);
    expect(after).toMatchObject({
      subscription_tier: 'FREE',
      subscribed: false,
      isActive: false,
      monthlyLimit: 250,
      currentBalance: 250,
    });
  });
});
