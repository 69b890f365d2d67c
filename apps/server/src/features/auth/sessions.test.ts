import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testClient } from 'hono/testing';
import { z } from 'zod';
import type { SignOutScope } from '@plainspoken/shared';
import { DB_KINDS, createTestProduct, type TestProduct } from '../../test/harness';
import { errorOf, freshIp, meEmail, signIn } from './test-helpers';

/** better-auth's /api/auth/list-sessions answer (its own route, not in AppType), as far as these tests read it. */
const listedSessions = z.array(
  z.object({
    id: z.string(),
    token: z.string(),
    userAgent: z.string().nullish(),
    ipAddress: z.string().nullish(),
    updatedAt: z.string(),
  }),
);

describe.each(DB_KINDS)('devices and sign-out scopes on %s', (kind) => {
  let t: TestProduct;
  beforeAll(async () => {
    t = await createTestProduct({ kind });
  });
  afterAll(async () => t.close());
  const sessionsOf = async (res: Response) => listedSessions.parse(await res.json());
  const listSessions = async (cookie: string) => sessionsOf(await t.req('/api/auth/list-sessions', { cookie }));
  const signOut = (scope: SignOutScope, cookie: string) =>
    testClient(t.app).api.account['sign-out'].$post(
      { json: { scope } },
      { headers: { cookie, 'x-forwarded-for': freshIp() } },
    );
  const me = (cookie: string) => testClient(t.app).api.me.$get({}, { headers: { cookie } });

  const UA =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

  it('lists every session, revokes one, then the others, then all', async () => {
    const { email, cookie: a } = await t.newUser();
    const b = await signIn(t, email, 'password123', { 'user-agent': UA });
    const c = await signIn(t, email);
    const d = await signIn(t, email);

    const listed = await t.req('/api/auth/list-sessions', { cookie: a, ip: freshIp() });
    expect(listed.status).toBe(200);
    const sessions = await sessionsOf(listed);
    expect(sessions).toHaveLength(4);
    expect(sessions.some((s) => s.userAgent === UA)).toBe(true);

    const bToken = decodeURIComponent(b.cookie.split('=')[1]!.split('.')[0]!);
    expect(sessions.some((s) => s.token === bToken)).toBe(true);
    const revoked = await t.req('/api/auth/revoke-session', { body: { token: bToken }, cookie: a, ip: freshIp() });
    expect(revoked.status).toBe(200);
    expect(await meEmail(t, b.cookie)).toBeNull();
    expect(await meEmail(t, a)).toBe(email);

    const others = await signOut('others', a);
    expect(others.status).toBe(200);
    expect(await meEmail(t, c.cookie)).toBeNull();
    expect(await meEmail(t, d.cookie)).toBeNull();
    expect(await meEmail(t, a)).toBe(email);
    expect((await listSessions(a)).length).toBe(1);

    const e = await signIn(t, email);
    const global = await signOut('global', a);
    expect(global.status).toBe(200);
    expect(global.headers.getSetCookie().join(';')).toMatch(/session_token=;/);
    expect(await meEmail(t, a)).toBeNull();
    expect(await meEmail(t, e.cookie)).toBeNull();
  });

  it('signs out only this device with scope local; revoke-sessions (all) is the same as global', async () => {
    const { email, cookie: a } = await t.newUser();
    const b = await signIn(t, email);
    const local = await signOut('local', a);
    expect(local.status).toBe(200);
    expect(await meEmail(t, a)).toBeNull();
    expect(await meEmail(t, b.cookie)).toBe(email);

    const c = await signIn(t, email);
    const all = await t.req('/api/auth/revoke-sessions', { body: {}, cookie: b.cookie, ip: freshIp() });
    expect(all.status).toBe(200);
    expect(await meEmail(t, b.cookie)).toBeNull();
    expect(await meEmail(t, c.cookie)).toBeNull();
  });

  it("moves a device's last activity forward at most hourly", async () => {
    const { cookie } = await t.newUser();
    const first = (await listSessions(cookie))[0]!;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 20 * 60_000);
      await me(cookie);
      const soon = (await listSessions(cookie))[0]!;
      expect(soon.updatedAt).toBe(first.updatedAt);
      vi.setSystemTime(Date.now() + 2 * 3600_000);
      await me(cookie);
      const later = (await listSessions(cookie))[0]!;
      expect(Date.parse(later.updatedAt) - Date.parse(first.updatedAt)).toBeGreaterThan(2 * 3600_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('accepts only the scopes global, local and others', async () => {
    const { cookie } = await t.newUser();
    // Scopes the product does not offer and bodies that are not JSON: raw requests on purpose.
    for (const body of [
      { scope: 'everyone' },
      { scope: 5 },
      { scope: ['global'] },
      {},
      { scope: 'x'.repeat(100_000) },
    ]) {
      const r = await t.req('/api/account/sign-out', { body, cookie, ip: freshIp() });
      expect(r.status).toBe(400);
      expect((await errorOf(r)).message).toMatch(/scope/);
    }
    const notJson = await t.req('/api/account/sign-out', {
      rawBody: '{scope:',
      cookie,
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    const array = await t.req('/api/account/sign-out', { body: ['global'], cookie });
    expect(array.status).toBe(400);
    const anon = await t.req('/api/account/sign-out', { body: { scope: 'global' } });
    expect(anon.status).toBe(401);
    expect(await meEmail(t, cookie)).not.toBeNull();
  });
});
