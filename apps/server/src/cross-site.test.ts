import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClient } from 'hono/testing';
import { BASE, createTestProduct, type TestProduct } from './test/harness';

describe('cross-site requests to the product’s own endpoints', () => {
  let t: TestProduct;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestProduct({ env: { RATE_LIMITS: 'off' } });
    cookie = (await t.newUser()).cookie;
  });
  afterAll(async () => t.close());

  const text = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');

  it('refuses a foreign Origin or a cross-site fetch even with a valid session, and charges nothing', async () => {
    const api = testClient(t.app).api;
    for (const foreign of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<
      string,
      string
    >[]) {
      const init = { headers: { ...foreign, cookie } };
      for (const [path, call] of [
        [
          '/api/functions/humanize-text',
          () => api.functions['humanize-text'].$post({ json: { text, mode: 'lightning' } }, init),
        ],
        [
          '/api/functions/create-checkout',
          () => api.functions['create-checkout'].$post({ json: { planTier: 'Pro', billingPeriod: 'monthly' } }, init),
        ],
        ['/api/account/sign-out', () => api.account['sign-out'].$post({ json: { scope: 'global' } }, init)],
        ['/api/ai-check', () => api['ai-check'].$post({ json: { text } }, init)],
      ] as const) {
        const r = await call();
        expect(r.status, `${path} ${JSON.stringify(foreign)}`).toBe(403);
        expect(await r.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
      }
    }
    const sub = await (await api.subscription.$get({}, { headers: { cookie } })).json();
    expect(sub.currentBalance).toBe(250);
  });

  it('refuses a body that is not JSON with 415 and a reason', async () => {
    // Raw requests: the body is JSON text sent under another content type on purpose.
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const r = await t.req('/api/functions/humanize-text', {
        rawBody: JSON.stringify({ text, mode: 'lightning' }),
        headers: { 'content-type': type },
        cookie,
      });
      expect(r.status, type).toBe(415);
      expect(await r.json()).toMatchObject({ error: { message: expect.stringMatching(/JSON/) as unknown } });
    }
  });

  it('lets the product’s own pages through, and the provider’s webhook (it is checked by signature)', async () => {
    const ok = await testClient(t.app).api.functions['humanize-text'].$post(
      { json: { text, mode: 'lightning' } },
      { headers: { origin: BASE, cookie } },
    );
    expect(ok.status).toBe(200);
    // The provider's webhook is called with a raw body it signs; this one comes unsigned from a foreign origin.
    const hook = await t.req('/api/functions/payment-webhook', {
      body: { event_type: 'x' },
      headers: { origin: 'https://evil.example' },
    });
    expect(hook.status).toBe(401);
  });
});
