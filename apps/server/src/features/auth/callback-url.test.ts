import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorResponse } from '@plainspoken/shared';
import { createTestProduct, type TestProduct } from '../../test/harness';

/** Email links and sign-in requests carry a redirect target: one on this site, checked in every mode. */
describe('redirect targets of auth links', () => {
  let t: TestProduct;
  let n = 0;
  const ip = () => `10.77.${++n}.9`;
  beforeAll(async () => {
    t = await createTestProduct({ env: { RATE_LIMITS: 'off' } }); // NODE_ENV=test, as the fuzz sweep runs it
  });
  afterAll(async () => t.close());

  it('refuses a callbackURL that is not a path on this site with a 400 and a reason, never a 500', async () => {
    for (const cb of [
      'NaN',
      'null',
      'undefined',
      '//evil.example',
      '/\\evil.example',
      'http://evil.example/x',
      'javascript:alert(1)',
    ]) {
      const r = await t.req(`/api/auth/verify-email?token=not-a-token&callbackURL=${encodeURIComponent(cb)}`, {
        ip: ip(),
      });
      expect(r.status, `${cb}: ${await r.clone().text()}`).toBe(400);
      expect(apiErrorResponse.parse(await r.json()).error.message).toMatch(/callbackURL must be a path on this site/);
    }
    const body = await t.req('/api/auth/sign-in/magic-link', {
      body: { email: 'x@example.com', callbackURL: 'NaN' },
      ip: ip(),
    });
    expect(body.status).toBe(400);
    expect(apiErrorResponse.parse(await body.json()).error.message).toMatch(/callbackURL/);
  });

  it('lets a path or an address on this site through to the token check', async () => {
    for (const cb of ['/', '/app?x=1', 'http://localhost:3999/app']) {
      const r = await t.req(`/api/auth/verify-email?token=not-a-token&callbackURL=${encodeURIComponent(cb)}`, {
        ip: ip(),
      });
      expect(r.status, cb).toBe(302);
      expect(r.headers.get('location')).toMatch(/error=INVALID_TOKEN/);
    }
  });
});
