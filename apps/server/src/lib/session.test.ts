import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionToken } from './session';
import { createTestProduct, type TestProduct } from '../test/harness';

const secret = 's'.repeat(40);
const sign = (token: string) => `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

describe('sessionToken', () => {
  it('accepts a correctly signed cookie and refuses a forged one', async () => {
    const good = new Headers({ cookie: `other=1; better-auth.session_token=${encodeURIComponent(sign('abc123'))}` });
    expect(await sessionToken(good, secret)).toBe('abc123');
    const forged = new Headers({
      cookie: `better-auth.session_token=${encodeURIComponent('abc123.' + Buffer.from('x'.repeat(32)).toString('base64'))}`,
    });
    expect(await sessionToken(forged, secret)).toBeNull();
    expect(await sessionToken(new Headers({ cookie: 'better-auth.session_token=abc123' }), secret)).toBeNull();
    expect(await sessionToken(new Headers({ cookie: 'better-auth.session_token=%E0%A4%A' }), secret)).toBeNull();
  });

  it('takes bearer tokens plain or signed', async () => {
    expect(await sessionToken(new Headers({ authorization: 'Bearer plain-token' }), secret)).toBe('plain-token');
    expect(await sessionToken(new Headers({ authorization: `Bearer ${sign('tok')}` }), secret)).toBe('tok');
    expect(await sessionToken(new Headers({ authorization: 'Bearer tok.bad' }), secret)).toBeNull();
  });
});

describe('signed-in checks on product endpoints', () => {
  let t: TestProduct;
  beforeAll(async () => {
    t = await createTestProduct();
  });
  afterAll(async () => t.close());

  it('accept the session cookie and the bearer token, and refuse a signed-out session at once', async () => {
    const u = await t.newUser();
    expect((await t.req('/api/subscription', { cookie: u.cookie })).status).toBe(200);
    const token = decodeURIComponent(/session_token=([^;]+)/.exec(u.cookie)![1]!).split('.')[0]!;
    expect((await t.req('/api/subscription', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await t.req('/api/auth/sign-out', { body: {}, cookie: u.cookie })).status).toBe(200);
    expect((await t.req('/api/subscription', { cookie: u.cookie })).status).toBe(401);
    expect((await t.req('/api/subscription', { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });
});
