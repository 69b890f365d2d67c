import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@plainspoken/shared';
import { createTestProduct, type TestProduct } from '../../test/harness';
import { errorOf } from './test-helpers';

describe('a sign-in link without an email address', () => {
  let t: TestProduct;
  beforeAll(async () => {
    t = await createTestProduct({ env: { RATE_LIMITS: 'off' } });
  });
  afterAll(async () => t.close());

  it("is refused with the product's message, not the validator's", async () => {
    for (const body of [{ email: '' }, { email: '   ' }, {}]) {
      const r = await t.req('/api/auth/sign-in/magic-link', { body: { ...body, callbackURL: '/' } });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(await errorOf(r)).toEqual({ code: 'EMAIL_REQUIRED', message: MSG.signInLinkEmailRequired });
    }
  });
});
