import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import { z } from 'zod';
import {
  API_CONCURRENCY_RETRY_AFTER_S,
  API_KEY_LIMITS,
  API_MSG,
  HUMANIZE_MODES,
  MAX_TEXT_CHARS,
  MSG,
  RATE_LIMITS,
  apiErrorResponse,
  apiHumanizeResponse,
  type CreatedApiKey,
} from '@plainspoken/shared';
import { DB_KINDS, createTestDatabase, createTestProduct, inlineEngine, type TestProduct } from '../../test/harness';
import { api_idempotency, api_keys, subscribers, transformations } from '../../db/schema';
import { rowsOf } from '../../lib/rate-limit';

const words = (n: number, salt = '') => Array.from({ length: n }, (_, i) => `word${i % 37}${salt}`).join(' ');
type User = { email: string; cookie: string; id: string };
/** The parts of GET /api/openapi.json this test reads (served by the public API's own router, not in AppType). */
const openApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ description: z.string() }),
  servers: z.array(z.looseObject({ url: z.string() })),
  paths: z.record(
    z.string(),
    z.record(
      z.string(),
      z.looseObject({
        operationId: z.string(),
        responses: z.record(z.string(), z.looseObject({ headers: z.record(z.string(), z.unknown()).optional() })),
        'x-codeSamples': z.array(z.looseObject({ label: z.string(), source: z.string() })).optional(),
      }),
    ),
  ),
  components: z.looseObject({
    schemas: z.record(
      z.string(),
      z.looseObject({
        properties: z
          .record(z.string(), z.looseObject({ enum: z.array(z.string()).optional(), maxLength: z.number().optional() }))
          .optional(),
        required: z.array(z.string()).optional(),
      }),
    ),
    securitySchemes: z.record(z.string(), z.looseObject({ scheme: z.string() })),
  }),
});
/** The website's routes through the typed client (AppType); /v1 answers are read with the shared schemas. */
const site = (t: TestProduct) => testClient(t.app).api;
const by = (u: { cookie: string }) => ({ headers: { cookie: u.cookie } });
/** A rewrite's answer, keeping any field the server adds so that comparing whole answers still sees it. */
const humanizeAnswer = apiHumanizeResponse.loose();

