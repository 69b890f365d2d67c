import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, type TestProduct } from '../../test/harness';

const directives = (csp: string | null) =>
  new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([k, ...v]) => [k!, v]),
  );

describe('security headers', () => {
  let t: TestProduct;
  let proxied: TestProduct;
  beforeAll(async () => {
    t = await createTestProduct({ env: { RATE_LIMITS: 'off', TRUSTED_PROXIES: 'none' } });
    proxied = await createTestProduct({ env: { RATE_LIMITS: 'off' } });
  });
  afterAll(async () => {
    await t.close();
    await proxied.close();
  });

  it('sends a CSP without inline scripts, no framing, nosniff, a referrer and a permissions policy on every kind of answer', async () => {
    const answers = [
      await t.req('/api/health'),
      await t.req('/api/no-such-route'),
      await t.req('/api/functions/check-balance', { body: { word_count: 1 } }), // 401
      await t.req('/pricing'), // the web app (or its not-built notice)
      await t.req('/api/auth/get-session'),
      await t.req('/sandbox/checkout?session=bad'),
    ];
    for (const r of answers) {
      const csp = directives(r.headers.get('content-security-policy'));
      expect(csp.get('script-src'), r.url).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(r.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
      expect(r.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('sends HSTS only over TLS: an https request, or X-Forwarded-Proto https from a trusted proxy', async () => {
    // From a peer that is not a trusted proxy, a client's own X-Forwarded-Proto is not believed.
    expect(
      (await t.req('/api/health', { headers: { 'x-forwarded-proto': 'https' } })).headers.get(
        'strict-transport-security',
      ),
    ).toBeNull();
    expect(
      (await proxied.req('/api/health', { headers: { 'x-forwarded-proto': 'https' } })).headers.get(
        'strict-transport-security',
      ),
    ).toMatch(/^max-age=31536000/);
    expect(
      (await proxied.req('/api/health', { headers: { 'x-forwarded-proto': 'http' } })).headers.get(
        'strict-transport-security',
      ),
    ).toBeNull();
    const direct = await t.app.request('https://localhost:3999/api/health');
    expect(direct.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
  });
});

describe('security headers with Paddle and analytics configured', () => {
  let t: TestProduct;
  beforeAll(async () => {
    t = await createTestProduct({
      env: {
        RATE_LIMITS: 'off',
        PADDLE_API_KEY: 'k',
        PADDLE_WEBHOOK_SECRET: 's',
        PADDLE_CLIENT_TOKEN: 'test_token',
        PADDLE_PRICE_IDS:
          'Basic:monthly=p1,Basic:yearly=p2,Pro:monthly=p3,Pro:yearly=p4,Ultra:monthly=p5,Ultra:yearly=p6',
        POSTHOG_KEY: 'phc_x',
        POSTHOG_HOST: 'https://eu.posthog.example:8443/path',
      },
    });
  });
  afterAll(async () => t.close());

  it('lets only the checkout page load Paddle.js, with its script served as a file', async () => {
    const page = await t.req('/billing/checkout?_ptxn=txn_01abc');
    expect(page.status).toBe(200);
    const html = await page.text();
    const csp = directives(page.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toContain('https://cdn.paddle.com');
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('frame-src')).toContain('https://*.paddle.com');
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // No executable inline script: only the JSON data block and scripts with src.
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inline).toEqual([' type="application/json" id="checkout-config"']);
    const js = await t.req('/billing/checkout.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(await js.text()).toContain('Paddle.Initialize');

    const elsewhere = directives((await t.req('/pricing')).headers.get('content-security-policy'));
    expect(elsewhere.get('script-src')).not.toContain('https://cdn.paddle.com');
    // Analytics' host (its origin) is allowed for the product's pages when PostHog is configured.
    expect(elsewhere.get('connect-src')).toContain('https://eu.posthog.example:8443');
  });
});
