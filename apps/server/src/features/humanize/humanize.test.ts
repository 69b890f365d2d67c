import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@plainspoken/shared';
import { DB_KINDS, createTestDatabase, createTestProduct, inlineEngine, type TestProduct } from '../../test/harness';
import { subscribers, transformations } from '../../db/schema';

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

  it('checks the balance against the tier cap', async () => {
    const ok = await t.req('/api/functions/check-balance', { body: { word_count: 100 }, cookie: a.cookie });
    expect(await ok.json()).toEqual({
      subscriptionTier: 'FREE',
      currentBalance: 250,
      requestLimit: 250,
      canProcess: true,
      exceedsRequestLimit: false,
    });
    const over = await t.req('/api/functions/check-balance', { body: { word_count: 251 }, cookie: a.cookie });
    expect(await over.json()).toMatchObject({ canProcess: false, exceedsRequestLimit: true });
  });

  it('rewrites, charges the words, saves the transformation, and lists it in history', async () => {
    const text = words(60);
    const r = await t.req('/api/functions/humanize-text', {
      body: { text, mode: 'lightning', useSecondPrompt: false },
      cookie: a.cookie,
    });
    expect(r.status).toBe(200);
    const body = (await r.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ saved: true, words_charged: 60, remaining_balance: 190, engine: 'local' });
    const hist = (await (await t.req('/api/transformations', { cookie: a.cookie })).json()) as {
      items: { id: string; original_text: string }[];
    };
    expect(hist.items[0]).toMatchObject({ id: body.transformation_id, original_text: text });
    const sub = (await (await t.req('/api/subscription', { cookie: a.cookie })).json()) as { currentBalance: number };
    expect(sub.currentBalance).toBe(190);
    // track-usage never charges again and is idempotent
    const tu1 = await t.req('/api/functions/track-usage', {
      body: { transformation_id: body.transformation_id, words_used: 60 },
      cookie: a.cookie,
    });
    expect(tu1.status).toBe(200);
    const tu2 = await t.req('/api/functions/track-usage', {
      body: { transformation_id: body.transformation_id, words_used: 60 },
      cookie: a.cookie,
    });
    expect(await tu2.json()).toMatchObject({ tracked: false, charged: 0 });
    const sub2 = (await (await t.req('/api/subscription', { cookie: a.cookie })).json()) as { currentBalance: number };
    expect(sub2.currentBalance).toBe(190);
  });

  it("'Humanize again' hands the engine the caller's previous result for that text, never another user's", async () => {
    const engine = t.deps.engine as ReturnType<typeof inlineEngine>;
    const c = await t.newUser();
    const d = await t.newUser();
    const text = `${words(55)} again`;
    const go = (cookie: string, useSecondPrompt: boolean) =>
      t
        .req('/api/functions/humanize-text', { body: { text, mode: 'deep', useSecondPrompt }, cookie })
        .then(async (r) => {
          expect(r.status).toBe(200);
          return (await r.json()) as { humanized_text: string };
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
    const r = await t.req('/api/functions/humanize-text', {
      body: { text: glued, mode: 'lightning' },
      cookie: b.cookie,
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({
      error: { code: 'WORD_LIMIT_EXCEEDED', message: MSG.limitExceeded(250, 'Free') },
    });
    const huge = Array.from({ length: 50 }, () => 'x'.repeat(1_000)).join(' ');
    const h = await t.req('/api/functions/humanize-text', {
      body: { text: huge, mode: 'lightning' },
      cookie: b.cookie,
    });
    expect(h.status).toBe(400);
    expect(((await h.json()) as { error: { code: string } }).error.code).toBe('WORD_LIMIT_EXCEEDED');
    const sub = (await (await t.req('/api/subscription', { cookie: b.cookie })).json()) as { currentBalance: number };
    expect(sub.currentBalance).toBe(250);
  });

  it('keeps users apart: nobody reads or charges another user’s transformations', async () => {
    const mine = (await (await t.req('/api/transformations', { cookie: a.cookie })).json()) as {
      items: { id: string }[];
    };
    const id = mine.items[0]!.id;
    const theirs = (await (await t.req('/api/transformations', { cookie: b.cookie })).json()) as { items: unknown[] };
    expect(theirs.items).toHaveLength(0);
    const track = await t.req('/api/functions/track-usage', {
      body: { transformation_id: id, words_used: 60 },
      cookie: b.cookie,
    });
    expect(track.status).toBe(404);
    const subB = (await (await t.req('/api/subscription', { cookie: b.cookie })).json()) as { currentBalance: number };
    expect(subB.currentBalance).toBe(250);
    for (const path of ['/api/transformations', '/api/subscription']) expect((await t.req(path)).status).toBe(401);
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
      const q: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page = (await (await t.req(`/api/transformations${q}`, { cookie: u.cookie })).json()) as {
        items: { id: string; original_text: string }[];
        nextCursor: string | null;
      };
      seen.push(...page.items.map((x) => x.original_text));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(['o0', 'o1', 'o2', 'o3', 'o4']);
    expect((await t.req('/api/transformations?cursor=garbage', { cookie: u.cookie })).status).toBe(400);
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
      const j = (await r.json()) as { error: { code: string; message: string } };
      if (code) expect(j.error.code).toBe(code);
      expect(j.error.message.length).toBeGreaterThan(5);
    }
    const limited = await t.req('/api/functions/humanize-text', {
      body: { text: words(251), mode: 'lightning' },
      cookie: c,
    });
    expect(((await limited.json()) as { error: { message: string } }).error.message).toBe(
      MSG.limitExceeded(250, 'Free'),
    );
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
          t.req('/api/functions/humanize-text', { body: { text, mode: 'lightning' }, cookie: u.cookie }),
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
      const r = await t.req('/api/functions/humanize-text', {
        body: { text: words(80), mode: 'deep' },
        cookie: u.cookie,
      });
      expect(r.status).toBe(502);
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe('ENGINE_FAILED');
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
      const first = await t.req('/api/functions/check-balance', { body: { word_count: 60 }, cookie: u.cookie });
      expect(first.status).toBe(200);
      clock += 1000;
      const second = await t.req('/api/functions/check-balance', { body: { word_count: 60 }, cookie: u.cookie });
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).toBe('4');
      expect(((await second.json()) as { error: { message: string } }).error.message).toBe(MSG.pleaseWait(4));
      clock += 4000;
      expect((await t.req('/api/functions/check-balance', { body: { word_count: 60 }, cookie: u.cookie })).status).toBe(
        200,
      );
      const h1 = await t.req('/api/functions/humanize-text', {
        body: { text: words(60), mode: 'lightning' },
        cookie: u.cookie,
      });
      expect(h1.status).toBe(200);
      const h2 = await t.req('/api/functions/humanize-text', {
        body: { text: words(60), mode: 'lightning' },
        cookie: u.cookie,
      });
      expect(h2.status).toBe(429);
      expect(((await h2.json()) as { error: { message: string } }).error.message).toBe(MSG.pleaseWait(3));
    } finally {
      await t.close();
    }
  });
});
