import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, type TestProduct } from '../../test/harness';

/** Input that once answered 500: each must be a 4xx with a reason, and change nothing. */
describe('odd input to the account endpoints', () => {
  let t: TestProduct;
  let cookie: string;
  let ipSeq = 0;
  const ip = () => `198.51.100.${++ipSeq}`;
  beforeAll(async () => {
    t = await createTestProduct({ env: { RATE_LIMITS: 'off' } });
    cookie = (await t.newUser()).cookie;
  });
  afterAll(async () => t.close());

  const expect4xx = async (r: Response, what: string) => {
    expect(r.status, `${what}: ${await r.clone().text()}`).toBeGreaterThanOrEqual(400);
    expect(r.status, what).toBeLessThan(500);
  };

  it('refuses a NUL character in an email, name or token', async () => {
    await expect4xx(
      await t.req('/api/auth/sign-up/email', {
        body: { email: 'nul\u0000@example.com', password: 'password123', name: 'x' },
        ip: ip(),
      }),
      'sign-up email',
    );
    await expect4xx(
      await t.req('/api/auth/sign-up/email', {
        body: { email: 'ok-nul@example.com', password: 'password123', name: 'a\u0000b' },
        ip: ip(),
      }),
      'sign-up name',
    );
    await expect4xx(
      await t.req('/api/auth/update-user', { body: { name: 'a\u0000b' }, cookie, ip: ip() }),
      'update-user name',
    );
    await expect4xx(
      await t.req('/api/auth/reset-password', {
        body: { token: 'abc\u0000def', newPassword: 'password123' },
        ip: ip(),
      }),
      'reset-password token',
    );
    await expect4xx(
      await t.req('/api/auth/revoke-session', { body: { token: 'abc\u0000def' }, cookie, ip: ip() }),
      'revoke-session token',
    );
  });

  it('refuses a null name and a deeply nested value', async () => {
    await expect4xx(
      await t.req('/api/auth/update-user', { body: { name: null }, cookie, ip: ip() }),
      'update-user name null',
    );
    const deep = `{"name":${'['.repeat(20_000)}"x"${']'.repeat(20_000)}}`;
    await expect4xx(
      await t.req('/api/auth/update-user', {
        rawBody: deep,
        headers: { 'content-type': 'application/json' },
        cookie,
        ip: ip(),
      }),
      'update-user deep array',
    );
  });

  it('refuses a lone surrogate in callbackURL', async () => {
    await expect4xx(
      await t.req('/api/auth/sign-in/magic-link', {
        rawBody: '{"email":"x@example.com","callbackURL":"/\\ud800"}',
        headers: { 'content-type': 'application/json' },
        ip: ip(),
      }),
      'magic-link callbackURL',
    );
  });

  it('refuses a NUL character in an email link’s token or a path (found by the fuzz sweep)', async () => {
    await expect4xx(
      await t.req('/api/auth/magic-link/verify?token=a%00b%40example.com&callbackURL=%2F', { ip: ip() }),
      'magic-link token',
    );
    await expect4xx(await t.req('/api/auth/verify-email?token=a%00b', { ip: ip() }), 'verify-email token');
    await expect4xx(
      await t.req('/api/auth/reset-password/a%00b?callbackURL=%2F', { ip: ip() }),
      'reset-password path token',
    );
    const r = await t.req('/api/auth/magic-link/verify?token=x%00', { ip: ip() });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error: { message: expect.stringMatching(/NUL/) as unknown } });
  });
});
