import { z } from 'zod';
import { testClient } from 'hono/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createTestProduct, type TestProduct } from '../../test/harness';
import { freshIp } from './test-helpers';

const long = (n: number) => 'x'.repeat(n);

/** Every new endpoint, with wrong types and oversized fields: each must answer 4xx with a reason. */
const CASES: [path: string, body: unknown][] = [
  ['/api/auth/request-password-reset', { email: 5 }],
  ['/api/auth/request-password-reset', { email: ['a@example.com'] }],
  ['/api/auth/request-password-reset', { email: `${long(400)}@example.com` }],
  ['/api/auth/request-password-reset', {}],
  ['/api/auth/request-password-reset', { email: 'a@example.com', redirectTo: long(5000) }],
  ['/api/auth/reset-password', { token: 5, newPassword: 'abcdefg12' }],
  ['/api/auth/reset-password', { token: long(1000), newPassword: 'abcdefg12' }],
  ['/api/auth/reset-password', { token: 'abc', newPassword: 12345678 }],
  ['/api/auth/reset-password', { token: 'abc', newPassword: `1${long(500)}` }],
  ['/api/auth/change-password', { currentPassword: 1, newPassword: 'abcdefg12' }],
  ['/api/auth/change-password', { currentPassword: long(1000), newPassword: 'abcdefg12' }],
  ['/api/auth/change-password', { currentPassword: 'password123', newPassword: true }],
  [
    '/api/auth/change-password',
    { currentPassword: 'password123', newPassword: 'abcdefg12', revokeOtherSessions: 'yes' },
  ],
  ['/api/auth/change-email', { newEmail: 'not-an-email' }],
  ['/api/auth/change-email', { newEmail: 7 }],
  ['/api/auth/change-email', { newEmail: `${long(400)}@example.com` }],
  ['/api/auth/two-factor/enable', { password: 1 }],
  ['/api/auth/two-factor/enable', { password: long(1000) }],
  ['/api/auth/two-factor/enable', { password: 'password123', method: 'carrier-pigeon' }],
  ['/api/auth/two-factor/enable', { password: 'password123', issuer: long(1000) }],
  ['/api/auth/two-factor/verify-totp', { code: 123456 }],
  ['/api/auth/two-factor/verify-totp', { code: long(1000) }],
  ['/api/auth/two-factor/verify-totp', { code: '123456', trustDevice: 'yes' }],
  ['/api/auth/two-factor/verify-backup-code', { code: {} }],
  ['/api/auth/two-factor/verify-backup-code', { code: long(1000) }],
  ['/api/auth/two-factor/disable', { password: null }],
  ['/api/auth/two-factor/disable', { password: long(1000) }],
  ['/api/auth/revoke-session', { token: 5 }],
  ['/api/auth/revoke-session', { token: long(1000) }],
  ['/api/auth/revoke-session', {}],
  ['/api/auth/revoke-sessions', ['all']],
  ['/api/auth/revoke-other-sessions', 'everything'],
  ['/api/auth/delete-user', { password: 5, confirmEmail: 'a@example.com' }],
  ['/api/auth/delete-user', { password: long(1000), confirmEmail: 'a@example.com' }],
  ['/api/auth/delete-user', { password: 'password123', confirmEmail: 9 }],
  ['/api/auth/delete-user', { password: 'password123', confirmEmail: long(1000) }],
  ['/api/auth/delete-user', { password: 'password123', token: 'abc' }],
  ['/api/account/sign-out', { scope: { all: true } }],
];

describe.each(DB_KINDS)('bad input on the account-security endpoints on %s', (kind) => {
  let t: TestProduct;
  let cookie = '';
  beforeAll(async () => {
    t = await createTestProduct({ kind });
    cookie = (await t.newUser()).cookie;
  });
  afterAll(async () => t.close());

  it.each(CASES)('%s %j answers 4xx with a reason', async (path, body) => {
    const r = await t.req(path, { body, cookie, ip: freshIp() });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    // better-auth answers { message }, the product's routes { error: { message } }.
    const b = z
      .object({ message: z.string().optional(), error: z.object({ message: z.string().optional() }).optional() })
      .parse(await r.json());
    expect((b.error?.message ?? b.message ?? '').length).toBeGreaterThan(3);
  });

  it('answers malformed JSON with a 4xx on better-auth paths and ours', async () => {
    for (const path of [
      '/api/auth/request-password-reset',
      '/api/auth/two-factor/verify-totp',
      '/api/auth/delete-user',
      '/api/account/sign-out',
    ]) {
      const r = await t.req(path, {
        rawBody: '{"email":',
        cookie,
        ip: freshIp(),
        headers: { 'content-type': 'application/json' },
      });
      expect(r.status, path).toBeGreaterThanOrEqual(400);
      expect(r.status, path).toBeLessThan(500);
    }
  });

  it('keeps the session through all of it', async () => {
    const me = await (await testClient(t.app).api.me.$get({}, { headers: { cookie } })).json();
    expect(me.user).not.toBeNull();
  });
});
