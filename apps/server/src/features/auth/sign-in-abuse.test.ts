import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MSG } from '@plainspoken/shared';
import { BASE, DB_KINDS, cookieFrom, createTestProduct, type TestProduct } from '../../test/harness';
import { startFakeGoogle, type FakeGoogle } from './fake-google';
import { SIGN_IN_FAILURES_PER_ACCOUNT, TWO_FACTOR_REQUIRED_MESSAGE } from './sign-in-guards';
import { errorOf, freshIp, mailsTo, meEmail, secretFromUri, signIn, totp, twoFactorStarted } from './test-helpers';

async function enableTwoFactor(t: TestProduct, cookie: string) {
  const r = await t.req('/api/auth/two-factor/enable', { body: { password: 'password123' }, cookie, ip: freshIp() });
  const { totpURI } = twoFactorStarted.parse(await r.json());
  const v = await t.req('/api/auth/two-factor/verify-totp', {
    body: { code: totp(secretFromUri(totpURI)) },
    cookie,
    ip: freshIp(),
  });
  expect(v.status).toBe(200);
}

describe.each(DB_KINDS)('sign-in abuse on %s', (kind) => {
  let t: TestProduct;
  beforeAll(async () => {
    t = await createTestProduct({ kind });
  });
  afterAll(async () => t.close());

  it('an unconfirmed account answers a right and a wrong password alike, with the spec’s confirmation message', async () => {
    const email = `unconfirmed-${kind}@example.com`;
    expect((await t.signUp(email)).status).toBe(200);
    const right = await signIn(t, email, 'password123');
    const wrong = await signIn(t, email, 'wrong-password-9');
    expect(right.res.status).toBe(403);
    expect(wrong.res.status).toBe(403);
    expect(right.body).toEqual(wrong.body);
    expect(await errorOf(right.res)).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: MSG.unconfirmedEmail });
    expect(right.cookie).toBe('');
  });

  it('limits wrong passwords per account, whatever addresses they come from, and a right password then waits too', async () => {
    const { email } = await t.newUser();
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT; i++) {
      const r = await signIn(t, email, `guess-${i}-password`);
      expect(r.res.status, `guess ${i}`).toBe(401);
    }
    const limited = await signIn(t, email, 'guess-last-password');
    expect(limited.res.status).toBe(429);
    expect((await errorOf(limited.res)).message).toMatch(
      /^Too many failed sign-in attempts for this account\. Please wait \d+ minutes/,
    );
    const right = await signIn(t, email, 'password123');
    expect(right.res.status).toBe(429);
    expect(right.cookie).toBe('');
    // Another account is not affected.
    const other = await t.newUser();
    expect((await signIn(t, other.email)).res.status).toBe(200);
  });

  it('the failure count is kept in the database, so a second server process sees it', async () => {
    const { email } = await t.newUser();
    const second = await createTestProduct({ database: { ...t.deps.database, close: async () => {} } });
    try {
      for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT; i++) {
        const r = await signIn(i % 2 ? second : t, email, `guess-${i}-password`);
        expect(r.res.status).toBe(401);
      }
      expect((await signIn(second, email)).res.status).toBe(429);
      expect((await signIn(t, email)).res.status).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('a successful sign-in clears the count', async () => {
    const { email } = await t.newUser();
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT - 1; i++)
      expect((await signIn(t, email, `nope-${i}-password`)).res.status).toBe(401);
    expect((await signIn(t, email)).res.status).toBe(200);
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT - 1; i++)
      expect((await signIn(t, email, `nope-${i}-again1`)).res.status).toBe(401);
    expect((await signIn(t, email)).res.status).toBe(200);
  });

  it('an email link does not skip the second factor of an account with two-factor on', async () => {
    const { email, cookie } = await t.newUser();
    await enableTwoFactor(t, cookie);
    const sent = await t.req('/api/auth/sign-in/magic-link', { body: { email, callbackURL: '/' }, ip: freshIp() });
    expect(sent.status).toBe(200);
    const link = (await mailsTo(t, email, /sign-in link/))[0]?.links.find((l) => l.includes('/magic-link/verify'));
    expect(link).toBeTruthy();
    const u = new URL(link!);
    const res = await t.req(u.pathname + u.search, { ip: freshIp() });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!, BASE);
    expect(to.searchParams.get('error')).toBe('two_factor_required');
    expect(to.searchParams.get('error_description')).toBe(TWO_FACTOR_REQUIRED_MESSAGE);
    expect(await meEmail(t, cookieFrom(res))).toBeNull();
    // Without two-factor the link still signs in.
    const plain = await t.newUser();
    await t.req('/api/auth/sign-in/magic-link', { body: { email: plain.email, callbackURL: '/' }, ip: freshIp() });
    const l2 = new URL(
      (await mailsTo(t, plain.email, /sign-in link/))[0]!.links.find((l) => l.includes('/magic-link/verify'))!,
    );
    const ok = await t.req(l2.pathname + l2.search, { ip: freshIp() });
    expect(ok.status).toBe(302);
    expect(await meEmail(t, cookieFrom(ok))).toBe(plain.email);
  });
});

