import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import { z } from 'zod';
import { DB_KINDS, createTestProduct, type TestProduct } from '../../test/harness';
import { processed_webhook_events, subscribers, webhook_debug_logs } from '../../db/schema';
import { runDailyJob } from '../../domain/maintenance';
import { cancelSubscriptionForDeletion } from './billing.service';
import { sandboxCustomerId, sandboxPriceId } from './payments/sandbox';
import { DAY_MS, bearerFrom, deliver, postForm, sessionOf, subEvent, txnEvent } from './test-support';

const SECRET = 'plainspoken-sandbox-webhook-secret';
type User = { email: string; cookie: string; id: string };
type Plan = { planTier: 'Basic' | 'Pro' | 'Ultra'; billingPeriod: 'monthly' | 'yearly' };
/** The webhook's answer to a signed delivery (a raw, signed request: not sent through the typed client). */
const webhookAnswer = z.object({ applied: z.boolean() });

describe.each(DB_KINDS)('billing in the sandbox on %s', (kind) => {
  let t: TestProduct;
  let admin: User;
  beforeAll(async () => {
    t = await createTestProduct({ kind, env: { RATE_LIMITS: 'off', ADMIN_EMAILS: 'admin@example.com' } });
    admin = await t.newUser('admin@example.com');
  });
  afterAll(async () => t.close());

  const api = () => testClient(t.app).api;
  const as = (u: User) => ({ headers: { cookie: u.cookie } });
  const sub = async (u: User) => (await api().subscription.$get({}, as(u))).json();
  const limits = async (u: User) =>
    (await api().functions['check-balance'].$post({ json: { word_count: 100 } }, as(u))).json();
  const createCheckout = (u: User, plan: Plan) => api().functions['create-checkout'].$post({ json: plan }, as(u));
  const customerPortal = (u: User) => api().functions['paddle-customer-portal'].$post({}, as(u));
  const row = async (u: User) => (await t.deps.db.select().from(subscribers).where(eq(subscribers.user_id, u.id)))[0]!;
  const checkout = async (
    u: User,
    planTier: Plan['planTier'] = 'Pro',
    billingPeriod: Plan['billingPeriod'] = 'monthly',
  ) => {
    const r = await createCheckout(u, { planTier, billingPeriod });
    expect(r.status).toBe(200);
    return (await r.json()).url;
  };
  const subscribe = async (
    u: User,
    planTier: Plan['planTier'] = 'Pro',
    billingPeriod: Plan['billingPeriod'] = 'monthly',
  ) => {
    const url = await checkout(u, planTier, billingPeriod);
    const r = await postForm(t, '/sandbox/checkout/pay', { session: sessionOf(url) }, u.cookie);
    expect(r.status).toBe(303);
    return r;
  };
  const portal = async (u: User) => {
    const r = await customerPortal(u);
    expect(r.status).toBe(200);
    return sessionOf((await r.json()).url);
  };

  it('gives the caller a sandbox checkout link only they can open', async () => {
    const a = await t.newUser();
    const b = await t.newUser();
    const url = await checkout(a);
    expect(url.startsWith('http://localhost:3999/sandbox/checkout?session=')).toBe(true);
    const path = new URL(url).pathname + new URL(url).search;

    const page = await t.req(path, { cookie: a.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('TEST MODE');
    expect(html).toContain('Pro plan');
    expect(html).toContain('$19.99');
    expect(html).toContain('Monthly');

    expect((await t.req(path, { cookie: b.cookie })).status).toBe(403);
    expect((await t.req(path)).status).toBe(401);
    expect((await t.req('/sandbox/checkout?session=forged.token', { cookie: a.cookie })).status).toBe(400);
    // The Paddle payment-link page does not exist in the sandbox.
    expect((await t.req('/billing/checkout?_ptxn=txn_1')).status).toBe(404);
    // Someone else cannot pay with the link: nothing changes for either account.
    expect((await postForm(t, '/sandbox/checkout/pay', { session: sessionOf(url) }, b.cookie)).status).toBe(403);
    expect((await sub(a)).subscription_tier).toBe('FREE');
    expect((await sub(b)).subscription_tier).toBe('FREE');
    // Extra fields cannot aim a checkout at another account (a field the typed client would not send).
    const r = await t.req('/api/functions/create-checkout', {
      body: { planTier: 'Pro', billingPeriod: 'monthly', userId: b.id },
      cookie: a.cookie,
    });
    const other = new URL(z.object({ url: z.string() }).parse(await r.json()).url);
    expect((await t.req(other.pathname + other.search, { cookie: b.cookie })).status).toBe(403);
  });

  it('pays in the sandbox and lands on Pro with 15,000 words and a 1,500-word cap', async () => {
    const u = await t.newUser();
    const r = await subscribe(u);
    expect(r.headers.get('location')).toBe('/profile?checkout=success&tier=Pro');
    const s = await sub(u);
    expect(s).toMatchObject({
      subscription_tier: 'Pro',
      subscribed: true,
      monthly_word_balance: 15000,
      monthlyLimit: 15000,
      isActive: true,
      subscription_cancelled_at: null,
    });
    expect(new Date(s.subscription_end!).getTime() - Date.now()).toBeGreaterThan(27 * DAY_MS);
    expect(await limits(u)).toMatchObject({
      subscriptionTier: 'Pro',
      requestLimit: 1500,
      currentBalance: 15000,
      canProcess: true,
    });
    const db = await row(u);
    expect(db).toMatchObject({ paddle_customer_id: sandboxCustomerId(u.id), billing_period: 'monthly' });
    expect(db.paddle_subscription_id).toMatch(/^sub_sandbox_/);
    expect(db.balance_reset_date?.toISOString()).toBe(s.subscription_end);
    // A second checkout while subscribed would double-bill: it is refused with a reason.
    const again = await createCheckout(u, { planTier: 'Ultra', billingPeriod: 'monthly' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 'CHECKOUT_FAILED' } });
  });

  it('cancels in the portal, keeps Pro until the end date, resumes, and expires to FREE after the date', async () => {
    const u = await t.newUser();
    await subscribe(u);
    const token = await portal(u);
    const page = await t.req(`/sandbox/portal?session=${encodeURIComponent(token)}`, { cookie: u.cookie });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Cancel subscription');

    expect((await postForm(t, '/sandbox/portal/cancel', { session: token }, u.cookie)).status).toBe(303);
    let s = await sub(u);
    expect(s.subscription_cancelled_at).not.toBeNull();
    expect(s.cancellation_end_date).toBe(s.subscription_end);
    expect(s).toMatchObject({ subscription_tier: 'Pro', subscribed: true, monthly_word_balance: 15000 });

    expect((await postForm(t, '/sandbox/portal/resume', { session: token }, u.cookie)).status).toBe(303);
    s = await sub(u);
    expect(s).toMatchObject({ subscription_tier: 'Pro', subscription_cancelled_at: null, cancellation_end_date: null });

    await postForm(t, '/sandbox/portal/cancel', { session: token }, u.cookie);
    const end = new Date((await sub(u)).cancellation_end_date!);

    // Only admins run the expiration; others get 403, signed-out callers 401.
    const processExpired = api().functions['process-expired-subscriptions'];
    expect((await processExpired.$post({}, as(u))).status).toBe(403);
    expect((await processExpired.$post({})).status).toBe(401);
    try {
      t.deps.clock!.setOffset(end.getTime() - Date.now() + 60_000);
      const run = await processExpired.$post({}, as(admin));
      expect(run.status).toBe(200);
      expect((await run.json()).expired).toBeGreaterThanOrEqual(1);
      // Read the row directly: the endpoint, not a lazy read, did the downgrade.
      expect(await row(u)).toMatchObject({
        subscription_tier: 'FREE',
        subscribed: false,
        monthly_word_balance: 250,
        paddle_subscription_id: null,
      });
      expect(await sub(u)).toMatchObject({ subscription_tier: 'FREE', isActive: false, monthlyLimit: 250 });
      expect((await limits(u)).requestLimit).toBe(250);
    } finally {
      t.deps.clock!.setOffset(0);
    }
  });

  it('changes plan: an upgrade gives the new allowance and cap at once, a downgrade keeps words up to the new allowance', async () => {
    const u = await t.newUser();
    await subscribe(u, 'Basic', 'monthly');
    expect((await limits(u)).requestLimit).toBe(500);
    const token = await portal(u);
    await t.deps.db.update(subscribers).set({ monthly_word_balance: 1200 }).where(eq(subscribers.user_id, u.id));

    expect(
      (await postForm(t, '/sandbox/portal/change', { session: token, plan: 'Ultra:yearly' }, u.cookie)).status,
    ).toBe(303);
    expect(await sub(u)).toMatchObject({ subscription_tier: 'Ultra', monthly_word_balance: 30000 });
    expect((await limits(u)).requestLimit).toBe(3000);
    expect((await row(u)).billing_period).toBe('yearly');

    await t.deps.db.update(subscribers).set({ monthly_word_balance: 12000 }).where(eq(subscribers.user_id, u.id));
    await postForm(t, '/sandbox/portal/change', { session: token, plan: 'Basic:monthly' }, u.cookie);
    expect(await sub(u)).toMatchObject({ subscription_tier: 'Basic', monthly_word_balance: 5000 });
    await t.deps.db.update(subscribers).set({ monthly_word_balance: 40 }).where(eq(subscribers.user_id, u.id));
    await postForm(t, '/sandbox/portal/change', { session: token, plan: 'Pro:monthly' }, u.cookie);
    await postForm(t, '/sandbox/portal/change', { session: token, plan: 'Basic:yearly' }, u.cookie);
    expect(await sub(u)).toMatchObject({ subscription_tier: 'Basic', monthly_word_balance: 5000 });
    expect(
      (await postForm(t, '/sandbox/portal/change', { session: token, plan: 'Gold:monthly' }, u.cookie)).status,
    ).toBe(400);
  });

  it("does not let one user open or act in another user's portal", async () => {
    const a = await t.newUser();
    const b = await t.newUser();
    await subscribe(b);
    const bToken = await portal(b);
    expect((await t.req(`/sandbox/portal?session=${encodeURIComponent(bToken)}`, { cookie: a.cookie })).status).toBe(
      403,
    );
    expect((await postForm(t, '/sandbox/portal/cancel', { session: bToken }, a.cookie)).status).toBe(403);
    expect((await sub(b)).subscription_cancelled_at).toBeNull();
    // A Free user has nothing to manage.
    const free = await customerPortal(a);
    expect(free.status).toBe(404);
    expect(await free.json()).toMatchObject({ error: { code: 'PORTAL_FAILED' } });
    expect((await api().functions['paddle-customer-portal'].$post({})).status).toBe(401);
    // Cross-site form posts are refused even with the right cookie.
    const cross = await t.req('/sandbox/portal/cancel', {
      rawBody: `session=${encodeURIComponent(bToken)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      cookie: b.cookie,
    });
    expect(cross.status).toBe(403);
  });

  it('rejects forged, missing and stale signatures with 401 and logs each', async () => {
    const u = await t.newUser();
    const ev = subEvent('subscription.created', {
      id: 'sub_forged',
      customerId: 'ctm_forged',
      status: 'active',
      priceId: sandboxPriceId('Ultra', 'monthly'),
      tier: 'Ultra',
      period: 'monthly',
      periodStart: new Date(),
      periodEnd: new Date(Date.now() + 30 * DAY_MS),
      userId: u.id,
    });
    const forged = await deliver(t, ev, 'not-the-secret');
    const missing = await deliver(t, ev, SECRET, { signature: null });
    const stale = await deliver(t, ev, SECRET, { tsSeconds: Math.floor(Date.now() / 1000) - 10 });
    const garbage = await deliver(t, ev, SECRET, { signature: 'nonsense' });
    for (const r of [forged, missing, stale, garbage]) {
      expect(r.status).toBe(401);
      expect(await r.json()).toMatchObject({ error: { code: 'WEBHOOK_SIGNATURE' } });
    }
    expect((await sub(u)).subscription_tier).toBe('FREE');
    const logs = await t.deps.db
      .select()
      .from(webhook_debug_logs)
      .where(eq(webhook_debug_logs.event_type, 'subscription.created'));
    const rejected = logs.filter((l) => !l.success && l.error_message?.startsWith('Rejected'));
    expect(rejected.length).toBeGreaterThanOrEqual(4);
    expect(rejected.some((l) => l.error_message?.includes('missing'))).toBe(true);
    expect((rejected[0]!.raw_payload as { event_type: string }).event_type).toBe('subscription.created');
    // Large junk is logged, but only its beginning.
    const junk = JSON.stringify({ event_type: 'junk.big', pad: 'x'.repeat(100_000) });
    expect((await deliver(t, junk, 'wrong')).status).toBe(401);
    const [big] = await t.deps.db
      .select()
      .from(webhook_debug_logs)
      .where(eq(webhook_debug_logs.event_type, 'junk.big'));
    expect((big!.raw_payload as { truncated: string; length: number }).length).toBe(junk.length);
  });

  it('refuses a signature dated in the future beyond a small skew, and a signed body that is not an event object', async () => {
    const u = await t.newUser();
    const ev = subEvent('subscription.created', {
      id: 'sub_future',
      customerId: 'ctm_future',
      status: 'active',
      priceId: sandboxPriceId('Pro', 'monthly'),
      tier: 'Pro',
      period: 'monthly',
      periodStart: new Date(),
      periodEnd: new Date(Date.now() + 30 * DAY_MS),
      userId: u.id,
    });
    const nextYear = await deliver(t, ev, SECRET, { tsSeconds: Math.floor(Date.now() / 1000) + 365 * 86_400 });
    expect(nextYear.status).toBe(401);
    expect(await nextYear.json()).toMatchObject({ error: { code: 'WEBHOOK_SIGNATURE' } });
    expect((await sub(u)).subscription_tier).toBe('FREE');
    for (const body of ['[1,2,3]', '"text"', '42']) {
      const r = await deliver(t, body, SECRET);
      expect(r.status, body).toBe(400);
      expect(await r.json()).toMatchObject({
        error: { message: expect.stringMatching(/not a payment event/) as unknown },
      });
    }
    const logs = await t.deps.db.select().from(webhook_debug_logs).where(eq(webhook_debug_logs.event_type, 'unknown'));
    expect(logs.some((l) => l.error_message?.includes('not a payment event'))).toBe(true);
  });

  it('applies a replayed event once', async () => {
    const u = await t.newUser();
    const ev = subEvent('subscription.created', {
      id: `sub_replay_${kind}`,
      customerId: `ctm_replay_${kind}`,
      status: 'active',
      priceId: sandboxPriceId('Pro', 'monthly'),
      tier: 'Pro',
      period: 'monthly',
      periodStart: new Date(),
      periodEnd: new Date(Date.now() + 30 * DAY_MS),
      userId: u.id,
    });
    const first = await deliver(t, ev, SECRET);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ applied: true, event_type: 'subscription.created' });
    await t.deps.db.update(subscribers).set({ monthly_word_balance: 77 }).where(eq(subscribers.user_id, u.id));
    const replay = await deliver(t, ev, SECRET);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ applied: false, duplicate: true });
    expect((await row(u)).monthly_word_balance).toBe(77);
    expect(
      await t.deps.db.select().from(processed_webhook_events).where(eq(processed_webhook_events.event_id, ev.event_id)),
    ).toHaveLength(1);
    const logs = await t.deps.db.select().from(webhook_debug_logs).where(eq(webhook_debug_logs.event_id, ev.event_id));
    expect(logs).toHaveLength(2);
    expect(logs.every((l) => l.success)).toBe(true);
  });

  it('applies one event once when its deliveries race', async () => {
    const u = await t.newUser();
    await subscribe(u, 'Basic', 'monthly');
    const r = await row(u);
    await t.deps.db.update(subscribers).set({ monthly_word_balance: 10 }).where(eq(subscribers.user_id, u.id));
    const ev = txnEvent({
      id: `txn_race_${kind}`,
      customerId: r.paddle_customer_id!,
      subscriptionId: r.paddle_subscription_id,
      origin: 'subscription_recurring',
      priceId: sandboxPriceId('Basic', 'monthly'),
      tier: 'Basic',
      period: 'monthly',
      periodStart: new Date(),
      periodEnd: new Date(Date.now() + 30 * DAY_MS),
      userId: u.id,
    });
    const results = await Promise.all(Array.from({ length: 6 }, () => deliver(t, ev, SECRET)));
    const bodies = await Promise.all(results.map(async (res) => webhookAnswer.parse(await res.json())));
    expect(results.every((res) => res.status === 200)).toBe(true);
    expect(bodies.filter((b) => b.applied)).toHaveLength(1);
    expect((await row(u)).monthly_word_balance).toBe(5000);
    // A renewal for an account without a paid plan changes nothing.
    const free = await t.newUser();
    const stray = txnEvent({
      ...{ id: 'txn_stray', customerId: 'ctm_stray', subscriptionId: null, origin: 'subscription_recurring' as const },
      priceId: sandboxPriceId('Ultra', 'monthly'),
      tier: 'Ultra',
      period: 'monthly',
      periodStart: new Date(),
      periodEnd: new Date(Date.now() + 30 * DAY_MS),
      userId: free.id,
    });
    expect((await deliver(t, stray, SECRET)).status).toBe(200);
    expect(await row(free)).toMatchObject({ subscription_tier: 'FREE', monthly_word_balance: 250 });
  });

  it('resets the balance on a renewal, downgrades on a final cancel, and pauses refills while past due', async () => {
    const u = await t.newUser();
    await subscribe(u);
    const r = await row(u);
    const shape = {
      customerId: r.paddle_customer_id!,
      priceId: sandboxPriceId('Pro', 'monthly'),
      tier: 'Pro' as const,
      period: 'monthly' as const,
      userId: u.id,
    };
    await t.deps.db.update(subscribers).set({ monthly_word_balance: 10 }).where(eq(subscribers.user_id, u.id));
    const start = new Date(Date.now() + 30 * DAY_MS);
    const renewal = txnEvent({
      ...shape,
      id: 'txn_renew',
      subscriptionId: r.paddle_subscription_id,
      origin: 'subscription_recurring',
      periodStart: start,
      periodEnd: new Date(start.getTime() + 30 * DAY_MS),
    });
    expect((await deliver(t, renewal, SECRET)).status).toBe(200);
    expect((await row(u)).monthly_word_balance).toBe(15000);

    const pastDue = subEvent('subscription.past_due', {
      ...shape,
      id: r.paddle_subscription_id!,
      status: 'past_due',
      periodStart: new Date(),
      periodEnd: start,
    });
    expect((await deliver(t, pastDue, SECRET)).status).toBe(200);
    expect(await row(u)).toMatchObject({ subscription_tier: 'Pro', balance_reset_date: null });

    // An old subscription's events do not touch the current one.
    const old = subEvent('subscription.canceled', {
      ...shape,
      id: 'sub_old_one',
      status: 'canceled',
      periodStart: new Date(),
      periodEnd: start,
      canceledAt: new Date(),
    });
    expect((await deliver(t, old, SECRET)).status).toBe(200);
    expect((await row(u)).subscription_tier).toBe('Pro');

    const canceled = subEvent('subscription.canceled', {
      ...shape,
      id: r.paddle_subscription_id!,
      status: 'canceled',
      periodStart: new Date(),
      periodEnd: start,
      canceledAt: new Date(),
    });
    expect((await deliver(t, canceled, SECRET)).status).toBe(200);
    expect(await sub(u)).toMatchObject({ subscription_tier: 'FREE', subscribed: false, monthly_word_balance: 250 });
  });

  it('logs an event for an unknown customer as failed but answers 200', async () => {
    const ev = subEvent('subscription.updated', {
      id: 'sub_nobody',
      customerId: 'ctm_nobody',
      status: 'active',
      priceId: sandboxPriceId('Pro', 'monthly'),
      tier: 'Pro',
      period: 'monthly',
      periodStart: new Date(),
      periodEnd: new Date(Date.now() + 30 * DAY_MS),
    });
    const r = await deliver(t, ev, SECRET);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ applied: false });
    const [log] = await t.deps.db.select().from(webhook_debug_logs).where(eq(webhook_debug_logs.event_id, ev.event_id));
    expect(log).toMatchObject({ success: false, event_type: 'subscription.updated' });
    expect(log!.error_message).toMatch(/No subscriber/);
    // Not marked processed: a later replay, once the customer exists, can still apply it.
    expect(
      await t.deps.db.select().from(processed_webhook_events).where(eq(processed_webhook_events.event_id, ev.event_id)),
    ).toHaveLength(0);
  });

  it('answers 200 with applied: false and logs it as failed when the event can never apply (no retry storm)', async () => {
    const u = await t.newUser();
    const ev = subEvent('subscription.created', {
      id: 'sub_bad_price',
      customerId: 'ctm_bad_price',
      status: 'active',
      priceId: 'pri_not_ours',
      tier: 'Pro',
      period: 'monthly',
      periodStart: new Date(),
      periodEnd: new Date(Date.now() + 30 * DAY_MS),
      userId: u.id,
    });
    const r = await deliver(t, ev, SECRET);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({
      applied: false,
      message: expect.stringMatching(/retrying will not change that: .*pri_not_ours/) as unknown,
    });
    const [log] = await t.deps.db.select().from(webhook_debug_logs).where(eq(webhook_debug_logs.event_id, ev.event_id));
    expect(log).toMatchObject({ success: false });
    expect(log!.error_message).toMatch(/pri_not_ours/);
    expect(
      await t.deps.db.select().from(processed_webhook_events).where(eq(processed_webhook_events.event_id, ev.event_id)),
    ).toHaveLength(0);
  });

  it('accepts the diagnostics test event only with an admin bearer token', async () => {
    const target = await t.newUser();
    const body = {
      meta: { event_name: 'subscription_created' },
      data: {
        type: 'subscriptions',
        id: `test-${kind}-1`,
        attributes: {
          status: 'active',
          customer_id: 1,
          product_id: 2,
          variant_id: 905802,
          user_email: target.email,
          user_name: 'T',
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
          ends_at: null,
          urls: {},
        },
      },
    };
    const none = await t.req('/api/functions/payment-webhook', { body });
    expect(none.status).toBe(401);
    const notAdmin = await t.req('/api/functions/payment-webhook', {
      body,
      headers: { authorization: `Bearer ${bearerFrom(target.cookie)}` },
    });
    expect(notAdmin.status).toBe(403);
    const bogus = await t.req('/api/functions/payment-webhook', {
      body,
      headers: { authorization: 'Bearer not-a-session' },
    });
    expect(bogus.status).toBe(401);
    expect((await sub(target)).subscription_tier).toBe('FREE');

    const ok = await t.req('/api/functions/payment-webhook', {
      body,
      headers: { authorization: `Bearer ${bearerFrom(admin.cookie)}` },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ applied: true, event_type: 'subscription_created' });
    expect(await sub(target)).toMatchObject({
      subscription_tier: 'Pro',
      subscribed: true,
      monthly_word_balance: 15000,
      isActive: true,
    });

    const badVariant = await t.req('/api/functions/payment-webhook', {
      body: { ...body, data: { ...body.data, id: 'x', attributes: { ...body.data.attributes, variant_id: 1 } } },
      headers: { authorization: `Bearer ${bearerFrom(admin.cookie)}` },
    });
    expect(badVariant.status).toBe(400);
    expect(await badVariant.json()).toMatchObject({
      error: { message: expect.stringMatching(/variant_id/) as unknown },
    });
  });

  it('answers the endpoint check and refuses bad input with a reason', async () => {
    const opt = await t.req('/api/functions/payment-webhook', { method: 'OPTIONS' });
    expect([200, 204]).toContain(opt.status);
    expect(opt.headers.get('allow')).toContain('POST');

    const u = await t.newUser();
    const bad = await t.req('/api/functions/create-checkout', {
      rawBody: '{"planTier":',
      headers: { 'content-type': 'application/json' },
      cookie: u.cookie,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { message: expect.stringMatching(/JSON/) as unknown } });
    const tier = await t.req('/api/functions/create-checkout', {
      body: { planTier: 'Gold', billingPeriod: 'monthly' },
      cookie: u.cookie,
    });
    expect(tier.status).toBe(400);
    expect(await tier.json()).toMatchObject({ error: { code: 'VALIDATION' } });
    const period = await t.req('/api/functions/create-checkout', {
      body: { planTier: 'Pro', billingPeriod: 'weekly' },
      cookie: u.cookie,
    });
    expect(period.status).toBe(400);
    const big = await t.req('/api/functions/payment-webhook', {
      rawBody: JSON.stringify({ pad: 'x'.repeat(400_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: { message: expect.stringMatching(/too large/) as unknown } });
    const signedOut = await api().functions['create-checkout'].$post({
      json: { planTier: 'Pro', billingPeriod: 'monthly' },
    });
    expect(signedOut.status).toBe(401);
  });

  it('runs the daily job once per day across processes', async () => {
    const first = await runDailyJob(t.deps);
    const second = await runDailyJob(t.deps);
    expect(first.ran).toBe(true);
    expect(second.ran).toBe(false);
  });

  it('cancelSubscriptionForDeletion is a no-op in the sandbox and for Free users', async () => {
    const u = await t.newUser();
    await expect(cancelSubscriptionForDeletion(t.deps, u.id)).resolves.toBeUndefined();
    await subscribe(u);
    await expect(cancelSubscriptionForDeletion(t.deps, u.id)).resolves.toBeUndefined();
  });
});
