import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClient } from 'hono/testing';
import { createTestProduct, type TestProduct } from '../../test/harness';
import { postForm, sessionOf } from './test-support';

/** Form posts the sandbox pages cannot read: each a 4xx page with a reason, never a 500, and no change. */
describe('unreadable form bodies on the sandbox checkout and portal', () => {
  let t: TestProduct;
  beforeAll(async () => {
    t = await createTestProduct({ env: { RATE_LIMITS: 'off' } });
  });
  afterAll(async () => t.close());

  const broken: [string, string][] = [
    ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="session"\r\n\r\nabc'], // never closed
    ['multipart/form-data', '--xyz\r\n\r\n--xyz--'], // no boundary parameter
    ['multipart/form-data; boundary=xyz', 'garbage with no parts at all'],
    ['multipart/form-data; boundary=', '----\r\n'],
  ];

  it('answers 400 "Form not readable" for a broken multipart body on every sandbox action, and nothing changes', async () => {
    const u = await t.newUser();
    const api = testClient(t.app).api;
    const headers = { cookie: u.cookie };
    const r = await api.functions['create-checkout'].$post(
      { json: { planTier: 'Pro', billingPeriod: 'monthly' } },
      { headers },
    );
    const checkoutSession = sessionOf((await r.json()).url);
    for (const path of [
      '/sandbox/checkout/pay',
      '/sandbox/checkout/cancel',
      '/sandbox/portal/cancel',
      '/sandbox/portal/resume',
      '/sandbox/portal/change',
    ]) {
      for (const [type, body] of broken) {
        const res = await t.req(path, { rawBody: body, headers: { 'content-type': type }, cookie: u.cookie });
        const text = await res.text();
        expect(res.status, `${path} ${type}: ${text.slice(0, 200)}`).toBe(400);
        expect(text).toContain('Form not readable');
      }
    }
    const sub = await (await api.subscription.$get({}, { headers })).json();
    expect(sub.subscription_tier).toBe('FREE');
    // The same action with a readable form still works.
    const paid = await postForm(t, '/sandbox/checkout/pay', { session: checkoutSession }, u.cookie);
    expect(paid.status).toBe(303);
  });
});
