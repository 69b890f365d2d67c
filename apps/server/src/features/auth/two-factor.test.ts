import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DB_KINDS, cookieFrom, createTestProduct, type TestProduct } from '../../test/harness';
import { twoFactor, user } from '../../db/schema';
import { errorOf, freshIp, mailsTo, meEmail, secretFromUri, signIn, totp, twoFactorStarted } from './test-helpers';

describe.each(DB_KINDS)('two-factor sign-in on %s', (kind) => {
  let t: TestProduct;
  beforeAll(async () => {
    t = await createTestProduct({ kind });
  });
  afterAll(async () => t.close());

  async function enable(cookie: string) {
    const r = await t.req('/api/auth/two-factor/enable', { body: { password: 'password123' }, cookie, ip: freshIp() });
    expect(r.status).toBe(200);
    const body = twoFactorStarted.parse(await r.json());
    const secret = secretFromUri(body.totpURI);
    const v = await t.req('/api/auth/two-factor/verify-totp', { body: { code: totp(secret) }, cookie, ip: freshIp() });
    expect(v.status).toBe(200);
    return { ...body, secret, cookie: cookieFrom(v) || cookie };
  }

  it('turns on with the password and a first code, then sign-in asks for a code', async () => {
    const { email, cookie, id } = await t.newUser();
    const wrongPw = await t.req('/api/auth/two-factor/enable', {
      body: { password: 'notmypass1' },
      cookie,
      ip: freshIp(),
    });
    expect(wrongPw.status).toBe(400);
    expect((await errorOf(wrongPw)).code).toBe('INVALID_PASSWORD');

    const r = await t.req('/api/auth/two-factor/enable', { body: { password: 'password123' }, cookie, ip: freshIp() });
    const started = twoFactorStarted.parse(await r.json());
    expect(started.totpURI).toMatch(/^otpauth:\/\/totp\/Plainspoken:/);
    expect(started.backupCodes).toHaveLength(10);
    expect(new Set(started.backupCodes).size).toBe(10);
    // Not on until the first code is confirmed: sign-in still needs only the password.
    expect((await signIn(t, email)).body.twoFactorRedirect).toBeUndefined();

    const secret = secretFromUri(started.totpURI);
    const bad = await t.req('/api/auth/two-factor/verify-totp', {
      body: { code: '000000' === totp(secret) ? '111111' : '000000' },
      cookie,
      ip: freshIp(),
    });
    expect(bad.status).toBe(401);
    const ok = await t.req('/api/auth/two-factor/verify-totp', { body: { code: totp(secret) }, cookie, ip: freshIp() });
    expect(ok.status).toBe(200);
    const [row] = await t.deps.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, id));
    expect(row?.on).toBe(true);
    expect(await mailsTo(t, email, /two-factor sign-in is on/i)).toHaveLength(1);

    const first = await signIn(t, email);
    expect(first.res.status).toBe(200);
    expect(first.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(first.cookie).not.toMatch(/session_token=/);
    expect(first.cookie).toMatch(/two_factor=/);
    expect(await meEmail(t, first.cookie)).toBeNull();

    const wrong = await t.req('/api/auth/two-factor/verify-totp', {
      body: { code: totp(secret, Date.now() - 10 * 60_000) },
      cookie: first.cookie,
      ip: freshIp(),
    });
    expect(wrong.status).toBe(401);
    expect((await errorOf(wrong)).code).toBe('INVALID_CODE');
    const right = await t.req('/api/auth/two-factor/verify-totp', {
      body: { code: totp(secret) },
      cookie: first.cookie,
      ip: freshIp(),
    });
    expect(right.status).toBe(200);
    expect(await meEmail(t, cookieFrom(right))).toBe(email);
  });

  it('limits wrong codes per sign-in attempt', async () => {
    const { email, cookie } = await t.newUser();
    await enable(cookie);
    const attempt = await signIn(t, email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await t.req('/api/auth/two-factor/verify-totp', {
        body: { code: '12345x' },
        cookie: attempt.cookie,
        ip: freshIp(),
      });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses[5]).toBe(400);
  });

  it('accepts each backup code once, and turns off only with the password', async () => {
    const { email, cookie: c0, id } = await t.newUser();
    const { backupCodes, cookie } = await enable(c0);
    const code = backupCodes[0]!;

    const a = await signIn(t, email);
    const used = await t.req('/api/auth/two-factor/verify-backup-code', {
      body: { code },
      cookie: a.cookie,
      ip: freshIp(),
    });
    expect(used.status).toBe(200);
    expect(await meEmail(t, cookieFrom(used))).toBe(email);

    const b = await signIn(t, email);
    const reused = await t.req('/api/auth/two-factor/verify-backup-code', {
      body: { code },
      cookie: b.cookie,
      ip: freshIp(),
    });
    expect(reused.status).toBe(401);
    expect((await errorOf(reused)).code).toBe('INVALID_BACKUP_CODE');
    const other = await t.req('/api/auth/two-factor/verify-backup-code', {
      body: { code: backupCodes[1]! },
      cookie: b.cookie,
      ip: freshIp(),
    });
    expect(other.status).toBe(200);

    const noPw = await t.req('/api/auth/two-factor/disable', {
      body: { password: 'wrongpass1' },
      cookie,
      ip: freshIp(),
    });
    expect(noPw.status).toBe(400);
    const off = await t.req('/api/auth/two-factor/disable', {
      body: { password: 'password123' },
      cookie,
      ip: freshIp(),
    });
    expect(off.status).toBe(200);
    expect(await mailsTo(t, email, /two-factor sign-in is off/i)).toHaveLength(1);
    const rows = await t.deps.db.select().from(twoFactor);
    expect(rows.some((r) => r.userId === id)).toBe(false);
    const plain = await signIn(t, email);
    expect(plain.body.twoFactorRedirect).toBeUndefined();
    expect(await meEmail(t, plain.cookie)).toBe(email);
  });
});
