import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import { MSG, apiErrorResponse, apiHumanizeResponse } from '@plainspoken/shared';
import { DB_KINDS, createTestDatabase, createTestProduct, inlineEngine, type TestProduct } from '../../test/harness';
import { subscribers, transformations } from '../../db/schema';

const by = (cookie: string) => ({ headers: { cookie } });

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i % 37}`).join(' ');

describe.each(DB_KINDS)('humanize flow on %s', (kind) => {
  let t: TestProduct;
  let a: { email: string; cookie: string; id: string };
  let b: { email: string; cookie: string; id: string };
  beforeAll(async () => {
    t = await createTestProduct({ kind, env: { RATE_LIMITS: 'off' } });
    a = await t.newUser();
    b = await t.newUser();
  });
  afterAll(async () => t.close());
  const api = () => testClient(t.app).api;

  it('checks the balance against the tier cap', async () => {
    const ok = await api().functions['check-balance'].$post({ json: { word_count: 100 } }, by(a.cookie));
    expect(await ok.json()).toEqual({
      subscriptionTier: 'FREE',
      currentBalance: 250,
      requestLimit: 250,
      canProcess: true,
      exceedsRequestLimit: false,
    });
    const over = await api().functions['check-balance'].$post({ json: { word_count: 251 } }, by(a.cookie));
    expect(await over.json()).toMatchObject({ canProcess: false, exceedsRequestLimit: true });
  });

  it('rewrites, charges the words, saves the transformation, and lists it in history', async () => {
    const text = words(60);
    const r = await api().functions['humanize-text'].$post(
      { json: { text, mode: 'lightning', useSecondPrompt: false } },
      by(a.cookie),
    );
    expect(r.status).toBe(200);
    // humanize-text answers with a prepared JSON string, so its type comes from the shared response schema.
    const body = apiHumanizeResponse.parse(await r.json());
    expect(body).toMatchObject({ saved: true, words_charged: 60, remaining_balance: 190, engine: 'local' });
    const hist = await (await api().transformations.$get({ query: {} }, by(a.cookie))).json();
    expect(hist.items[0]).toMatchObject({ id: body.transformation_id, original_text: text });
    const sub = await (await api().subscription.$get({}, by(a.cookie))).json();
    expect(sub.currentBalance).toBe(190);
    // track-usage never charges again and is idempotent
    const transformation_id = body.transformation_id ?? '';
    const tu1 = await api().functions['track-usage'].$post(
      { json: { transformation_id, words_used: 60 } },
      by(a.cookie),
    );
    expect(tu1.status).toBe(200);
    const tu2 = await api().functions['track-usage'].$post(
      { json: { transformation_id, words_used: 60 } },
      by(a.cookie),
    );
    expect(await tu2.json()).toMatchObject({ tracked: false, charged: 0 });
    const sub2 = await (await api().subscription.$get({}, by(a.cookie))).json();
    expect(sub2.currentBalance).toBe(190);
  });

  it("'Humanize again' hands the engine the caller's previous result for that text, never another user's", async () => {
    const engine = t.deps.engine as ReturnType<typeof inlineEngine>;
    const c = await t.newUser();
    const d = await t.newUser();
    const text = `${words(55)} again`;
    const go = (cookie: string, useSecondPrompt: boolean) =>
      api()
        .functions['humanize-text'].$post({ json: { text, mode: 'deep', useSecondPrompt } }, by(cookie))
        .then(async (r) => {
          expect(r.status).toBe(200);
          return apiHumanizeResponse.parse(await r.json());
        });
    const first = await go(c.cookie, false);
    expect(engine.calls.at(-1)).toMatchObject({ secondPass: false, avoidText: undefined });
    const again = await go(c.cookie, true);
    expect(engine.calls.at(-1)).toMatchObject({ secondPass: true, avoidText: first.humanized_text });
    expect(again.humanized_text).not.toBe(first.humanized_text);
    await go(c.cookie, true);
    expect(engine.calls.at(-1)?.avoidText).toBe(again.humanized_text);
    // Another user asking to humanize the same text again gets no hint from c's history.
    await go(d.cookie, true);
    expect(engine.calls.at(-1)).toMatchObject({ secondPass: true, avoidText: undefined });
  });

  it('counts words glued with invisible characters one by one: no cap or balance is bypassed', async () => {
    const glued = Array.from({ length: 50 }, (_, g) =>
      Array.from({ length: 12 }, (_, i) => `word${g * 12 + i}`).join('\u200B'),
    ).join(' ');
    const r = await api().functions['humanize-text'].$post({ json: { text: glued, mode: 'lightning' } }, by(b.cookie));
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({
      error: { code: 'WORD_LIMIT_EXCEEDED', message: MSG.limitExceeded(250, 'Free') },
    });
    const huge = Array.from({ length: 50 }, () => 'x'.repeat(1_000)).join(' ');
    const h = await api().functions['humanize-text'].$post({ json: { text: huge, mode: 'lightning' } }, by(b.cookie));
    expect(h.status).toBe(400);
    expect(apiErrorResponse.parse(await h.json()).error.code).toBe('WORD_LIMIT_EXCEEDED');
    const sub = await (await api().subscription.$get({}, by(b.cookie))).json();
    expect(sub.currentBalance).toBe(250);
  });

  it('keeps users apart: nobody reads or charges another user’s transformations', async () => {
    const mine = await (await api().transformations.$get({ query: {} }, by(a.cookie))).json();
    const id = mine.items[0]!.id;
    const theirs = await (await api().transformations.$get({ query: {} }, by(b.cookie))).json();
    expect(theirs.items).toHaveLength(0);
    const track = await api().functions['track-usage'].$post(
      { json: { transformation_id: id, words_used: 60 } },
      by(b.cookie),
    );
    expect(track.status).toBe(404);
    const subB = await (await api().subscription.$get({}, by(b.cookie))).json();
    expect(subB.currentBalance).toBe(250);
    expect((await api().transformations.$get({ query: {} })).status).toBe(401);
    expect((await api().subscription.$get()).status).toBe(401);
    // An empty body is invalid for most of these; the sign-in check answers first.
    for (const fn of ['check-balance', 'humanize-text', 'track-usage', 'sync-users']) {
      expect((await t.req(`/api/functions/${fn}`, { body: {} })).status).toBe(401);
    }
  });

  it('pages history with a cursor until every row has been seen', async () => {
    const u = await t.newUser();
    await t.deps.db
      .update(subscribers)
      .set({ monthly_word_balance: 100_000, subscription_tier: 'Ultra' })
      .where(eq(subscribers.user_id, u.id));
    for (let i = 0; i < 5; i++) {
      await t.deps.db.insert(transformations).values({
        user_id: u.id,
        original_text: `o${i}`,
        transformed_text: `t${i}`,
        created_at: new Date(Date.UTC(2026, 0, 1 + (i % 2))),
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: { limit: string; cursor?: string } = cursor ? { limit: '2', cursor } : { limit: '2' };
      const page = await (await api().transformations.$get({ query }, by(u.cookie))).json();
      seen.push(...page.items.map((x) => x.original_text));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(['o0', 'o1', 'o2', 'o3', 'o4']);
    expect((await api().transformations.$get({ query: { cursor: 'garbage' } }, by(u.cookie))).status).toBe(400);
  });

  it('answers bad input with 4xx and a reason, never 500', async () => {
    const c = b.cookie;
    const cases: [string, { body?: unknown; rawBody?: string; headers?: Record<string, string> }, number, string?][] = [
      ['humanize-text', { rawBody: '{not json', headers: { 'content-type': 'application/json' } }, 400, 'BAD_REQUEST'],
      ['humanize-text', { body: {} }, 400, 'VALIDATION'],
      ['humanize-text', { body: { text: 42, mode: 'deep' } }, 400, 'VALIDATION'],
      ['humanize-text', { body: { text: words(60), mode: 'turbo' } }, 400, 'VALIDATION'],
      ['humanize-text', { body: { text: words(60), mode: 'deep', useSecondPrompt: 'yes' } }, 400, 'VALIDATION'],
      ['humanize-text', { body: { text: words(40), mode: 'lightning' } }, 400, 'MIN_WORDS'],
      ['humanize-text', { body: { text: words(251), mode: 'lightning' } }, 400, 'WORD_LIMIT_EXCEEDED'],
      [
        'humanize-text',
        {
          rawBody: JSON.stringify({ text: 'a '.repeat(500_000), mode: 'deep' }),
          headers: { 'content-type': 'application/json' },
        },
        413,
        'PAYLOAD_TOO_LARGE',
      ],
      ['check-balance', { body: { word_count: 'many' } }, 400, 'VALIDATION'],
      ['check-balance', { body: { word_count: -1 } }, 400, 'VALIDATION'],
      ['track-usage', { body: { transformation_id: 7 } }, 400, 'VALIDATION'],
      ['track-usage', { body: { transformation_id: 'not-a-uuid', words_used: 1 } }, 404, 'NOT_FOUND'],
    ];
    for (const [fn, init, status, code] of cases) {
      const r = await t.req(`/api/functions/${fn}`, { ...init, cookie: c, method: 'POST' });
      expect(r.status, `${fn} ${JSON.stringify(init.body ?? init.rawBody?.slice(0, 40))}`).toBe(status);
      const j = apiErrorResponse.parse(await r.json());
      if (code) expect(j.error.code).toBe(code);
      expect(j.error.message.length).toBeGreaterThan(5);
    }
    const limited = await api().functions['humanize-text'].$post(
      { json: { text: words(251), mode: 'lightning' } },
      by(c),
    );
    expect(apiErrorResponse.parse(await limited.json()).error.message).toBe(MSG.limitExceeded(250, 'Free'));
    expect((await t.req('/api/nothing-here')).status).toBe(404);
  });
});

describe.each(DB_KINDS)('word reservation under concurrency on %s', (kind) => {
  it('20 parallel requests with a balance for 5: exactly 5 succeed and the balance ends at 0', async () => {
    const t = await createTestProduct({ kind, env: { RATE_LIMITS: 'off' }, engine: inlineEngine({ delayMs: 20 }) });
    try {
      const u = await t.newUser();
      await t.deps.db.update(subscribers).set({ monthly_word_balance: 250 }).where(eq(subscribers.user_id, u.id));
      const text = words(50);
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          testClient(t.app).api.functions['humanize-text'].$post({ json: { text, mode: 'lightning' } }, by(u.cookie)),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 402)).toHaveLength(15);
      const row = (await t.deps.db.select().from(subscribers).where(eq(subscribers.user_id, u.id)))[0]!;
      expect(row.monthly_word_balance).toBe(0);
      const saved = await t.deps.db.select().from(transformations).where(eq(transformations.user_id, u.id));
      expect(saved).toHaveLength(5);
    } finally {
      await t.close();
    }
  });

  it('a failing engine refunds the reserved words', async () => {
    const t = await createTestProduct({ kind, env: { RATE_LIMITS: 'off' }, engine: inlineEngine({ fail: true }) });
    try {
      const u = await t.newUser();
      const r = await testClient(t.app).api.functions['humanize-text'].$post(
        { json: { text: words(80), mode: 'deep' } },
        by(u.cookie),
      );
      expect(r.status).toBe(502);
      expect(apiErrorResponse.parse(await r.json()).error.code).toBe('ENGINE_FAILED');
      const row = (await t.deps.db.select().from(subscribers).where(eq(subscribers.user_id, u.id)))[0]!;
      expect(row.monthly_word_balance).toBe(250);
    } finally {
      await t.close();
    }
  });
});

describe('server rate limits', () => {
  it('answers 429 with Retry-After and the spec message', async () => {
    let clock = Date.UTC(2026, 10, 1);
    const database = await createTestDatabase('pglite');
    const t = await createTestProduct({ database, now: () => new Date(clock) });
    try {
      const u = await t.newUser();
      const api = testClient(t.app).api.functions;
      const balance = () => api['check-balance'].$post({ json: { word_count: 60 } }, by(u.cookie));
      const humanize = () => api['humanize-text'].$post({ json: { text: words(60), mode: 'lightning' } }, by(u.cookie));
      const first = await balance();
      expect(first.status).toBe(200);
      clock += 1000;
      const second = await balance();
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).toBe('4');
      expect(apiErrorResponse.parse(await second.json()).error.message).toBe(MSG.pleaseWait(4));
      clock += 4000;
      expect((await balance()).status).toBe(200);
      const h1 = await humanize();
      expect(h1.status).toBe(200);
      const h2 = await humanize();
      expect(h2.status).toBe(429);
      expect(apiErrorResponse.parse(await h2.json()).error.message).toBe(MSG.pleaseWait(3));
    } finally {
      await t.close();
    }
  });
});
