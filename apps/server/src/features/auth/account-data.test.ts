import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import { z } from 'zod';
import { DB_KINDS, createTestProduct, type TestProduct } from '../../test/harness';
import { account, session, subscribers, transformations, twoFactor, user } from '../../db/schema';

import { DELETION_CODE_MSG } from './deletion-code';
import { errorOf, freshIp, mailsTo, meEmail, secretFromUri, signIn, totp, twoFactorStarted } from './test-helpers';

/** The parts of the export (AccountExport in the shared package) these tests read. */
const exportRead = z.object({
  account: z.object({
    email: z.string(),
    createdAt: z.string(),
    lastSignInAt: z.string().nullable(),
    twoFactorEnabled: z.boolean(),
  }),
  subscription: z.object({ tier: z.string(), subscribed: z.boolean() }),
  balance: z.object({ monthlyLimit: z.number(), currentBalance: z.number() }),
  transformations: z.array(
    z.object({ original_text: z.string(), transformed_text: z.string(), created_at: z.string() }),
  ),
  devices: z.array(z.unknown()),
});

describe.each(DB_KINDS)('export and deletion of an account on %s', (kind) => {
  let t: TestProduct;
  beforeAll(async () => {
    t = await createTestProduct({ kind });
  });
  afterAll(async () => t.close());
  afterEach(() => vi.restoreAllMocks());

  async function addHistory(userId: string, n: number) {
    for (let i = 0; i < n; i++) {
      // Distinct times: two inserts within one clock tick would otherwise tie and order by their random ids.
      const created_at = new Date(Date.now() - (n - i) * 1_000);
      await t.deps.db.insert(transformations).values({
        user_id: userId,
        original_text: `original ${i}`,
        transformed_text: `rewritten ${i}`,
        mode: 'deep',
        words_charged: 60,
        created_at,
      });
    }
  }

  async function makePaid(userId: string, subscriptionId: string) {
    await t.deps.db
      .update(subscribers)
      .set({
        subscription_tier: 'Pro',
        subscribed: true,
        monthly_word_balance: 14_000,
        paddle_customer_id: 'ctm_test',
        paddle_subscription_id: subscriptionId,
        billing_period: 'monthly',
        subscription_end: new Date(Date.now() + 20 * 86_400_000),
      })
      .where(eq(subscribers.user_id, userId));
  }

  async function rowsOf(userId: string) {
    const db = t.deps.db;
    return {
      user: (await db.select().from(user).where(eq(user.id, userId))).length,
      account: (await db.select().from(account).where(eq(account.userId, userId))).length,
      session: (await db.select().from(session).where(eq(session.userId, userId))).length,
      subscriber: (await db.select().from(subscribers).where(eq(subscribers.user_id, userId))).length,
      transformations: (await db.select().from(transformations).where(eq(transformations.user_id, userId))).length,
      twoFactor: (await db.select().from(twoFactor).where(eq(twoFactor.userId, userId))).length,
    };
  }

  it('exports the account, subscription, balance and every transformation as a JSON download', async () => {
    const { email, cookie, id } = await t.newUser();
    await addHistory(id, 3);
    // A download: the route writes the JSON itself (pretty-printed), so AppType carries no type for the answer.
    const r = await t.req('/api/account/export', { cookie });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toMatch(
      /^attachment; filename="plainspoken-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const raw: unknown = await r.json();
    const body = exportRead.parse(raw);
    expect(body.account).toMatchObject({ email, twoFactorEnabled: false });
    expect(Date.parse(body.account.createdAt)).not.toBeNaN();
    expect(body.account.lastSignInAt).not.toBeNull();
    expect(body.subscription).toMatchObject({ tier: 'FREE', subscribed: false });
    expect(body.balance).toMatchObject({ monthlyLimit: 250, currentBalance: 250 });
    expect(body.transformations.map((x) => x.original_text)).toEqual(['original 0', 'original 1', 'original 2']);
    expect(body.transformations[2]?.transformed_text).toBe('rewritten 2');
    expect(body.devices).toHaveLength(1);
    expect(JSON.stringify(raw)).not.toMatch(/token|password|secret/i);

    expect((await testClient(t.app).api.account.export.$get()).status).toBe(401);
  });

  it('deletes a paid account after cancelling it with the provider, then the address can start again on Free', async () => {
    const { email, cookie, id } = await t.newUser();
    await addHistory(id, 2);
    await makePaid(id, 'sub_delete_ok');
    const en = await t.req('/api/auth/two-factor/enable', { body: { password: 'password123' }, cookie, ip: freshIp() });
    const started = twoFactorStarted.parse(await en.json());
    const secret = secretFromUri(started.totpURI);
    expect(
      (await t.req('/api/auth/two-factor/verify-totp', { body: { code: totp(secret) }, cookie, ip: freshIp() })).status,
    ).toBe(200);
    const me = await signIn(t, email);
    const code = await t.req('/api/auth/two-factor/verify-totp', {
      body: { code: totp(secret) },
      cookie: me.cookie,
      ip: freshIp(),
    });
    const live = code.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .filter((c) => c && !c.endsWith('='))
      .join('; ');
    expect(await meEmail(t, live)).toBe(email);

    const cancel = vi.spyOn(t.deps.payments, 'cancelNow').mockResolvedValue();

    const mistyped = await t.req('/api/auth/delete-user', {
      body: { password: 'password123', confirmEmail: 'someone@else.com' },
      cookie: live,
      ip: freshIp(),
    });
    expect(mistyped.status).toBe(400);
    expect((await errorOf(mistyped)).code).toBe('CONFIRM_EMAIL_MISMATCH');
    const wrongPw = await t.req('/api/auth/delete-user', {
      body: { password: 'wrongpass1', confirmEmail: email },
      cookie: live,
      ip: freshIp(),
    });
    expect(wrongPw.status).toBe(400);
    const noPw = await t.req('/api/auth/delete-user', { body: { confirmEmail: email }, cookie: live, ip: freshIp() });
    expect(noPw.status).toBe(400);
    expect((await errorOf(noPw)).code).toBe('PASSWORD_REQUIRED');
    // Two-factor is on: the password alone deletes nothing; a missing or wrong code is named as such.
    const noCode = await t.req('/api/auth/delete-user', {
      body: { password: 'password123', confirmEmail: email },
      cookie: live,
      ip: freshIp(),
    });
    expect(noCode.status).toBe(400);
    expect(await errorOf(noCode)).toEqual({ code: 'TWO_FACTOR_CODE_REQUIRED', message: DELETION_CODE_MSG.required });
    for (const code of [totp(secret, Date.now() - 10 * 60_000), '12345-abcde', 'not a code']) {
      const wrong = await t.req('/api/auth/delete-user', {
        body: { password: 'password123', confirmEmail: email, code },
        cookie: live,
        ip: freshIp(),
      });
      expect(wrong.status, code).toBe(400);
      expect(await errorOf(wrong)).toEqual({ code: 'INVALID_TWO_FACTOR_CODE', message: DELETION_CODE_MSG.invalid });
    }
    expect(cancel).not.toHaveBeenCalled();
    expect((await rowsOf(id)).user).toBe(1);

    const del = await t.req('/api/auth/delete-user', {
      body: { password: 'password123', confirmEmail: email.toUpperCase(), code: totp(secret) },
      cookie: live,
      ip: freshIp(),
    });
    expect(del.status).toBe(200);
    expect(cancel).toHaveBeenCalledWith('sub_delete_ok');
    expect(await rowsOf(id)).toEqual({
      user: 0,
      account: 0,
      session: 0,
      subscriber: 0,
      transformations: 0,
      twoFactor: 0,
    });
    expect(await meEmail(t, live)).toBeNull();
    expect(await mailsTo(t, email, /account was deleted/i)).toHaveLength(1);

    const again = await t.signUp(email);
    expect(again.status).toBe(200);
    const fresh = await signIn(t, email);
    expect(fresh.res.status).toBe(403); // a new account confirms its address again
    const headers = { cookie: await t.confirm(email) };
    const sub = await (await testClient(t.app).api.subscription.$get({}, { headers })).json();
    expect(sub).toMatchObject({ subscription_tier: 'FREE', subscribed: false, currentBalance: 250 });
  });

  it('deletes an account with two-factor on with an unused backup code instead of the app code', async () => {
    const { email, cookie, id } = await t.newUser();
    const en = await t.req('/api/auth/two-factor/enable', { body: { password: 'password123' }, cookie, ip: freshIp() });
    const started = twoFactorStarted.parse(await en.json());
    const v = await t.req('/api/auth/two-factor/verify-totp', {
      body: { code: totp(secretFromUri(started.totpURI)) },
      cookie,
      ip: freshIp(),
    });
    expect(v.status).toBe(200);
    const me = await signIn(t, email);
    const c = await t.req('/api/auth/two-factor/verify-backup-code', {
      body: { code: started.backupCodes[0]! },
      cookie: me.cookie,
      ip: freshIp(),
    });
    expect(c.status).toBe(200);
    const live = c.headers
      .getSetCookie()
      .map((x) => x.split(';')[0])
      .filter((x) => x && !x.endsWith('='))
      .join('; ');
    const del = await t.req('/api/auth/delete-user', {
      body: { password: 'password123', confirmEmail: email, code: ` ${started.backupCodes[1]!} ` },
      cookie: live,
      ip: freshIp(),
    });
    expect(del.status, await del.clone().text()).toBe(200);
    expect((await rowsOf(id)).user).toBe(0);
  });

  it('deletes nothing when the provider cannot cancel the paid subscription, and says why', async () => {
    const { email, cookie, id } = await t.newUser();
    await addHistory(id, 2);
    await makePaid(id, 'sub_delete_fails');
    const before = await rowsOf(id);
    const cancel = vi.spyOn(t.deps.payments, 'cancelNow').mockRejectedValue(new Error('provider is down'));
    const del = await t.req('/api/auth/delete-user', {
      body: { password: 'password123', confirmEmail: email },
      cookie,
      ip: freshIp(),
    });
    expect(del.status).toBe(502);
    const err = await errorOf(del);
    expect(err.code).toBe('SUBSCRIPTION_CANCEL_FAILED');
    expect(err.message).toMatch(/could not cancel your paid subscription/i);
    expect(cancel).toHaveBeenCalledWith('sub_delete_fails');
    expect(await rowsOf(id)).toEqual(before);
    expect(before).toMatchObject({ user: 1, subscriber: 1, transformations: 2 });
    expect(await meEmail(t, cookie)).toBe(email);
    const [sub] = await t.deps.db.select().from(subscribers).where(eq(subscribers.user_id, id));
    expect(sub?.subscription_tier).toBe('Pro');
    expect(await mailsTo(t, email, /account was deleted/i)).toHaveLength(0);
  });

  it('deletes a Free account without calling the provider', async () => {
    const { email, cookie, id } = await t.newUser();
    const cancel = vi.spyOn(t.deps.payments, 'cancelNow');
    const del = await t.req('/api/auth/delete-user', {
      body: { password: 'password123', confirmEmail: email },
      cookie,
      ip: freshIp(),
    });
    expect(del.status).toBe(200);
    expect(cancel).not.toHaveBeenCalled();
    expect((await rowsOf(id)).user).toBe(0);
  });
});