describe('Google sign-in against a local OpenID Connect provider over HTTP', () => {
  let t: TestProduct;
  let g: FakeGoogle;
  const CLIENT_ID = 'plainspoken-test.apps.example';
  const CLIENT_SECRET = 'test-google-secret';
  beforeAll(async () => {
    g = await startFakeGoogle({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    t = await createTestProduct({
      env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET, GOOGLE_OIDC_ISSUER: g.issuer },
    });
  });
  afterAll(async () => {
    await t.close();
    await g.close();
  });

  /** The browser's round trip: our sign-in call, the provider's consent redirect, our callback. */
  async function googleSignIn(): Promise<Response> {
    const ip = freshIp();
    const start = await t.req('/api/auth/sign-in/social', { body: { provider: 'google', callbackURL: '/' }, ip });
    expect(start.status).toBe(200);
    const { url } = z.object({ url: z.string() }).parse(await start.json()); // better-auth's answer
    expect(url.startsWith(`${g.issuer}/o/oauth2/v2/auth?`)).toBe(true);
    const consent = await fetch(url, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(`${BASE}/api/auth/callback/google`);
    return t.req(back.pathname + back.search, { cookie: cookieFrom(start), ip });
  }

  it('signs a new person in: discovery, authorize, code exchange with PKCE, signed id_token from the JWKS', async () => {
    g.person = { sub: 'g-1001', email: 'new.google@example.com', email_verified: true, name: 'New Google' };
    const done = await googleSignIn();
    expect(done.status).toBe(302);
    expect(new URL(done.headers.get('location')!, BASE).searchParams.get('error')).toBeNull();
    expect(await meEmail(t, cookieFrom(done))).toBe('new.google@example.com');
    for (const p of ['/.well-known/openid-configuration', '/o/oauth2/v2/auth', '/token', '/oauth2/v3/certs'])
      expect(g.hits[p], p).toBeGreaterThan(0);
  });

  it('refuses an id_token signed with a key the provider does not publish', async () => {
    g.person = { sub: 'g-1002', email: 'forged.google@example.com', email_verified: true, name: 'Forged' };
    g.rogueKey = true;
    try {
      const done = await googleSignIn();
      expect(done.status).toBe(302);
      expect(new URL(done.headers.get('location')!, BASE).searchParams.get('error')).toBeTruthy();
      expect(await meEmail(t, cookieFrom(done))).toBeNull();
    } finally {
      g.rogueKey = false;
    }
  });

  it('does not skip the second factor of an account with two-factor on', async () => {
    const u = await t.newUser('twofactor.google@example.com');
    await enableTwoFactor(t, u.cookie);
    g.person = { sub: 'g-1003', email: u.email, email_verified: true, name: 'TF' };
    const done = await googleSignIn();
    expect(done.status).toBe(302);
    expect(new URL(done.headers.get('location')!, BASE).searchParams.get('error')).toBe('two_factor_required');
    expect(await meEmail(t, cookieFrom(done))).toBeNull();
  });
});
