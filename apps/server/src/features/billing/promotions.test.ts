import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClient } from 'hono/testing';
import { createTestProduct, DB_KINDS, type TestProduct } from '../../test/harness';
import { startFakePaddle, type FakePaddle } from './fake-paddle';
import { DAY_MS, deliver, postForm, sessionOf, txnEvent } from './test-support';

type User = { email: string; cookie: string; id: string };

const redeemedBy = async (t: TestProduct, u: User) =>
  (await (await testClient(t.app).api.promotions.$get({}, { headers: { cookie: u.cookie } })).json()).redeemed;

describe.each(DB_KINDS)('promotion codes in the sandbox on %s', (kind) => {
  let t: TestProduct;
  beforeAll(async () => {
    t = await createTestProduct({ kind, env: { RATE_LIMITS: 'off' } });
  });
  afterAll(async () => t.close());

  const redeemed = (u: User) => redeemedBy(t, u);
  const checkout = (u: User, body: { discountCode?: string }) =>
    testClient(t.app).api.functions['create-checkout'].$post(
      { json: { planTier: 'Pro', billingPeriod: 'yearly', ...body } },
      { headers: { cookie: u.cookie } },
    );

  it('shows the discounted price at checkout, and marks the code redeemed only when that checkout is paid', async () => {
    const u = await t.newUser();
    expect(await redeemed(u)).toEqual([]);
    const r = await checkout(u, { discountCode: ' back2school40 ' });
    expect(r.status).toBe(200);
    const url = (await r.json()).url;
    const page = await (await t.req(url.replace('http://localhost:3999', ''), { cookie: u.cookie })).text();
    // Pro yearly: 13.99 x 12 = 167.88; 40% off, then 40% more off yearly: x 0.36 = 60.44.
    expect(page).toContain('BACK2SCHOOL40 · 64% off');
    expect(page).toContain('Pay $60.44');
    // Opening the checkout is not redeeming.
    expect(await redeemed(u)).toEqual([]);

    const paid = await postForm(
      t,
      '/sandbox/checkout/pay',
      { session: sessionOf(url), code: 'BACK2SCHOOL40' },
      u.cookie,
    );
    expect(paid.status).toBe(303);
    expect(await redeemed(u)).toEqual(['BACK2SCHOOL40']);
    const sub = await (await testClient(t.app).api.subscription.$get({}, { headers: { cookie: u.cookie } })).json();
    expect(sub.subscription_tier).toBe('Pro');

    // Once per user: a second use is refused with a reason.
    const again = await t.req(`/sandbox/checkout?session=${encodeURIComponent(sessionOf(url))}&code=BACK2SCHOOL40`, {
      cookie: u.cookie,
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('You have already used the code BACK2SCHOOL40.');
  });

  it('applies a code typed on the checkout page, and refuses unknown and expired codes with a reason', async () => {
    const u = await t.newUser();
    const url = (await (await checkout(u, {})).json()).url;
    const session = sessionOf(url);
    const base = `/sandbox/checkout?session=${encodeURIComponent(session)}`;
    const plain = await (await t.req(base, { cookie: u.cookie })).text();
    expect(plain).toContain('Pay $167.88');
    expect(plain).toContain('Discount code');

    const typed = await t.req(`${base}&code=back2school40`, { cookie: u.cookie });
    expect(typed.status).toBe(200);
    expect(await typed.text()).toContain('Pay $60.44');

    const wrong = await t.req(`${base}&code=NOPE10`, { cookie: u.cookie });
    expect(wrong.status).toBe(400);
    const wrongPage = await wrong.text();
    expect(wrongPage).toContain('&quot;NOPE10&quot; is not a valid code');
    expect(wrongPage).toContain('Pay $167.88');

    // The summer sale ended on 2025-08-10.
    const expired = await checkout(u, { discountCode: 'SUMMEROFF50' });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ error: { message: 'The code SUMMEROFF50 has expired.' } });

    // A forged code at Pay is checked again, and nothing is charged or redeemed.
    const forged = await postForm(t, '/sandbox/checkout/pay', { session, code: 'NOPE10' }, u.cookie);
    expect(forged.status).toBe(400);
    expect(await redeemed(u)).toEqual([]);
    // Paying without a code redeems nothing.
    expect((await postForm(t, '/sandbox/checkout/pay', { session, code: '' }, u.cookie)).status).toBe(303);
    expect(await redeemed(u)).toEqual([]);
  });

  it('refuses the promotions list when signed out', async () => {
    expect((await testClient(t.app).api.promotions.$get()).status).toBe(401);
  });
});

describe('promotion codes with Paddle', () => {
  const API_KEY = 'pdl_promo_key';
  const SECRET = 'pdl_promo_secret';
  const PRICES =
    'Basic:monthly=pri_bm,Basic:yearly=pri_by,Pro:monthly=pri_pm,Pro:yearly=pri_py,Ultra:monthly=pri_um,Ultra:yearly=pri_uy';
  let t: TestProduct;
  let paddle: FakePaddle;
  beforeAll(async () => {
    paddle = await startFakePaddle(API_KEY);
    t = await createTestProduct({
      env: {
        RATE_LIMITS: 'off',
        PADDLE_API_KEY: API_KEY,
        PADDLE_WEBHOOK_SECRET: SECRET,
        PADDLE_PRICE_IDS: PRICES,
        PADDLE_API_BASE_URL: paddle.baseUrl,
        PADDLE_CLIENT_TOKEN: 'test_clienttoken',
        PADDLE_DISCOUNT_IDS: 'BACK2SCHOOL40=dsc_b2s',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await paddle.close();
  });

  it('passes the configured discount id to the transaction, refuses a code without one, and redeems on the completed transaction', async () => {
    const u = await t.newUser();
    const checkout = (who: User, discountCode: string) =>
      testClient(t.app).api.functions['create-checkout'].$post(
        { json: { planTier: 'Pro', billingPeriod: 'monthly', discountCode } },
        { headers: { cookie: who.cookie } },
      );
    const r = await checkout(u, 'BACK2SCHOOL40');
    expect(r.status).toBe(200);
    expect(paddle.requests.at(-1)?.body).toMatchObject({ discount_id: 'dsc_b2s', custom_data: { user_id: u.id } });

    const now = new Date();
    const txn = {
      id: 'txn_promo_1',
      customerId: 'ctm_promo',
      subscriptionId: 'sub_promo',
      origin: 'web' as const,
      priceId: 'pri_pm',
      tier: 'Pro' as const,
      period: 'monthly' as const,
      periodStart: now,
      periodEnd: new Date(now.getTime() + 30 * DAY_MS),
      userId: u.id,
    };
    // A transaction with another discount (not a promotion's) redeems nothing.
    expect((await deliver(t, txnEvent({ ...txn, discountId: 'dsc_other' }, now, 'evt_promo_0'), SECRET)).status).toBe(
      200,
    );
    expect(await redeemedBy(t, u)).toEqual([]);
    expect((await deliver(t, txnEvent({ ...txn, discountId: 'dsc_b2s' }, now, 'evt_promo_1'), SECRET)).status).toBe(
      200,
    );
    expect(await redeemedBy(t, u)).toEqual(['BACK2SCHOOL40']);

    const other = await t.newUser();
    const noId = await checkout(other, 'SUMMEROFF50');
    expect(noId.status).toBe(400);
  });
});
