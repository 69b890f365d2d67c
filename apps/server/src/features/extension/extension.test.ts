import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  EXTENSION_MSG,
  EXTENSION_PATHS,
  MSG,
  type ExtensionAccount,
  type ExtensionApproval,
  type ExtensionConnectionList,
  type ExtensionToken,
  type HumanizeOutput,
} from '@plainspoken/shared';
import { extension_connections, subscribers, transformations } from '../../db/schema';
import { DB_KINDS, createTestProduct, type TestProduct } from '../../test/harness';

const words = (n: number, salt = '') => Array.from({ length: n }, (_, i) => `word${i % 37}${salt}`).join(' ');
const EXTENSION_ORIGIN = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
type User = { email: string; cookie: string; id: string };

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The whole connect flow: the user approves on the site, the extension trades the code with its verifier. */
async function connect(t: TestProduct, u: User, name = 'Chromium on Linux'): Promise<ExtensionToken> {
  const { verifier, challenge } = pkce();
  const approved = await t.req(EXTENSION_PATHS.approve, { cookie: u.cookie, body: { challenge, name } });
  expect(approved.status).toBe(201);
  const { code } = (await approved.json()) as ExtensionApproval;
  const traded = await t.req(EXTENSION_PATHS.token, {
    body: { code, verifier },
    headers: { origin: EXTENSION_ORIGIN, 'sec-fetch-site': 'cross-site' },
  });
  expect(traded.status).toBe(201);
  return (await traded.json()) as ExtensionToken;
}

/** A request as the extension sends it: from its own origin, with its token and no cookie. */
const fromExtension = (token: string, body?: unknown) => ({
  headers: { origin: EXTENSION_ORIGIN, 'sec-fetch-site': 'cross-site', authorization: `Bearer ${token}` },
  ...(body === undefined ? {} : { body }),
});

async function balanceOf(t: TestProduct, userId: string): Promise<number> {
  const [row] = await t.deps.db
    .select({ b: subscribers.monthly_word_balance })
    .from(subscribers)
    .where(eq(subscribers.user_id, userId));
  return row?.b ?? -1;
}

