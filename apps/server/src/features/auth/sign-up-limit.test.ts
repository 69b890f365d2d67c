import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DB_KINDS, createTestProduct, type TestProduct } from '../../test/harness';
import { SIGN_UP_PER_ADDRESS, SIGN_UP_PER_IP, waitWords } from './sign-up-limit';

describe.each(DB_KINDS)('sign-up limits on %s', (kind) => {
  let t: TestProduct;
  beforeAll(async () => {
    t = await createTestProduct({ kind });
  });
  afterAll(async () => t.close());

  it('lets a class of 30 sign up from one IP within a minute', async () => {
    const ip = '203.0.113.30';
    for (let i = 0; i < 30; i++) {
      const r = await t.signUp(`class-${kind}-${i}@school.example`, 'password123', ip);
      expect(r.status, `student ${i}`).toBe(200);
    }
  });

  it('limits one address from one IP, says when to retry, and leaves other addresses and IPs alone', async () => {
    const ip = '203.0.113.77';
    const email = `retry-${kind}@example.com`;
    // A weak password is refused, and each refusal still counts as an attempt.
    for (let i = 0; i < SIGN_UP_PER_ADDRESS.max; i++) {
      const r = await t.signUp(email, 'short', ip);
      expect(r.status).toBe(400);
    }
    const limited = await t.signUp(email, 'password123', ip);
    expect(limited.status).toBe(429);
    // better-auth's sign-up route (not in AppType): its answer is parsed against the shape read here.
    const body = z
      .object({ code: z.string(), message: z.string(), retryAfter: z.number() })
      .parse(await limited.json());
    expect(body.code).toBe('SIGN_UP_RATE_LIMITED');
    expect(body.retryAfter).toBeGreaterThan(SIGN_UP_PER_ADDRESS.windowSeconds - 30);
    expect(body.retryAfter).toBeLessThanOrEqual(SIGN_UP_PER_ADDRESS.windowSeconds);
    expect(body.message).toBe(
      `Too many sign-up attempts for this address. Try again in ${waitWords(body.retryAfter)}.`,
    );
    expect(limited.headers.get('x-retry-after')).toBe(String(body.retryAfter));

    expect((await t.signUp(`other-${kind}@example.com`, 'password123', ip)).status).toBe(200);
    expect((await t.signUp(email, 'password123', '203.0.113.78')).status).toBe(200);
  });

  it('keeps a per-IP ceiling with a retry time', async () => {
    const ip = '198.51.100.9';
    let status = 0;
    let n = 0;
    for (; n <= SIGN_UP_PER_IP.max + 1 && status !== 429; n++) {
      const r = await t.signUp(`flood-${kind}-${n}@example.com`, 'short', ip);
      status = r.status;
      if (status === 429) expect(Number(r.headers.get('x-retry-after'))).toBeGreaterThan(0);
    }
    expect(status).toBe(429);
    expect(n).toBe(SIGN_UP_PER_IP.max + 1);
  });

  it('words the wait in the right number', () => {
    expect(waitWords(1)).toBe('1 second');
    expect(waitWords(2)).toBe('2 seconds');
    expect(waitWords(60)).toBe('1 minute');
    expect(waitWords(61)).toBe('2 minutes');
  });
});
