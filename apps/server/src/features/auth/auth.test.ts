import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClient } from 'hono/testing';
import { MSG } from '@plainspoken/shared';
import { DB_KINDS, cookieFrom, createTestProduct, type TestProduct } from '../../test/harness';
import { listOutbox } from '../../lib/mail';

describe.each(DB_KINDS)('accounts on %s', (kind) => {
  let t: TestProduct;
  beforeAll(async () => {
    t = await createTestProduct({ kind });
  });
  afterAll(async () => t.close());
  // better-auth's own /api/auth/* routes are not in AppType: those stay raw requests, their bodies matched by shape.
  const api = () => testClient(t.app).api;
  const me = async (cookie: string) => (await api().me.$get({}, { headers: { cookie } })).json();

  it('signs up, mails a confirmation, refuses sign-in until confirmed, then signs in', async () => {
    const email = `new-${kind}@example.com`;
    const r = await t.signUp(email);
    expect(r.status).toBe(200);
    const mails = await listOutbox(t.deps.db);
    const mail = mails.find((m) => m.to === email);
    expect(mail?.subject).toMatch(/confirm/i);
    expect(mail?.links.some((l) => l.startsWith('http://localhost:3999/api/auth/verify-email?token='))).toBe(true);

    const early = await t.req('/api/auth/sign-in/email', { body: { email, password: 'password123' } });
    expect(early.status).toBe(403);
    expect(await early.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

    const cookie = await t.confirm(email);
    expect(cookie).toMatch(/session_token=/);
    expect((await me(cookie)).user).toMatchObject({ email, emailVerified: true });

    const sub = await (await api().subscription.$get({}, { headers: { cookie } })).json();
    expect(sub).toMatchObject({
      subscription_tier: 'FREE',
      monthly_word_balance: 250,
      currentBalance: 250,
      monthlyLimit: 250,
    });

    const out = await t.req('/api/auth/sign-out', { body: {}, cookie });
    expect(out.status).toBe(200);
    const again = await t.req('/api/auth/sign-in/email', { body: { email, password: 'password123' } });
    expect(again.status).toBe(200);
    expect(cookieFrom(again)).toMatch(/session_token=/);
  });

  it('answers the spec error codes: already registered, bad credentials, password rule', async () => {
    const email = `dup-${kind}@example.com`;
    expect((await t.signUp(email)).status).toBe(200);
    const dup = await t.signUp(email);
    expect(dup.status).toBeGreaterThanOrEqual(400);
    expect(await dup.json()).toMatchObject({ code: expect.stringMatching(/USER_ALREADY_EXISTS/) as unknown });

    // Unconfirmed, any password gets the confirmation message; once confirmed, a wrong one is bad credentials.
    const unconfirmed = await t.req('/api/auth/sign-in/email', { body: { email, password: 'wrongpass1' } });
    expect(unconfirmed.status).toBe(403);
    expect(await unconfirmed.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    await t.confirm(email);
    const bad = await t.req('/api/auth/sign-in/email', { body: { email, password: 'wrongpass1' } });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });

    const weak = await t.signUp(`weak-${kind}@example.com`, 'abcdefghij');
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ code: 'PASSWORD_RULE', message: MSG.passwordRule });
    const short = await t.signUp(`short-${kind}@example.com`, 'abc1');
    expect(short.status).toBe(400);
  });

  it('signs in with a one-time email link that works once', async () => {
    const email = `link-${kind}@example.com`;
    const r = await t.req('/api/auth/sign-in/magic-link', { body: { email, callbackURL: '/' } });
    expect(r.status).toBe(200);
    const mail = (await listOutbox(t.deps.db)).find((m) => m.to === email);
    const link = mail?.links.find((l) => l.includes('/magic-link/verify'));
    expect(link).toBeTruthy();
    const u = new URL(link!);
    const first = await t.req(u.pathname + u.search);
    expect(first.status).toBe(302);
    const cookie = cookieFrom(first);
    expect((await me(cookie)).user?.email).toBe(email);
    const second = await t.req(u.pathname + u.search);
    expect(second.status).toBe(302);
    expect(second.headers.get('location')).toMatch(/error=/);
  });

  it('rejects a forged confirmation token with a redirect carrying the error', async () => {
    const res = await t.req('/api/auth/verify-email?token=not-a-token&callbackURL=/');
    expect([302, 401, 400]).toContain(res.status);
    if (res.status === 302) expect(res.headers.get('location')).toMatch(/error=/);
  });

  it('rate limits sign-in attempts per client IP', async () => {
    const ip = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await t.req('/api/auth/sign-in/email', {
        body: { email: 'nobody@example.com', password: 'password123' },
        ip,
      });
      statuses.push(r.status);
      if (r.status === 429) break;
    }
    expect(statuses.at(-1)).toBe(429);
    // Another address (and another account: this one may have reached its own failure limit) is not limited.
    const other = await t.req('/api/auth/sign-in/email', {
      body: { email: 'nobody-else@example.com', password: 'password123' },
      ip: '203.0.113.78',
    });
    expect(other.status).toBe(401);
  });
});
