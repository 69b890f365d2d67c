import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, type TestProduct } from './test/harness';

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
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<
      string,
      string
    >[]) {
      for (const [path, body] of [
        ['/api/functions/humanize-text', { text, mode: 'lightning' }],
        ['/api/functions/create-checkout', { planTier: 'Pro', billingPeriod: 'monthly' }],
        ['/api/account/sign-out', { scope: 'global' }],
        ['/api/ai-check', { text }],
      ] as const) {
        const r = await t.req(path, { body, cookie, headers });
        expect(r.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(((await r.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
      }
    }
    const sub = (await (await t.req('/api/subscription', { cookie })).json()) as { currentBalance: number };
    expect(sub.currentBalance).toBe(250);
  });

  it('refuses a body that is not JSON with 415 and a reason', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const r = await t.req('/api/functions/humanize-text', {
        rawBody: JSON.stringify({ text, mode: 'lightning' }),
        headers: { 'content-type': type },
        cookie,
      });
      expect(r.status, type).toBe(415);
      expect(((await r.json()) as { error: { message: string } }).error.message).toMatch(/JSON/);
    }
  });

  it('lets the product’s own pages through, and the provider’s webhook (it is checked by signature)', async () => {
    const ok = await t.req('/api/functions/humanize-text', { body: { text, mode: 'lightning' }, cookie });
    expect(ok.status).toBe(200);
    const hook = await t.req('/api/functions/payment-webhook', {
      body: { event_type: 'x' },
      headers: { origin: 'https://evil.example' },
    });
    expect(hook.status).toBe(401);
  });
});