async function setPlan(t: TestProduct, u: User, tier: 'FREE' | 'Basic' | 'Pro' | 'Ultra', balance: number) {
  await t.deps.db
    .update(subscribers)
    .set({ subscription_tier: tier, subscribed: tier !== 'FREE', monthly_word_balance: balance })
    .where(eq(subscribers.user_id, u.id));
}
async function balanceOf(t: TestProduct, u: User): Promise<number> {
  return (await t.deps.db.select().from(subscribers).where(eq(subscribers.user_id, u.id)))[0]!.monthly_word_balance;
}
async function newKey(t: TestProduct, u: User, name = 'Test key'): Promise<CreatedApiKey> {
  const r = await site(t)['api-keys'].$post({ json: { name } }, by(u));
  expect(r.status).toBe(201);
  return (await r.json()) satisfies CreatedApiKey;
}
/** A public API call as a client makes it: Authorization header, JSON body, no cookie, no Origin. */
function api(
  t: TestProduct,
  path: string,
  opts: { key?: string; body?: unknown; idem?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  if (opts.idem) headers['idempotency-key'] = opts.idem;
  return t.req(path, { method: opts.body === undefined ? 'GET' : 'POST', body: opts.body, headers });
}

describe.each(DB_KINDS)('API keys and the public API on %s', (kind) => {
  let t: TestProduct;
  let a: User;
  let b: User;
  beforeAll(async () => {
    t = await createTestProduct({ kind, env: { RATE_LIMITS: 'off' } });
    a = await t.newUser();
    b = await t.newUser();
  });
  afterAll(async () => t.close());

  it('refuses keys to the Free plan with the upgrade message, then creates, lists, uses and revokes one', async () => {
    const free = await (await site(t)['api-keys'].$get({}, by(a))).json();
    expect(free).toMatchObject({ keys: [], canCreate: false, tier: 'FREE' });
    const refused = await site(t)['api-keys'].$post({ json: { name: 'CI' } }, by(a));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'PLAN_REQUIRED', message: API_MSG.keysNeedPaidPlan } });

    await setPlan(t, a, 'Pro', 15_000);
    const created = await newKey(t, a, '  Zapier  ');
    expect(created.secret).toMatch(/^ps_live_[A-Za-z0-9_-]{43}$/);
    expect(created.key).toMatchObject({ name: 'Zapier', prefix: created.secret.slice(0, 14), last_used_at: null });
    // Stored hashed: the database never holds the key itself.
    const rows = await t.deps.db.select().from(api_keys).where(eq(api_keys.user_id, a.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(created.secret.slice(14));
    expect(rows[0]!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    // Listed without the secret.
    const listRes = await site(t)['api-keys'].$get({}, by(a));
    const listText = await listRes.text();
    expect(listText).not.toContain(created.secret);
    expect(JSON.parse(listText)).toMatchObject({
      canCreate: true,
      tier: 'Pro',
      keys: [{ id: created.key.id, name: 'Zapier', prefix: created.key.prefix }],
    });

    const usage = await api(t, '/v1/usage', { key: created.secret });
    expect(usage.status).toBe(200);
    expect(await usage.json()).toMatchObject({
      plan: 'Pro',
      balance: 15_000,
      monthly_limit: 15_000,
      request_limit: 1_500,
      rate_limits: {
        requests_per_minute: API_KEY_LIMITS.Pro.requestsPerMinute,
        concurrent_requests: API_KEY_LIMITS.Pro.concurrent,
      },
    });
    const used = await (await site(t)['api-keys'].$get({}, by(a))).json();
    expect(used.keys[0]!.last_used_at).not.toBeNull();

    const revoked = await site(t)['api-keys'][':id'].$delete({ param: { id: created.key.id } }, by(a));
    expect(revoked.status).toBe(200);
    expect((await (await site(t)['api-keys'].$get({}, by(a))).json()).keys).toEqual([]);
    const after = await api(t, '/v1/usage', { key: created.secret });
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ error: { code: 'UNAUTHORIZED', message: API_MSG.revokedKey } });
    expect((await site(t)['api-keys'][':id'].$delete({ param: { id: created.key.id } }, by(a))).status).toBe(404);
  });

  it('checks names, caps the number of keys, and keeps the key endpoints to signed-in owners on this site', async () => {
    const u = await t.newUser();
    await setPlan(t, u, 'Basic', 5_000);
    for (const name of ['', '   ', 'x'.repeat(61)]) {
      const r = await site(t)['api-keys'].$post({ json: { name } }, by(u));
      expect(r.status).toBe(400);
      expect(apiErrorResponse.parse(await r.json()).error.code).toBe('VALIDATION');
    }
    for (let i = 0; i < 10; i++) await newKey(t, u, `k${i}`);
    const over = await site(t)['api-keys'].$post({ json: { name: 'eleventh' } }, by(u));
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({ error: { code: 'API_KEY_LIMIT', message: API_MSG.keyLimit(10) } });
    expect((await site(t)['api-keys'].$get()).status).toBe(401);
    expect((await site(t)['api-keys'].$post({ json: { name: 'x' } })).status).toBe(401);
    const foreign = await site(t)['api-keys'].$post(
      { json: { name: 'x' } },
      { headers: { cookie: u.cookie, origin: 'https://evil.example' } },
    );
    expect(foreign.status).toBe(403);
    expect((await site(t)['api-keys'][':id'].$delete({ param: { id: 'not-a-uuid' } }, by(u))).status).toBe(404);
  });

  it('answers every refusal with its status, code and message', async () => {
    const u = await t.newUser();
    await setPlan(t, u, 'Pro', 15_000);
    const { secret } = await newKey(t, u);
    const text = words(60);
    const cases: [string, Parameters<typeof api>[2], number, string, string?][] = [
      ['no key', { body: { text, mode: 'lightning' } }, 401, 'UNAUTHORIZED', API_MSG.missingKey],
      [
        'not bearer',
        { body: { text, mode: 'lightning' }, headers: { authorization: `Basic ${secret}` } },
        401,
        'UNAUTHORIZED',
        API_MSG.missingKey,
      ],
      [
        'unknown key',
        { key: `ps_live_${'A'.repeat(43)}`, body: { text, mode: 'lightning' } },
        401,
        'UNAUTHORIZED',
        API_MSG.unknownKey,
      ],
      ['garbage key', { key: 'hello', body: { text, mode: 'lightning' } }, 401, 'UNAUTHORIZED', API_MSG.unknownKey],
      [
        'over the cap',
        { key: secret, body: { text: words(1_501), mode: 'lightning' } },
        422,
        'WORD_LIMIT_EXCEEDED',
        MSG.limitExceeded(1_500, 'Pro'),
      ],
      [
        'under the minimum',
        { key: secret, body: { text: words(20), mode: 'deep' } },
        422,
        'MIN_WORDS',
        MSG.minWordsText,
      ],
      [
        'detect over the cap',
        { key: secret, body: { text: words(1_501) } },
        422,
        'WORD_LIMIT_EXCEEDED',
        MSG.aiCheckLimitExceeded(1_500, 'Pro'),
      ],
      ['malformed JSON', { key: secret, headers: { 'content-type': 'application/json' } }, 400, 'BAD_REQUEST'],
      ['bad mode', { key: secret, body: { text, mode: 'turbo' } }, 400, 'VALIDATION'],
      ['bad idempotency key', { key: secret, body: { text, mode: 'deep' }, idem: 'x'.repeat(300) }, 400, 'VALIDATION'],
    ];
    for (const [what, opts, status, code, message] of cases) {
      const path = what.startsWith('detect') ? '/v1/detect' : '/v1/humanize';
      const r =
        what === 'malformed JSON'
          ? await t.req(path, {
              rawBody: '{nope',
              headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
            })
          : await api(t, path, opts);
      expect(r.status, what).toBe(status);
      const j = apiErrorResponse.parse(await r.json());
      expect(j.error.code, what).toBe(code);
      if (message) expect(j.error.message, what).toBe(message);
      else expect(j.error.message.length, what).toBeGreaterThan(5);
    }
    const big = await t.req('/v1/humanize', {
      rawBody: JSON.stringify({ text: 'a '.repeat(200_000), mode: 'deep' }),
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    });
    expect(big.status).toBe(413);
    expect(apiErrorResponse.parse(await big.json()).error.code).toBe('PAYLOAD_TOO_LARGE');

    // Over balance: the web app's 402 and message; nothing charged.
    await setPlan(t, u, 'Pro', 10);
    const poor = await api(t, '/v1/humanize', { key: secret, body: { text, mode: 'lightning' } });
    expect(poor.status).toBe(402);
    expect(await poor.json()).toMatchObject({
      error: { code: 'INSUFFICIENT_BALANCE', message: MSG.insufficient(60, 10) },
    });
    expect(await balanceOf(t, u)).toBe(10);

    // Back on the Free plan, the key stops opening the API.
    await setPlan(t, u, 'FREE', 250);
    for (const [path, body] of [
      ['/v1/usage', undefined],
      ['/v1/humanize', { text, mode: 'lightning' }],
      ['/v1/detect', { text }],
    ] as const) {
      const r = await api(t, path, { key: secret, body });
      expect(r.status, path).toBe(403);
      expect(await r.json()).toMatchObject({ error: { code: 'PLAN_REQUIRED', message: API_MSG.apiNeedsPaidPlan } });
    }
    expect(await balanceOf(t, u)).toBe(250);
    expect((await api(t, '/v1/nothing', { key: secret })).status).toBe(403);
  });

  it('humanizes exactly as the web app does, charged to the key owner and saved to their history', async () => {
    const u = await t.newUser();
    await setPlan(t, u, 'Pro', 15_000);
    const { secret } = await newKey(t, u);
    const text = `${words(70)} We utilize tools.`;
    const web = await site(t).functions['humanize-text'].$post(
      { json: { text, mode: 'deep', useSecondPrompt: false } },
      by(u),
    );
    const viaApi = await api(t, '/v1/humanize', { key: secret, body: { text, mode: 'deep' } });
    expect(web.status).toBe(200);
    expect(viaApi.status).toBe(200);
    // The website's answer is written pre-serialised, so AppType has no type for it: both are read by schema.
    const w = humanizeAnswer.parse(await web.json());
    const p = humanizeAnswer.parse(await viaApi.json());
    expect({ ...p, transformation_id: null, remaining_balance: 0 }).toEqual({
      ...w,
      transformation_id: null,
      remaining_balance: 0,
    });
    expect(p.humanized_text).toContain('We use tools.');
    expect(p.words_charged).toBe(73);
    expect(p.remaining_balance).toBe(15_000 - 2 * 73);
    expect(await balanceOf(t, u)).toBe(15_000 - 2 * 73);
    const saved = await t.deps.db.select().from(transformations).where(eq(transformations.user_id, u.id));
    expect(saved.map((s) => s.id).sort()).toEqual([w.transformation_id, p.transformation_id].sort());

    const det = await api(t, '/v1/detect', { key: secret, body: { text } });
    expect(det.status).toBe(200);
    const webCheck = await site(t)['ai-check'].$post({ json: { text } }, by(u));
    expect(await det.json()).toEqual(await webCheck.json());
    expect(await balanceOf(t, u)).toBe(15_000 - 2 * 73);
  });

  it("uses the options an API call sends, or the defaults, never the web app's saved ones", async () => {
    const u = await t.newUser();
    await setPlan(t, u, 'Pro', 15_000);
    const { secret } = await newKey(t, u);
    const engine = t.deps.engine as ReturnType<typeof inlineEngine>;
    const saved = await site(t).functions['writing-options'].$post(
      { json: { tone: 'casual', readingLevel: 'simple', keep: ['Acme Corp'] } },
      by(u),
    );
    expect(saved.status).toBe(200);
    const text = `${words(60, 'x')} We utilize tools.`;
    expect((await api(t, '/v1/humanize', { key: secret, body: { text, mode: 'lightning' } })).status).toBe(200);
    expect(engine.calls.at(-1)).toMatchObject({ writing: { tone: 'neutral', readingLevel: 'standard' }, keep: [] });
    const sent = await api(t, '/v1/humanize', {
      key: secret,
      body: { text, mode: 'lightning', tone: 'casual', keep: ['utilize tools'] },
    });
    expect(sent.status).toBe(200);
    expect(engine.calls.at(-1)).toMatchObject({
      writing: { tone: 'casual', readingLevel: 'standard' },
      keep: ['utilize tools'],
    });
    // The API calls did not change what the web app remembers, and the web app still uses it.
    const web = await (await site(t)['writing-options'].$get({}, by(u))).json();
    expect(web).toEqual({ tone: 'casual', readingLevel: 'simple', keep: ['Acme Corp'] });
    const onWeb = await site(t).functions['humanize-text'].$post({ json: { text, mode: 'lightning' } }, by(u));
    expect(onWeb.status).toBe(200);
    expect(engine.calls.at(-1)).toMatchObject({
      writing: { tone: 'casual', readingLevel: 'simple' },
      keep: ['Acme Corp'],
    });
  });

  it('replays a retried request with the same Idempotency-Key and never charges twice', async () => {
    const engine = t.deps.engine as ReturnType<typeof inlineEngine>;
    const u = await t.newUser();
    await setPlan(t, u, 'Basic', 5_000);
    const { secret } = await newKey(t, u);
    const body = { text: words(55, 'i'), mode: 'lightning' as const };
    const calls = engine.calls.length;
    const first = await api(t, '/v1/humanize', { key: secret, body, idem: 'order-1' });
    expect(first.status).toBe(200);
    const firstBody = await first.text();
    // The same body with its keys in another order and the default spelled out is the same request.
    const again = await api(t, '/v1/humanize', {
      key: secret,
      body: { mode: 'lightning', useSecondPrompt: false, text: body.text },
      idem: 'order-1',
    });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(firstBody);
    expect(engine.calls.length).toBe(calls + 1);
    expect(await balanceOf(t, u)).toBe(5_000 - 55);
    const other = await api(t, '/v1/humanize', { key: secret, body: { ...body, mode: 'deep' }, idem: 'order-1' });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({
      error: { code: 'IDEMPOTENCY_KEY_REUSED', message: API_MSG.idempotencyReused },
    });
    // The same key on another endpoint is another request.
    const det = await api(t, '/v1/detect', { key: secret, body: { text: body.text }, idem: 'order-1' });
    expect(det.status).toBe(422);

    // A refused request does not keep its key: after topping up, the same key runs.
    await setPlan(t, u, 'Basic', 10);
    const poor = await api(t, '/v1/humanize', { key: secret, body, idem: 'order-2' });
    expect(poor.status).toBe(402);
    await setPlan(t, u, 'Basic', 100);
    const paid = await api(t, '/v1/humanize', { key: secret, body, idem: 'order-2' });
    expect(paid.status).toBe(200);
    expect(paid.headers.get('idempotent-replayed')).toBeNull();
    expect(await balanceOf(t, u)).toBe(45);

    // Keys are per owner: another user's identical key is their own request.
    await setPlan(t, b, 'Basic', 5_000);
    const bKey = await newKey(t, b);
    const theirs = await api(t, '/v1/humanize', { key: bKey.secret, body, idem: 'order-1' });
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(await balanceOf(t, b)).toBe(5_000 - 55);
  });

  it('keeps each key to its owner: no other user is read, charged or revoked', async () => {
    const c = await t.newUser();
    const d = await t.newUser();
    await setPlan(t, c, 'Ultra', 30_000);
    await setPlan(t, d, 'Pro', 15_000);
    const cKey = await newKey(t, c, 'c');
    const dKey = await newKey(t, d, 'd');
    // d cannot revoke c's key, nor see it.
    expect((await site(t)['api-keys'][':id'].$delete({ param: { id: cKey.key.id } }, by(d))).status).toBe(404);
    const dList = await (await site(t)['api-keys'].$get({}, by(d))).json();
    expect(dList.keys.map((k) => k.id)).toEqual([dKey.key.id]);
    expect((await api(t, '/v1/usage', { key: cKey.secret })).status).toBe(200);
    // c's key charges c only and writes to c's history only.
    const r = await api(t, '/v1/humanize', { key: cKey.secret, body: { text: words(80, 'c'), mode: 'deep' } });
    expect(r.status).toBe(200);
    expect(await balanceOf(t, c)).toBe(30_000 - 80);
    expect(await balanceOf(t, d)).toBe(15_000);
    expect(await (await api(t, '/v1/usage', { key: dKey.secret })).json()).toMatchObject({
      plan: 'Pro',
      balance: 15_000,
    });
    expect((await (await site(t).transformations.$get({ query: {} }, by(d))).json()).items).toHaveLength(0);
    // A key opens only /v1; a session opens only the site.
    const bearer = { headers: { authorization: `Bearer ${cKey.secret}` } };
    expect((await site(t).transformations.$get({ query: {} }, bearer)).status).toBe(401);
    expect((await site(t)['api-keys'].$get({}, bearer)).status).toBe(401);
    const withCookie = await t.req('/v1/usage', { cookie: c.cookie });
    expect(withCookie.status).toBe(401);
    // Deleting the account removes its keys.
    await t.deps.db.delete(subscribers).where(eq(subscribers.user_id, c.id));
    const { user } = await import('../../db/schema');
    await t.deps.db.delete(user).where(eq(user.id, c.id));
    expect((await api(t, '/v1/usage', { key: cKey.secret })).status).toBe(401);
  });

  it('publishes an OpenAPI 3.1 document from the validating schemas, and the reference page', async () => {
    const r = await t.req('/api/openapi.json');
    expect(r.status).toBe(200);
    const doc = openApiDocument.parse(await r.json());
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0]!.url).toBe('http://localhost:3999');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/v1/detect',
      '/v1/humanize',
      '/v1/transformations/{id}/export.docx',
      '/v1/usage',
    ]);
    expect(doc.components.securitySchemes.apiKey!.scheme).toBe('bearer');
    const req = doc.components.schemas.HumanizeRequest!;
    expect(req.properties?.mode?.enum).toEqual([...HUMANIZE_MODES]);
    expect(req.properties?.text?.maxLength).toBe(MAX_TEXT_CHARS);
    expect(req.required).toEqual(expect.arrayContaining(['text', 'mode']));
    const hum = doc.paths['/v1/humanize']!.post!;
    expect(Object.keys(hum.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '402', '403', '413', '422', '429']),
    );
    // The per-key rate: its headers on success and on 429, and the plans' numbers in the description.
    for (const p of ['/v1/humanize', '/v1/detect', '/v1/transformations/{id}/export.docx']) {
      const responses = (doc.paths[p]!.post ?? doc.paths[p]!.get)!.responses;
      expect(Object.keys(responses['200']!.headers ?? {}).sort(), p).toEqual([
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
      ]);
      expect(Object.keys(responses['429']!.headers ?? {}).sort(), p).toEqual([
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
        'Retry-After',
      ]);
    }
    expect(JSON.stringify(hum.responses['429'])).toContain('CONCURRENCY_LIMITED');
    for (const tier of ['Basic', 'Pro', 'Ultra'] as const)
      expect(doc.info.description).toContain(
        `| ${tier} | ${API_KEY_LIMITS[tier].requestsPerMinute} | ${API_KEY_LIMITS[tier].concurrent} |`,
      );
    expect(doc.info.description).not.toContain('share one rate limit');
    for (const p of ['/v1/humanize', '/v1/detect', '/v1/usage']) {
      const op = Object.values(doc.paths[p]!)[0]!;
      expect(op['x-codeSamples']?.map((s) => s.label)).toEqual(['curl', 'JavaScript', 'Python']);
      expect(op['x-codeSamples']?.[0]?.source).toContain(`http://localhost:3999${p}`);
    }

    const page = await t.req('/docs/api');
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const htmlText = await page.text();
    expect(htmlText.match(/<script[^>]*>/g)).toEqual([
      '<script src="/docs/api/scalar.js?v=1">',
      '<script src="/docs/api/init.js?v=1">',
    ]);
    const bundle = await t.req('/docs/api/scalar.js', { headers: { 'accept-encoding': 'br' } });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-encoding')).toBe('br');
    const plain = await (await t.req('/docs/api/scalar.js')).text();
    expect(plain.length).toBeGreaterThan(1_000_000);
    expect(plain).not.toContain('fonts.scalar.com');
    const init = await t.req('/docs/api/init.js');
    expect(await init.text()).toContain('"url":"/api/openapi.json"');
  });
});

