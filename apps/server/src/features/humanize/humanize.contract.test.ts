import { eq } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribers } from '../../db/schema';
import { createTestProduct, type TestProduct } from '../../test/harness';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i % 37}`).join(' ');

describe('one request per Humanize: a refusal carries the caller’s limits (typed client)', () => {
  let t: TestProduct;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestProduct({ env: { RATE_LIMITS: 'off' } });
    cookie = (await t.newUser()).cookie;
  });
  afterAll(async () => t.close());

  it('answers 400 over the cap and 402 over the balance with the same limits check-balance reports, charging nothing', async () => {
    const api = testClient(t.app).api.functions;
    const headers = { cookie };
    const humanize = (n: number) =>
      api['humanize-text'].$post({ json: { text: words(n), mode: 'lightning' } }, { headers });
    const limits = async (n: number) =>
      (await api['check-balance'].$post({ json: { word_count: n } }, { headers })).json();

    const overCap = await humanize(251);
    expect(overCap.status).toBe(400);
    expect(await overCap.json()).toMatchObject({
      error: {
        code: 'WORD_LIMIT_EXCEEDED',
        details: { cap: 250, tier: 'FREE', limits: await limits(251) },
      },
    });
    expect((await limits(251)).exceedsRequestLimit).toBe(true);

    const u = await t.newUser();
    await t.deps.db.update(subscribers).set({ monthly_word_balance: 50 }).where(eq(subscribers.user_id, u.id));
    headers.cookie = u.cookie;
    const overBalance = await humanize(60);
    expect(overBalance.status).toBe(402);
    const after = await limits(60);
    expect(after).toEqual({
      subscriptionTier: 'FREE',
      currentBalance: 50,
      requestLimit: 250,
      exceedsRequestLimit: false,
      canProcess: false,
    });
    expect(await overBalance.json()).toMatchObject({
      error: {
        code: 'INSUFFICIENT_BALANCE',
        details: { needed: 60, balance: 50, limits: after },
      },
    });
  });
});
