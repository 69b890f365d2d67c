import { testClient } from 'hono/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { MSG } from '@plainspoken/shared';
import { DB_KINDS, createTestProduct, type TestProduct } from '../../test/harness';
import { verification } from '../../db/schema';
import { errorOf, freshIp, mailsTo, meEmail, signIn } from './test-helpers';
import { RESET_ANSWER } from './security-rules';

async function requestReset(t: TestProduct, email: string) {
  return t.req('/api/auth/request-password-reset', { body: { email, redirectTo: '/reset-password' }, ip: freshIp() });
}

async function resetLink(t: TestProduct, email: string): Promise<URL> {
  const mail = (await mailsTo(t, email, /reset your/i))[0];
  const link = mail?.links.find((l) => l.includes('/api/auth/reset-password/'));
  if (!link) throw new Error(`no reset link for ${email}`);
  return new URL(link);
}

describe.each(DB_KINDS)('forgotten password and change of password on %s', (kind) => {
  let t: TestProduct;
  beforeAll(async () => {
    t = await createTestProduct({ kind });
  });
  afterAll(async () => t.close());

  it('mails a one-hour single-use link; the page gets the token; a new password signs in and other sessions end', async () => {
    const { email, cookie } = await t.newUser();
    const other = await signIn(t, email);
    expect(other.res.status).toBe(200);

    const r = await requestReset(t, email);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual(RESET_ANSWER);

    const link = await resetLink(t, email);
    expect(link.origin).toBe('http://localhost:3999');
    const opened = await t.req(link.pathname + link.search);
    expect(opened.status).toBe(302);
    const to = new URL(opened.headers.get('location') ?? '');
    expect(to.pathname).toBe('/reset-password');
    const token = to.searchParams.get('token');
    expect(token).toBeTruthy();

    const weak = await t.req('/api/auth/reset-password', {
      body: { token, newPassword: 'lettersonly' },
      ip: freshIp(),
    });
    expect(weak.status).toBe(400);
    expect(await errorOf(weak)).toMatchObject({ code: 'PASSWORD_RULE', message: MSG.passwordRule });

    const done = await t.req('/api/auth/reset-password', {
      body: { token, newPassword: 'fresh-pass-42' },
      ip: freshIp(),
    });
    expect(done.status).toBe(200);

    expect(await meEmail(t, cookie)).toBeNull();
    expect(await meEmail(t, other.cookie)).toBeNull();
    expect((await signIn(t, email, 'password123')).res.status).toBe(401);
    const fresh = await signIn(t, email, 'fresh-pass-42');
    expect(fresh.res.status).toBe(200);
    expect(await meEmail(t, fresh.cookie)).toBe(email);
    expect(await mailsTo(t, email, /password was changed/i)).toHaveLength(1);

    // Used once: the same link and the same token are refused now.
    const again = await t.req('/api/auth/reset-password', {
      body: { token, newPassword: 'another-pass-7' },
      ip: freshIp(),
    });
    expect(again.status).toBe(400);
    expect((await errorOf(again)).code).toBe('INVALID_TOKEN');
    const reopened = await t.req(link.pathname + link.search);
    expect(reopened.status).toBe(302);
    expect(new URL(reopened.headers.get('location') ?? '').searchParams.get('error')).toBe('INVALID_TOKEN');
  });

  it('refuses an expired link, and a malformed one, with the error page', async () => {
    const { email } = await t.newUser();
    expect((await requestReset(t, email)).status).toBe(200);
    const link = await resetLink(t, email);
    const token = link.pathname.split('/').pop()!;
    await t.deps.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(like(verification.identifier, `reset-password:${token}`));
    const opened = await t.req(link.pathname + link.search);
    expect(new URL(opened.headers.get('location') ?? '').searchParams.get('error')).toBe('INVALID_TOKEN');
    const used = await t.req('/api/auth/reset-password', {
      body: { token, newPassword: 'fresh-pass-42' },
      ip: freshIp(),
    });
    expect(used.status).toBe(400);
    expect((await errorOf(used)).code).toBe('INVALID_TOKEN');
    expect((await signIn(t, email)).res.status).toBe(200);

    const forged = await t.req('/api/auth/reset-password/not-a-real-token?callbackURL=%2Freset-password');
    expect(forged.status).toBe(302);
    expect(forged.headers.get('location')).toBe('http://localhost:3999/reset-password?error=INVALID_TOKEN');
  });

  it('answers the same for an unknown address, and mails an address at most once a minute', async () => {
    const unknown = await requestReset(t, `nobody-${kind}@example.com`);
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(RESET_ANSWER);
    expect(await mailsTo(t, `nobody-${kind}@example.com`)).toHaveLength(0);

    const { email } = await t.newUser();
    expect(await (await requestReset(t, email)).json()).toEqual(RESET_ANSWER);
    const second = await requestReset(t, email.toUpperCase());
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(RESET_ANSWER);
    expect(await mailsTo(t, email, /reset your/i)).toHaveLength(1);
  });

  it('limits reset requests per client IP whatever the address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await t.req('/api/auth/request-password-reset', { body: { email: `ip-${i}-${kind}@example.com` }, ip });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });

  it('changes the password with the current one, never without it', async () => {
    const { email, cookie } = await t.newUser();
    const wrong = await t.req('/api/auth/change-password', {
      body: { currentPassword: 'nottheone1', newPassword: 'changed-pass-9' },
      cookie,
      ip: freshIp(),
    });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).code).toBe('INVALID_PASSWORD');
    const weak = await t.req('/api/auth/change-password', {
      body: { currentPassword: 'password123', newPassword: 'short1' },
      cookie,
      ip: freshIp(),
    });
    expect(weak.status).toBe(400);
    expect((await errorOf(weak)).code).toBe('PASSWORD_RULE');
    const anon = await t.req('/api/auth/change-password', {
      body: { currentPassword: 'password123', newPassword: 'changed-pass-9' },
      ip: freshIp(),
    });
    expect(anon.status).toBe(401);
    const ok = await t.req('/api/auth/change-password', {
      body: { currentPassword: 'password123', newPassword: 'changed-pass-9' },
      cookie,
      ip: freshIp(),
    });
    expect(ok.status).toBe(200);
    expect((await signIn(t, email, 'password123')).res.status).toBe(401);
    expect((await signIn(t, email, 'changed-pass-9')).res.status).toBe(200);
  });

  it('changes the email after the new address confirms, and tells the old one', async () => {
    const { email, cookie, id } = await t.newUser();
    const newEmail = `moved-${id.slice(0, 8)}@example.com`;
    const r = await t.req('/api/auth/change-email', {
      body: { newEmail, callbackURL: '/profile' },
      cookie,
      ip: freshIp(),
    });
    expect(r.status).toBe(200);
    expect(await mailsTo(t, email, /change of your plainspoken email/i)).toHaveLength(1);
    const confirm = (await mailsTo(t, newEmail, /confirm your new/i))[0];
    const link = confirm?.links.find((l) => l.includes('/api/auth/verify-email'));
    expect(link).toBeTruthy();
    expect(await meEmail(t, cookie)).toBe(email);
    const u = new URL(link!);
    const res = await t.req(u.pathname + u.search, { cookie });
    expect(res.status).toBe(302);
    expect((await signIn(t, newEmail)).res.status).toBe(200);
    expect((await signIn(t, email)).res.status).toBe(401);
    const headers = { cookie: (await signIn(t, newEmail)).cookie };
    const sub = await (await testClient(t.app).api.subscription.$get({}, { headers })).json();
    expect(sub.subscription_tier).toBe('FREE');
  });
});