describe.each(DB_KINDS)("the public API's rate per key on %s", (kind) => {
  /** A product on its own database with the limiters on and a clock the test moves. */
  async function limited(engine = inlineEngine()) {
    const database = await createTestDatabase(kind);
    const clock = { t: Date.UTC(2026, 10, 1, 12) };
    const t = await createTestProduct({ database, engine, now: () => new Date(clock.t) });
    return { t, clock, engine, database };
  }
  const rateHeaders = (r: Response) => ({
    limit: r.headers.get('ratelimit-limit'),
    remaining: r.headers.get('ratelimit-remaining'),
    reset: r.headers.get('ratelimit-reset'),
  });
  async function historyCount(t: TestProduct, u: User) {
    return (await t.deps.db.select().from(transformations).where(eq(transformations.user_id, u.id))).length;
  }

  it("admits a key's plan's rewrites per minute; the next is 429 with Retry-After, named, and charges nothing", async () => {
    const { t, clock, engine } = await limited();
    try {
      const u = await t.newUser();
      await setPlan(t, u, 'Basic', 5_000);
      const { secret } = await newKey(t, u);
      const body = { text: words(60), mode: 'lightning' };
      const minute = API_KEY_LIMITS.Basic.requestsPerMinute;
      expect(minute).toBeGreaterThanOrEqual(20);
      for (let i = 0; i < minute; i++) {
        const r = await api(t, '/v1/humanize', { key: secret, body, ...(i % 2 ? { idem: `quick-${i}` } : {}) });
        expect(r.status, `request ${i + 1}`).toBe(200);
        expect(rateHeaders(r)).toEqual({
          limit: String(minute),
          remaining: String(minute - 1 - i),
          reset: String(60 - i),
        });
        clock.t += 1_000;
      }
      expect(await balanceOf(t, u)).toBe(5_000 - minute * 60);
      const calls = engine.calls.length;
      const history = await historyCount(t, u);

      // The 21st within the minute (20 s after the first): refused for the 40 s left, before any work.
      const over = await api(t, '/v1/humanize', { key: secret, body, idem: 'late' });
      expect(over.status).toBe(429);
      expect(over.headers.get('retry-after')).toBe('40');
      expect(rateHeaders(over)).toEqual({ limit: String(minute), remaining: '0', reset: '40' });
      expect(await over.json()).toEqual({
        error: {
          code: 'RATE_LIMITED',
          message: API_MSG.rateLimited(minute, 'rewrites', 40),
          retryAfter: 40,
          details: { limit: 'requests_per_minute', max: minute, window_seconds: 60 },
        },
      });
      clock.t += 39_000;
      const still = await api(t, '/v1/humanize', { key: secret, body });
      expect(still.status).toBe(429);
      expect(still.headers.get('retry-after')).toBe('1');
      // Nothing charged, run or saved for the refused requests.
      expect(await balanceOf(t, u)).toBe(5_000 - minute * 60);
      expect(engine.calls.length).toBe(calls);
      expect(await historyCount(t, u)).toBe(history);
      // Nor does a refused request keep a place among those running.
      const running = await t.deps.db.execute(sql`SELECT key FROM rate_limit WHERE key LIKE 'pl:api-run:%'`);
      expect(rowsOf(running)).toEqual([]);

      // Checks have their own count; another key of the same account has its own rate.
      const check = await api(t, '/v1/detect', { key: secret, body: { text: body.text } });
      expect(check.status).toBe(200);
      expect(rateHeaders(check)).toEqual({ limit: String(minute), remaining: String(minute - 1), reset: '60' });
      const second = await newKey(t, u, 'second');
      const other = await api(t, '/v1/humanize', { key: second.secret, body });
      expect(other.status).toBe(200);
      expect(rateHeaders(other).remaining).toBe(String(minute - 1));

      // When the minute is over the key starts again, and the refused request's Idempotency-Key was not kept.
      clock.t += 1_000;
      const next = await api(t, '/v1/humanize', { key: secret, body, idem: 'late' });
      expect(next.status).toBe(200);
      expect(next.headers.get('idempotent-replayed')).toBeNull();
      expect(rateHeaders(next)).toEqual({ limit: String(minute), remaining: String(minute - 1), reset: '60' });
      expect(await balanceOf(t, u)).toBe(5_000 - (minute + 2) * 60);

      // The rate follows the plan, and GET /v1/usage tells it.
      await setPlan(t, u, 'Ultra', 30_000);
      const ultra = await api(t, '/v1/humanize', { key: secret, body });
      expect(rateHeaders(ultra).limit).toBe(String(API_KEY_LIMITS.Ultra.requestsPerMinute));
      expect(await (await api(t, '/v1/usage', { key: secret })).json()).toMatchObject({
        plan: 'Ultra',
        rate_limits: {
          requests_per_minute: API_KEY_LIMITS.Ultra.requestsPerMinute,
          concurrent_requests: API_KEY_LIMITS.Ultra.concurrent,
        },
      });
    } finally {
      await t.close();
    }
  });

  it('counts Word exports on their own: the next one over the minute is 429, named, and rewrites still run', async () => {
    const { t, clock } = await limited();
    try {
      const u = await t.newUser();
      await setPlan(t, u, 'Basic', 5_000);
      const { secret } = await newKey(t, u);
      const made = await api(t, '/v1/humanize', { key: secret, body: { text: words(60), mode: 'lightning' } });
      expect(made.status).toBe(200);
      const { transformation_id: id } = (await made.json()) as { transformation_id: string };
      const path = `/v1/transformations/${id}/export.docx?changes=tracked`;
      const minute = API_KEY_LIMITS.Basic.requestsPerMinute;
      for (let i = 0; i < minute; i++) {
        const r = await api(t, path, { key: secret });
        expect(r.status, `export ${i + 1}`).toBe(200);
        expect(r.headers.get('content-type')).toContain('wordprocessingml');
        expect(rateHeaders(r)).toEqual({
          limit: String(minute),
          remaining: String(minute - 1 - i),
          reset: String(60 - i),
        });
        clock.t += 1_000;
      }
      const over = await api(t, path, { key: secret });
      expect(over.status).toBe(429);
      expect(over.headers.get('retry-after')).toBe('40');
      expect(await over.json()).toEqual({
        error: {
          code: 'RATE_LIMITED',
          message: API_MSG.rateLimited(minute, 'Word exports', 40),
          retryAfter: 40,
          details: { limit: 'requests_per_minute', max: minute, window_seconds: 60 },
        },
      });
      // Rewrites have their own count.
      const rewrite = await api(t, '/v1/humanize', { key: secret, body: { text: words(60), mode: 'lightning' } });
      expect(rewrite.status).toBe(200);
      expect(rateHeaders(rewrite).remaining).toBe(String(minute - 2));
    } finally {
      await t.close();
    }
  });

  it('counts a replayed idempotent request once', async () => {
    const { t, engine } = await limited();
    try {
      const u = await t.newUser();
      await setPlan(t, u, 'Basic', 5_000);
      const { secret } = await newKey(t, u);
      const minute = API_KEY_LIMITS.Basic.requestsPerMinute;
      const body = { text: words(60, 'r'), mode: 'lightning' };
      const first = await api(t, '/v1/humanize', { key: secret, body, idem: 'order-1' });
      expect(first.status).toBe(200);
      expect(rateHeaders(first).remaining).toBe(String(minute - 1));
      // More replays than the minute allows requests: each is the stored answer, none counted or charged.
      for (let i = 0; i < minute + 5; i++) {
        const again = await api(t, '/v1/humanize', { key: secret, body, idem: 'order-1' });
        expect(again.status, `replay ${i + 1}`).toBe(200);
        expect(again.headers.get('idempotent-replayed')).toBe('true');
      }
      const fresh = await api(t, '/v1/humanize', { key: secret, body, idem: 'order-2' });
      expect(fresh.status).toBe(200);
      expect(rateHeaders(fresh).remaining).toBe(String(minute - 2));
      expect(engine.calls).toHaveLength(2);
      expect(await balanceOf(t, u)).toBe(5_000 - 2 * 60);
    } finally {
      await t.close();
    }
  });

  it("refuses a rewrite beyond the key's plan's running at once, across two servers, and charges it nothing", async () => {
    const database = await createTestDatabase(kind);
    const engine = inlineEngine({ delayMs: 600 });
    const t1 = await createTestProduct({ database, engine });
    const t2 = await createTestProduct({ database, engine });
    try {
      const u = await t1.newUser();
      await setPlan(t1, u, 'Basic', 5_000);
      const { secret } = await newKey(t1, u);
      const most = API_KEY_LIMITS.Basic.concurrent;
      const body = { text: words(60, 'c'), mode: 'lightning' };
      const results = await Promise.all(
        Array.from({ length: most + 3 }, (_, i) => api(i % 2 ? t2 : t1, '/v1/humanize', { key: secret, body })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([...Array<number>(most).fill(200), 429, 429, 429]);
      const refused = results.find((r) => r.status === 429)!;
      expect(refused.headers.get('retry-after')).toBe(String(API_CONCURRENCY_RETRY_AFTER_S));
      expect(await refused.json()).toEqual({
        error: {
          code: 'CONCURRENCY_LIMITED',
          message: API_MSG.concurrencyLimited(most, 'rewrites'),
          retryAfter: API_CONCURRENCY_RETRY_AFTER_S,
          details: { limit: 'concurrent_requests', max: most },
        },
      });
      expect(engine.calls).toHaveLength(most);
      expect(await balanceOf(t1, u)).toBe(5_000 - most * 60);
      // The refused request took no place in the minute's count either.
      const remaining = results.filter((r) => r.status === 200).map((r) => Number(rateHeaders(r).remaining));
      expect(remaining.sort((a, b) => a - b)).toEqual(
        Array.from({ length: most }, (_, i) => API_KEY_LIMITS.Basic.requestsPerMinute - most + i),
      );
      // Finished requests give their places back, on either server; checks run beside rewrites.
      const [after, check] = await Promise.all([
        api(t2, '/v1/humanize', { key: secret, body }),
        api(t1, '/v1/detect', { key: secret, body: { text: body.text } }),
      ]);
      expect(after.status).toBe(200);
      expect(check.status).toBe(200);
      // A failed rewrite gives its place back too.
      await setPlan(t1, u, 'Basic', 10);
      for (let i = 0; i < most + 1; i++)
        expect((await api(t1, '/v1/humanize', { key: secret, body })).status).toBe(402);
      await setPlan(t1, u, 'Basic', 5_000);
      expect((await api(t1, '/v1/humanize', { key: secret, body })).status).toBe(200);
    } finally {
      await t1.close();
      await t2.close().catch(() => {});
    }
  });

  it("keeps the website's cooldown for the web app, and the API no longer waits on it", async () => {
    const { t, clock } = await limited();
    try {
      const u = await t.newUser();
      await setPlan(t, u, 'Pro', 15_000);
      const { secret } = await newKey(t, u);
      const body = { text: words(60, 'w'), mode: 'lightning' as const };
      const web = () => site(t).functions['humanize-text'].$post({ json: body }, by(u));
      expect((await web()).status).toBe(200);
      // Right after a website rewrite the API runs, several times.
      for (let i = 0; i < 3; i++) expect((await api(t, '/v1/humanize', { key: secret, body })).status).toBe(200);
      // The website still allows one rewrite per 3 s per account (spec section 5).
      clock.t += 1_000;
      const soon = await web();
      expect(soon.status).toBe(429);
      expect(soon.headers.get('retry-after')).toBe(String(RATE_LIMITS.humanizeMs / 1000 - 1));
      expect(await soon.json()).toMatchObject({
        error: { code: 'RATE_LIMITED', message: MSG.pleaseWait(2), retryAfter: 2 },
      });
      // API rewrites do not start the website's wait: 3 s after its last rewrite it runs again.
      clock.t += 2_000;
      expect((await api(t, '/v1/humanize', { key: secret, body })).status).toBe(200);
      expect((await web()).status).toBe(200);
      // The same for checks: the website's one per 2 s stays, the API checks beside it.
      const webCheck = () => site(t)['ai-check'].$post({ json: { text: body.text } }, by(u));
      expect((await webCheck()).status).toBe(200);
      expect((await api(t, '/v1/detect', { key: secret, body: { text: body.text } })).status).toBe(200);
      const checkSoon = await webCheck();
      expect(checkSoon.status).toBe(429);
      expect(await checkSoon.json()).toMatchObject({ error: { code: 'RATE_LIMITED', message: MSG.aiCheckWait(2) } });
      expect(await balanceOf(t, u)).toBe(15_000 - 6 * 60);
    } finally {
      await t.close();
    }
  });
});

describe('the public API on several servers', () => {
  it('concurrent retries with one Idempotency-Key, on two servers sharing the database, are charged once', async () => {
    const database = await createTestDatabase('pglite');
    const engine = inlineEngine({ delayMs: 150 });
    const t1 = await createTestProduct({ database, engine, env: { RATE_LIMITS: 'off' } });
    const t2 = await createTestProduct({ database, engine, env: { RATE_LIMITS: 'off' } });
    try {
      const u = await t1.newUser();
      await setPlan(t1, u, 'Pro', 1_000);
      const { secret } = await newKey(t1, u);
      const body = { text: words(100, 'cc'), mode: 'deep' };
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          api(i % 2 ? t2 : t1, '/v1/humanize', { key: secret, body, idem: 'same-order' }),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
      for (const r of results.filter((x) => x.status === 409)) {
        expect(r.headers.get('retry-after')).toBe('1');
        expect(apiErrorResponse.parse(await r.json()).error).toMatchObject({
          code: 'IDEMPOTENCY_IN_PROGRESS',
          message: API_MSG.idempotencyInProgress,
        });
      }
      const winner = await results.find((r) => r.status === 200)!.text();
      expect(engine.calls).toHaveLength(1);
      expect(await balanceOf(t1, u)).toBe(900);
      // Retried afterwards on either server: the stored answer, still charged once.
      for (const t of [t1, t2]) {
        const retry = await api(t, '/v1/humanize', { key: secret, body, idem: 'same-order' });
        expect(retry.status).toBe(200);
        expect(await retry.text()).toBe(winner);
      }
      expect(await balanceOf(t1, u)).toBe(900);
      const rows = await t1.deps.db.select().from(api_idempotency).where(eq(api_idempotency.user_id, u.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.response_status).toBe(200);
    } finally {
      await t1.close();
      await t2.close().catch(() => {});
    }
  });
});