describe.each(DB_KINDS)('the extension connection on %s', (kind) => {
  let t: TestProduct;
  beforeAll(async () => {
    t = await createTestProduct({ kind, env: { RATE_LIMITS: 'off' } });
  });
  afterAll(async () => t.close());

  it('trades an approval for a token only with the verifier, once, and stores only digests', async () => {
    const u = await t.newUser();
    const { verifier, challenge } = pkce();
    const r = await t.req(EXTENSION_PATHS.approve, { cookie: u.cookie, body: { challenge, name: 'Edge' } });
    const { code } = (await r.json()) as ExtensionApproval;
    const trade = (v: string) =>
      t.req(EXTENSION_PATHS.token, { body: { code, verifier: v }, headers: { origin: EXTENSION_ORIGIN } });

    const wrong = await trade(pkce().verifier);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe(EXTENSION_MSG.badCode);
    const ok = await trade(verifier);
    expect(ok.status).toBe(201);
    const { token, connection } = (await ok.json()) as ExtensionToken;
    expect(token).toMatch(/^pse_[A-Za-z0-9_-]{43}$/);
    expect(token.startsWith(connection.prefix)).toBe(true);
    expect((await trade(verifier)).status).toBe(400); // a code works once

    const rows = await t.deps.db.select().from(extension_connections).where(eq(extension_connections.user_id, u.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows[0]?.code_hash).toBeNull();
  });

  it('refuses an approval without a session, from another site, or with a malformed challenge', async () => {
    const u = await t.newUser();
    const { challenge } = pkce();
    expect((await t.req(EXTENSION_PATHS.approve, { body: { challenge, name: 'x' } })).status).toBe(401);
    const foreign = await t.req(EXTENSION_PATHS.approve, {
      cookie: u.cookie,
      body: { challenge, name: 'x' },
      headers: { origin: EXTENSION_ORIGIN, 'sec-fetch-site': 'cross-site' },
    });
    expect(foreign.status).toBe(403);
    const bad = await t.req(EXTENSION_PATHS.approve, { cookie: u.cookie, body: { challenge: 'short', name: 'x' } });
    expect(bad.status).toBe(400);
  });

  it('opens the account, humanize and AI check on the Free plan, charged and in History as on the site', async () => {
    const u = await t.newUser();
    const { token } = await connect(t, u);
    const before = await balanceOf(t, u.id);

    const acc = await t.req(EXTENSION_PATHS.account, fromExtension(token));
    expect(acc.status).toBe(200);
    const account = (await acc.json()) as ExtensionAccount;
    expect(account).toMatchObject({ email: u.email, tier: 'FREE', balance: before, requestCap: 250, minWords: 50 });

    const text = words(60, 'a');
    const h = await t.req(EXTENSION_PATHS.humanize, fromExtension(token, { text, mode: 'lightning' }));
    expect(h.status).toBe(200);
    const out = (await h.json()) as HumanizeOutput;
    expect(out.words_charged).toBe(60);
    expect(out.remaining_balance).toBe(before - 60);
    expect(await balanceOf(t, u.id)).toBe(before - 60);
    const history = (await (await t.req('/api/transformations', { cookie: u.cookie })).json()) as {
      items: { id: string }[];
    };
    expect(history.items.map((i) => i.id)).toContain(out.transformation_id);

    const check = await t.req(EXTENSION_PATHS.aiCheck, fromExtension(token, { text }));
    expect(check.status).toBe(200);
    expect(((await check.json()) as { words: number }).words).toBe(60);
    expect(await balanceOf(t, u.id)).toBe(before - 60); // checking costs no words
  });

  it("answers the site's own messages: over the cap and under the minimum, nothing charged", async () => {
    const u = await t.newUser();
    const { token } = await connect(t, u);
    const before = await balanceOf(t, u.id);
    const over = await t.req(EXTENSION_PATHS.humanize, fromExtension(token, { text: words(251), mode: 'deep' }));
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({
      error: { code: 'WORD_LIMIT_EXCEEDED', message: MSG.limitExceeded(250, 'Free') },
    });
    const short = await t.req(EXTENSION_PATHS.humanize, fromExtension(token, { text: words(20), mode: 'deep' }));
    expect(await short.json()).toMatchObject({ error: { code: 'MIN_WORDS', message: MSG.minWordsText } });
    expect(await balanceOf(t, u.id)).toBe(before);
    const rows = await t.deps.db.select().from(transformations).where(eq(transformations.user_id, u.id));
    expect(rows).toHaveLength(0);
  });

  it("answers the user's saved writing options and frozen phrases, as the site keeps them", async () => {
    const u = await t.newUser();
    const { token } = await connect(t, u);
    const read = async () =>
      ((await (await t.req(EXTENSION_PATHS.account, fromExtension(token))).json()) as ExtensionAccount).writing;
    expect(await read()).toEqual({ tone: 'neutral', readingLevel: 'standard', keep: [] });
    const saved = await t.req('/api/functions/writing-options', {
      cookie: u.cookie,
      body: { tone: 'casual', readingLevel: 'simple', keep: ['Plainspoken Ltd'] },
    });
    expect(saved.status).toBe(200);
    expect(await read()).toEqual({ tone: 'casual', readingLevel: 'simple', keep: ['Plainspoken Ltd'] });
  });

  it('reaches nothing but its own endpoints: the session, /v1, admin, billing and history refuse it', async () => {
    const u = await t.newUser(`ext-admin-${Date.now()}@example.com`);
    const { token } = await connect(t, u);
    const bearer = { authorization: `Bearer ${token}` };
    const text = words(60, 'b');
    const refused: [string, { method?: string; body?: unknown }][] = [
      ['/api/writing-options', {}],
      ['/api/functions/humanize-text', { body: { text, mode: 'lightning' } }],
      ['/api/functions/check-balance', { body: { word_count: 60 } }],
      ['/api/transformations', {}],
      ['/api/usage/daily', {}],
      ['/api/api-keys', {}],
      [EXTENSION_PATHS.connections, {}],
      ['/api/account/export', {}],
      ['/api/admin/overview', {}],
      ['/api/functions/create-checkout', { body: { priceId: 'x' } }],
      ['/api/functions/paddle-customer-portal', { body: {} }],
    ];
    for (const [path, init] of refused) {
      const r = await t.req(path, { ...init, headers: bearer });
      expect(r.status, path).toBe(401);
    }
    const v1 = await t.req('/v1/humanize', { body: { text, mode: 'lightning' }, headers: bearer });
    expect(v1.status).toBe(401);
    const me = (await (await t.req('/api/me', { headers: bearer })).json()) as { user: unknown };
    expect(me.user).toBeNull();
    const session = await t.req('/api/auth/get-session', { headers: bearer });
    expect(await session.text()).toMatch(/^(null|)$/);
    expect(await balanceOf(t, u.id)).toBe(250);
  });

  it('does not open with the session cookie: only the token does', async () => {
    const u = await t.newUser();
    const r = await t.req(EXTENSION_PATHS.humanize, { cookie: u.cookie, body: { text: words(60), mode: 'lightning' } });
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({ error: { message: EXTENSION_MSG.missingToken } });
    const forged = await t.req(EXTENSION_PATHS.account, fromExtension('pse_' + 'a'.repeat(43)));
    expect(await forged.json()).toMatchObject({ error: { message: EXTENSION_MSG.unknownToken } });
  });

  it('is listed on the profile and revoked there, or by the extension itself; another user cannot revoke it', async () => {
    const u = await t.newUser();
    const other = await t.newUser();
    const first = await connect(t, u, 'Chromium on Linux');
    const second = await connect(t, u, 'Edge on Windows');
    const list = (await (
      await t.req(EXTENSION_PATHS.connections, { cookie: u.cookie })
    ).json()) as ExtensionConnectionList;
    expect(list.connections.map((c) => c.name)).toEqual(['Chromium on Linux', 'Edge on Windows']);
    expect(JSON.stringify(list)).not.toContain(first.token);

    const path = `${EXTENSION_PATHS.connections}/${first.connection.id}`;
    expect((await t.req(path, { method: 'DELETE', cookie: other.cookie })).status).toBe(404);
    expect((await t.req(path, { method: 'DELETE', cookie: u.cookie })).status).toBe(200);
    const revoked = await t.req(EXTENSION_PATHS.account, fromExtension(first.token));
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toMatchObject({ error: { message: EXTENSION_MSG.revokedToken } });

    const self = await t.req(EXTENSION_PATHS.token, { method: 'DELETE', ...fromExtension(second.token) });
    expect(self.status).toBe(200);
    expect((await t.req(EXTENSION_PATHS.account, fromExtension(second.token))).status).toBe(401);
    const after = (await (
      await t.req(EXTENSION_PATHS.connections, { cookie: u.cookie })
    ).json()) as ExtensionConnectionList;
    expect(after.connections).toEqual([]);
  });
});
