/**
 * A subscriber's plan change: the prorated preview and the change, over HTTP, in the sandbox (its own
 * proration, applied by its signed event) and with Paddle (its preview and update, against the fake API).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClient } from 'hono/testing';
import { createTestProduct, type TestProduct } from '../../test/harness';
import { startFakePaddle, type FakePaddle } from './fake-paddle';
import { sandboxPriceId } from './payments/sandbox';
import { prorate } from './plan-change';
import { promotion_redemptions } from '../../db/schema';
import { DAY_MS, deliver, postForm, sessionOf, subEvent } from './test-support';

type User = Awaited<ReturnType<TestProduct['newUser']>>;
type Plan = { planTier: 'Basic' | 'Pro' | 'Ultra'; billingPeriod: 'monthly' | 'yearly' };

const previewChange = (t: TestProduct, u: User, plan: Plan) =>
  testClient(t.app).api.functions['preview-plan-change'].$post({ json: plan }, { headers: { cookie: u.cookie } });
const changePlan = (t: TestProduct, u: User, plan: Plan) =>
  testClient(t.app).api.functions['change-plan'].$post({ json: plan }, { headers: { cookie: u.cookie } });

function proShape(u: User, id: string, priceId: string, daysLeft = 15) {
  const periodEnd = new Date(Date.now() + daysLeft * DAY_MS);
  return {
    id,
    customerId: `ctm_${id}`,
    status: 'active' as const,
    priceId,
    tier: 'Pro' as const,
    period: 'monthly' as const,
    periodStart: new Date(periodEnd.getTime() - 30 * DAY_MS),
    periodEnd,
    userId: u.id,
  };
}

describe('proration as Paddle computes it (prorated immediately)', () => {
  it('credits the unused part and charges the new plan for the rest of the period', () => {
    const start = new Date('2030-01-01T00:00:00Z');
    const end = new Date('2030-01-31T00:00:00Z');
    const now = new Date('2030-01-16T00:00:00Z'); // half the period left
    const p = prorate(
      { tier: 'Pro', period: 'monthly', periodStart: start, periodEnd: end },
      { planTier: 'Ultra', billingPeriod: 'monthly' },
      now,
    );
    expect(p.direction).toBe('upgrade');
    expect(p.credit).toBeCloseTo(19.99 / 2, 2);
    expect(p.charge).toBeGreaterThan(p.credit);
    expect(p.dueNow).toBeCloseTo(p.charge - p.credit, 2);
    expect(p.carriedCredit).toBe(0);
    expect(p.nextBilledAt).toBe(end.toISOString());

    const down = prorate(
      { tier: 'Pro', period: 'monthly', periodStart: start, periodEnd: end },
      { planTier: 'Basic', billingPeriod: 'monthly' },
      now,
    );
    expect(down.direction).toBe('downgrade');
    expect(down.dueNow).toBe(0);
    expect(down.carriedCredit).toBeCloseTo(down.credit - down.charge, 2);
  });
});

describe('plan change in the sandbox', () => {
  let t: TestProduct;
  beforeAll(async () => {
    t = await createTestProduct({ env: { RATE_LIMITS: 'off' } });
  });
  afterAll(async () => t.close());

  it('previews the proration, then changes the plan at once', async () => {
    const u = await t.newUser();
    const ev = subEvent(
      'subscription.created',
      proShape(u, `sub_sandbox_pc_${u.id}`, sandboxPriceId('Pro', 'monthly')),
    );
    expect((await deliver(t, ev, t.deps.env.SANDBOX_WEBHOOK_SECRET)).status).toBe(200);

    const r = await previewChange(t, u, { planTier: 'Ultra', billingPeriod: 'monthly' });
    expect(r.status).toBe(200);
    const p = await r.json();
    expect(p).toMatchObject({
      from: { tier: 'Pro', period: 'monthly' },
      to: { tier: 'Ultra', period: 'monthly' },
      direction: 'upgrade',
    });
    expect(p.credit).toBeCloseTo(19.99 / 2, 1);
    expect(p.dueNow).toBeGreaterThan(0);

    const same = await previewChange(t, u, { planTier: 'Pro', billingPeriod: 'monthly' });
    expect(same.status).toBe(400);

    const c = await changePlan(t, u, { planTier: 'Ultra', billingPeriod: 'monthly' });
    expect(c.status).toBe(200);
    expect(await c.json()).toEqual({ ok: true, applied: true });
    const s = await (await testClient(t.app).api.subscription.$get({}, { headers: { cookie: u.cookie } })).json();
    expect(s.subscription_tier).toBe('Ultra');
  });

  it('credits a period paid with a promotion code at what was paid, not at the list price', async () => {
    const u = await t.newUser();
    const shape = proShape(u, `sub_sandbox_promo_${u.id}`, sandboxPriceId('Pro', 'monthly'));
    expect((await deliver(t, subEvent('subscription.created', shape), t.deps.env.SANDBOX_WEBHOOK_SECRET)).status).toBe(
      200,
    );
    const preview = async () => (await previewChange(t, u, { planTier: 'Ultra', billingPeriod: 'monthly' })).json();
    const full = await preview();
    expect(full.credit).toBeCloseTo(19.99 / 2, 1);
    // The checkout that started this period carried BACK2SCHOOL40 (40% off): $11.99 was paid.
    await t.deps.db
      .insert(promotion_redemptions)
      .values({ user_id: u.id, code: 'BACK2SCHOOL40', redeemed_at: new Date(shape.periodStart.getTime() + 1000) });
    const discounted = await preview();
    expect(discounted.credit).toBeCloseTo(11.99 / 2, 1);
    expect(discounted.dueNow).toBeCloseTo(full.dueNow + (full.credit - discounted.credit), 1);
  });

  it('after a change, credits the plan held at what was paid for it, and says its current price', async () => {
    const u = await t.newUser();
    const as = { headers: { cookie: u.cookie } };
    const api = testClient(t.app).api;
    // Pro monthly bought with BACK2SCHOOL40: $11.99.
    const co = await api.functions['create-checkout'].$post(
      { json: { planTier: 'Pro', billingPeriod: 'monthly', discountCode: 'BACK2SCHOOL40' } },
      as,
    );
    expect(co.status).toBe(200);
    const url = (await co.json()).url;
    const paid = await postForm(
      t,
      '/sandbox/checkout/pay',
      { session: sessionOf(url), code: 'BACK2SCHOOL40' },
      u.cookie,
    );
    expect(paid.status).toBe(303);
    const sub = async () => (await api.subscription.$get({}, as)).json();
    expect((await sub()).promotion?.terms).toBe('$11.99 for the first month, then $19.99 a month');

    // Up to Ultra at once: the $11.99 paid is credited, Ultra is charged at its list price.
    const up = await (await previewChange(t, u, { planTier: 'Ultra', billingPeriod: 'monthly' })).json();
    expect(up.credit).toBeCloseTo(11.99, 1);
    expect(up.charge).toBeCloseTo(39.99, 1);
    expect((await changePlan(t, u, { planTier: 'Ultra', billingPeriod: 'monthly' })).status).toBe(200);
    const paidForUltra = up.credit + up.dueNow;

    // The code paid Pro, not Ultra: the profile and the portal say Ultra's price now.
    const after = await sub();
    expect(after.subscription_tier).toBe('Ultra');
    expect(after.promotion).toBeNull();
    const portal = await api.functions['paddle-customer-portal'].$post({}, as);
    const page = await (
      await t.req(`/sandbox/portal?session=${encodeURIComponent(sessionOf((await portal.json()).url))}`, {
        cookie: u.cookie,
      })
    ).text();
    expect(page).not.toContain('for the first month');
    expect(page).toContain('$39.99');

    // Straight back down: Ultra is credited at what was paid for it (full price), not at its promotion price.
    const down = await (await previewChange(t, u, { planTier: 'Pro', billingPeriod: 'monthly' })).json();
    expect(down.credit).toBeCloseTo(paidForUltra, 1);
    expect(down.credit).toBeGreaterThan(39.9);
    expect(down.charge).toBeCloseTo(19.99, 1);
    // Nothing lost on the round trip: Pro for the period plus the credit carried is what was paid in all.
    expect(down.charge + down.carriedCredit).toBeCloseTo(11.99 + up.dueNow, 1);
  });

  it('refuses a Free account with a reason (409), and bad input with 400', async () => {
    const u = await t.newUser();
    const r = await previewChange(t, u, { planTier: 'Pro', billingPeriod: 'monthly' });
    expect(r.status).toBe(409);
    expect(await r.json()).toMatchObject({ error: { message: expect.stringMatching(/no paid plan/) as unknown } });
    // A plan that does not exist, which the typed client would not send.
    const bad = await t.req('/api/functions/change-plan', {
      body: { planTier: 'Gold', billingPeriod: 'monthly' },
      cookie: u.cookie,
    });
    expect(bad.status).toBe(400);
  });
});

describe('plan change with Paddle (fake API)', () => {
  const API_KEY = 'pdl_sdbx_apikey_test';
  const SECRET = 'pdl_ntfset_test_secret';
  let t: TestProduct;
  let paddle: FakePaddle;
  beforeAll(async () => {
    paddle = await startFakePaddle(API_KEY);
    t = await createTestProduct({
      env: {
        RATE_LIMITS: 'off',
        PADDLE_API_KEY: API_KEY,
        PADDLE_WEBHOOK_SECRET: SECRET,
        PADDLE_PRICE_IDS:
          'Basic:monthly=pri_bm,Pro:monthly=pri_pm,Ultra:monthly=pri_um,Basic:yearly=pri_by,Pro:yearly=pri_py,Ultra:yearly=pri_uy',
        PADDLE_API_BASE_URL: paddle.baseUrl,
        PADDLE_CLIENT_TOKEN: 'test_clienttoken',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await paddle.close();
  });

  it("shows Paddle's own proration and updates the subscription prorated immediately", async () => {
    const u = await t.newUser();
    const id = `sub_pc_${u.id}`;
    expect((await deliver(t, subEvent('subscription.created', proShape(u, id, 'pri_pm')), SECRET)).status).toBe(200);

    const r = await previewChange(t, u, { planTier: 'Ultra', billingPeriod: 'monthly' });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({
      from: { tier: 'Pro', period: 'monthly' },
      to: { tier: 'Ultra', period: 'monthly' },
      direction: 'upgrade',
      credit: 9.99,
      charge: 19.99,
      dueNow: 10,
      carriedCredit: 0,
      nextBilledAt: '2030-01-31T00:00:00Z',
      nextAmount: 39.99,
    });
    expect(paddle.requests.at(-1)).toMatchObject({
      method: 'PATCH',
      path: `/subscriptions/${id}/preview`,
      body: { items: [{ price_id: 'pri_um', quantity: 1 }], proration_billing_mode: 'prorated_immediately' },
    });

    const c = await changePlan(t, u, { planTier: 'Ultra', billingPeriod: 'monthly' });
    expect(c.status).toBe(200);
    expect(await c.json()).toEqual({ ok: true, applied: false });
    expect(paddle.requests.at(-1)).toMatchObject({
      method: 'PATCH',
      path: `/subscriptions/${id}`,
      body: { items: [{ price_id: 'pri_um', quantity: 1 }], proration_billing_mode: 'prorated_immediately' },
    });

    // A code that paid Pro no longer describes the plan once Paddle's update moves it to Ultra.
    const shape = proShape(u, id, 'pri_pm');
    await t.deps.db
      .insert(promotion_redemptions)
      .values({ user_id: u.id, code: 'BACK2SCHOOL40', redeemed_at: new Date(shape.periodStart.getTime() + 1000) });
    const promotion = async () =>
      (await (await testClient(t.app).api.subscription.$get({}, { headers: { cookie: u.cookie } })).json()).promotion;
    expect((await promotion())?.code).toBe('BACK2SCHOOL40');
    const updated = subEvent('subscription.updated', { ...shape, priceId: 'pri_um', tier: 'Ultra' });
    expect((await deliver(t, updated, SECRET)).status).toBe(200);
    expect(await promotion()).toBeNull();

    paddle.failWith(500);
    const failed = await changePlan(t, u, { planTier: 'Basic', billingPeriod: 'monthly' });
    paddle.failWith(null);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({
      error: { message: expect.stringMatching(/Nothing was charged/) as unknown },
    });
  });
});
