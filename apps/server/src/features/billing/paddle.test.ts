import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import { loadEnv } from '../../env';
import { DB_KINDS, createTestProduct, type TestProduct } from '../../test/harness';
import { subscribers, webhook_debug_logs } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { cancelSubscriptionForDeletion } from './billing.service';
import { startFakePaddle, type FakePaddle } from './fake-paddle';
import { DAY_MS, deliver, subEvent, txnEvent } from './test-support';

const API_KEY = 'pdl_sdbx_apikey_test';
const SECRET = 'pdl_ntfset_test_secret';
const PRICES =
  'Basic:monthly=pri_bm,Basic:yearly=pri_by,Pro:monthly=pri_pm,Pro:yearly=pri_py,Ultra:monthly=pri_um,Ultra:yearly=pri_uy';
type User = { email: string; cookie: string; id: string };

describe('Paddle configuration', () => {
  it('needs the webhook secret and a price per plan and period once an API key is set', () => {
    expect(() => loadEnv({ NODE_ENV: 'test', PADDLE_API_KEY: 'k' })).toThrow(
      /PADDLE_WEBHOOK_SECRET[\s\S]*PADDLE_PRICE_IDS/,
    );
    expect(() =>
      loadEnv({
        NODE_ENV: 'test',
        PADDLE_API_KEY: 'k',
        PADDLE_WEBHOOK_SECRET: 's',
        PADDLE_CLIENT_TOKEN: 'c',
        PADDLE_PRICE_IDS: 'Pro:monthly=pri_1',
      }),
    ).toThrow(/Basic:monthly/);
    expect(() =>
      loadEnv({ NODE_ENV: 'test', PADDLE_API_KEY: 'k', PADDLE_WEBHOOK_SECRET: 's', PADDLE_PRICE_IDS: PRICES }),
    ).toThrow(/PADDLE_CLIENT_TOKEN/);
    expect(() => loadEnv({ NODE_ENV: 'test', PADDLE_PRICE_IDS: 'Gold:monthly=pri_1' })).toThrow(/Tier:period=price_id/);
    const env = loadEnv({
      NODE_ENV: 'test',
      PADDLE_API_KEY: 'k',
      PADDLE_WEBHOOK_SECRET: 's',
      PADDLE_CLIENT_TOKEN: 'c',
      PADDLE_PRICE_IDS: PRICES,
    });
    expect(env.PADDLE_PRICE_IDS?.['Ultra:yearly']).toBe('pri_uy');
  });
});

describe.each(DB_KINDS)('Paddle Billing against a fake Paddle API on %s', (kind) => {
  let t: TestProduct;
  let paddle: FakePaddle;
  beforeAll(async () => {
    paddle = await startFakePaddle(API_KEY);
    t = await createTestProduct({
      kind,
      env: {
        RATE_LIMITS: 'off',
        PADDLE_API_KEY: API_KEY,
        PADDLE_WEBHOOK_SECRET: SECRET,
        PADDLE_PRICE_IDS: PRICES,
        PADDLE_API_BASE_URL: paddle.baseUrl,
        PADDLE_CLIENT_TOKEN: 'test_clienttoken',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await paddle.close();
  });
  beforeEach(() => {
    paddle.requests.length = 0;
    paddle.failWith(null);
  });

  const sub = async (u: User) =>
    (await testClient(t.app).api.subscription.$get({}, { headers: { cookie: u.cookie } })).json();
  const portal = (u: User) =>
    testClient(t.app).api.functions['paddle-customer-portal'].$post({}, { headers: { cookie: u.cookie } });
  const shape = (u: User, id: string, over: Partial<Parameters<typeof subEvent>[1]> = {}) => ({
    id,
    customerId: `ctm_${id}`,
    status: 'active' as const,
    priceId: 'pri_pm',
    tier: 'Pro' as const,
    period: 'monthly' as const,
    periodStart: new Date(),
    periodEnd: new Date(Date.now() + 30 * DAY_MS),
    userId: u.id,
    ...over,
  });

  it("creates a Paddle transaction carrying the caller's id and returns its checkout URL", async () => {
    const u = await t.newUser();
    const r = await testClient(t.app).api.functions['create-checkout'].$post(
      { json: { planTier: 'Ultra', billingPeriod: 'yearly' } },
      { headers: { cookie: u.cookie } },
    );
    expect(r.status).toBe(200);
    const { url } = await r.json();
    expect(url).toMatch(/^https:\/\/pay\.example\.test\/checkout\?_ptxn=txn_fake_/);
    expect(paddle.requests).toHaveLength(1);
    expect(paddle.requests[0]).toMatchObject({
      method: 'POST',
      path: '/transactions',
      authorization: `Bearer ${API_KEY}`,
      body: { items: [{ price_id: 'pri_uy', quantity: 1 }], custom_data: { user_id: u.id } },
    });
    // Sandbox pages do not exist when Paddle is configured.
    expect((await t.req('/sandbox/checkout?session=x', { cookie: u.cookie })).status).toBe(404);
  });

  it('serves the payment-link page that opens Paddle.js for the transaction', async () => {
    const page = await t.req('/billing/checkout?_ptxn=txn_01abc');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('paddle/v2/paddle.js');
    expect(html).toContain('"token":"test_clienttoken"');
    expect(html).toContain('"sandbox":true');
    expect(html).toContain('"successUrl":"http://localhost:3999/profile?checkout=success"');
    expect((await t.req('/billing/checkout?_ptxn=%3Cscript%3E')).status).toBe(400);
  });

  it('answers CHECKOUT_FAILED when Paddle fails', async () => {
    const u = await t.newUser();
    paddle.failWith(500);
    const r = await testClient(t.app).api.functions['create-checkout'].$post(
      { json: { planTier: 'Pro', billingPeriod: 'monthly' } },
      { headers: { cookie: u.cookie } },
    );
    expect(r.status).toBe(502);
    expect(await r.json()).toEqual({ error: { code: 'CHECKOUT_FAILED', message: 'Failed to create checkout' } });
  });

  it('applies Paddle-signed lifecycle events and opens a portal session for the customer', async () => {
    const u = await t.newUser();
    const id = `sub_life_${kind}`;
    const created = subEvent('subscription.created', shape(u, id));
    expect((await deliver(t, created, SECRET)).status).toBe(200);
    const activated = subEvent('subscription.activated', shape(u, id));
    expect((await deliver(t, activated, SECRET)).status).toBe(200);
    expect(await sub(u)).toMatchObject({ subscription_tier: 'Pro', subscribed: true, monthly_word_balance: 15000 });
    const row = (await t.deps.db.select().from(subscribers).where(eq(subscribers.user_id, u.id)))[0]!;
    expect(row).toMatchObject({
      paddle_customer_id: `ctm_${id}`,
      paddle_subscription_id: id,
      billing_period: 'monthly',
    });

    const p = await portal(u);
    expect(p.status).toBe(200);
    expect((await p.json()).url).toBe(`https://portal.example.test/ctm_${id}/overview`);
    expect(paddle.requests.at(-1)).toMatchObject({
      path: `/customers/ctm_${id}/portal-sessions`,
      body: { subscription_ids: [id] },
    });

    // Scheduled cancel from the portal, then a resume, then an upgrade, by subscription.updated.
    const end = new Date(Date.now() + 30 * DAY_MS);
    await deliver(t, subEvent('subscription.updated', shape(u, id, { scheduledCancelAt: end })), SECRET);
    let s = await sub(u);
    expect(s.cancellation_end_date).toBe(end.toISOString());
    expect(s.subscription_tier).toBe('Pro');
    await deliver(t, subEvent('subscription.updated', shape(u, id)), SECRET);
    s = await sub(u);
    expect(s).toMatchObject({ subscription_cancelled_at: null, cancellation_end_date: null });
    await t.deps.db.update(subscribers).set({ monthly_word_balance: 3 }).where(eq(subscribers.user_id, u.id));
    await deliver(t, subEvent('subscription.updated', shape(u, id, { priceId: 'pri_um', tier: 'Ultra' })), SECRET);
    expect(await sub(u)).toMatchObject({ subscription_tier: 'Ultra', monthly_word_balance: 30000 });

    // A renewal resets the balance.
    await t.deps.db.update(subscribers).set({ monthly_word_balance: 5 }).where(eq(subscribers.user_id, u.id));
    const renewal = txnEvent({
      id: 'txn_r1',
      customerId: `ctm_${id}`,
      subscriptionId: id,
      origin: 'subscription_recurring',
      priceId: 'pri_um',
      tier: 'Ultra',
      period: 'monthly',
      periodStart: end,
      periodEnd: new Date(end.getTime() + 30 * DAY_MS),
    });
    expect((await deliver(t, renewal, SECRET)).status).toBe(200);
    expect((await sub(u)).monthly_word_balance).toBe(30000);

    // The sandbox's secret is not Paddle's.
    const forged = await deliver(
      t,
      subEvent('subscription.canceled', shape(u, id, { status: 'canceled', canceledAt: new Date() })),
      'plainspoken-sandbox-webhook-secret',
    );
    expect(forged.status).toBe(401);
    expect((await sub(u)).subscription_tier).toBe('Ultra');
  });

  it('maps a portal failure to PORTAL_FAILED', async () => {
    const u = await t.newUser();
    await deliver(t, subEvent('subscription.created', shape(u, `sub_pf_${kind}`)), SECRET);
    paddle.failWith(503);
    const r = await portal(u);
    expect(r.status).toBe(502);
    expect(await r.json()).toMatchObject({ error: { code: 'PORTAL_FAILED' } });
  });

  it('cancels immediately at Paddle for account deletion, and throws a clear error when Paddle fails', async () => {
    const u = await t.newUser();
    const id = `sub_del_${kind}`;
    await deliver(t, subEvent('subscription.created', shape(u, id)), SECRET);
    await cancelSubscriptionForDeletion(t.deps, u.id);
    expect(paddle.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/subscriptions/${id}/cancel`,
      body: { effective_from: 'immediately' },
    });

    paddle.failWith(500);
    const err = await cancelSubscriptionForDeletion(t.deps, u.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toMatch(/could not cancel your paid subscription/);

    const free = await t.newUser();
    paddle.requests.length = 0;
    await cancelSubscriptionForDeletion(t.deps, free.id);
    expect(paddle.requests).toHaveLength(0);
  });

  it('logs a stale Paddle signature as rejected', async () => {
    const u = await t.newUser();
    const ev = subEvent('subscription.created', shape(u, `sub_stale_${kind}`));
    const r = await deliver(t, ev, SECRET, { tsSeconds: Math.floor(Date.now() / 1000) - 6 });
    expect(r.status).toBe(401);
    const logs = await t.deps.db.select().from(webhook_debug_logs).where(eq(webhook_debug_logs.success, false));
    expect(logs.some((l) => (l.raw_payload as { event_id?: string } | null)?.event_id === ev.event_id)).toBe(true);
    expect((await sub(u)).subscription_tier).toBe('FREE');
  });
});
