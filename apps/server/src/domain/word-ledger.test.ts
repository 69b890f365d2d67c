/**
 * The word ledger: a text that cannot be stored is refused before any charge; a reservation left open by
 * a request that died is refunded by the sweep (at start-up, by the daily job), never twice; and the
 * ledger reconciles: words charged = words in stored transformations + words refunded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import { apiErrorResponse, apiHumanizeResponse } from '@plainspoken/shared';
import { DB_KINDS, createTestProduct, inlineEngine, type TestProduct } from '../test/harness';
import { subscribers, word_charges } from '../db/schema';
import { runDailyJob } from './maintenance';
import { reconcileWords, refundAbandoned, refundCharge, reserveWords } from './word-ledger';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i % 37}`).join(' ');

describe.each(DB_KINDS)('word ledger on %s', (kind) => {
  let t: TestProduct;
  const balance = async (id: string) =>
    (await t.deps.db.select().from(subscribers).where(eq(subscribers.user_id, id)))[0]!.monthly_word_balance;
  beforeAll(async () => {
    t = await createTestProduct({ kind, env: { RATE_LIMITS: 'off' } });
  });
  afterAll(async () => t.close());
  const fns = (p: TestProduct) => testClient(p.app).api.functions;

  it('refuses a text with U+0000 with a 400 before charging anything', async () => {
    const u = await t.newUser();
    const r = await fns(t)['humanize-text'].$post(
      { json: { text: `${words(60)} \u0000 tail`, mode: 'lightning' } },
      { headers: { cookie: u.cookie } },
    );
    expect(r.status).toBe(400);
    // The route writes its answer pre-serialised, so AppType has no type for it: read it with the shared schema.
    const body = apiErrorResponse.parse(await r.json());
    expect(body.error.code).toBe('VALIDATION');
    expect(body.error.message).toMatch(/U\+0000/);
    expect(await balance(u.id)).toBe(250);
    expect(await t.deps.db.select().from(word_charges).where(eq(word_charges.user_id, u.id))).toHaveLength(0);
  });

  it('records a saved rewrite as a saved charge, and an engine failure as a refund', async () => {
    const u = await t.newUser();
    const ok = await fns(t)['humanize-text'].$post(
      { json: { text: words(60), mode: 'lightning' } },
      { headers: { cookie: u.cookie } },
    );
    expect(ok.status).toBe(200);
    const out = apiHumanizeResponse.parse(await ok.json());
    expect(out).toMatchObject({ saved: true, words_charged: 60 });
    const rows = await t.deps.db.select().from(word_charges).where(eq(word_charges.user_id, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ words: 60, status: 'saved', transformation_id: out.transformation_id });

    const failing = await createTestProduct({
      database: t.deps.database,
      engine: inlineEngine({ fail: true }),
      env: { RATE_LIMITS: 'off' },
    });
    const bad = await fns(failing)['humanize-text'].$post(
      { json: { text: words(70), mode: 'deep' } },
      { headers: { cookie: u.cookie } },
    );
    expect(bad.status).toBe(502);
    expect(await balance(u.id)).toBe(190);
    const after = await t.deps.db.select().from(word_charges).where(eq(word_charges.user_id, u.id));
    expect(after.map((r) => r.status).sort()).toEqual(['refunded', 'saved']);
    expect((await reconcileWords(t.deps.db)).ok).toBe(true);
  });

  it('refunds a reservation a dead request left open once it expires, exactly once, and the ledger reconciles', async () => {
    const u = await t.newUser();
    await fns(t)['check-balance'].$post({ json: { word_count: 1 } }, { headers: { cookie: u.cookie } }); // creates the row
    const now = new Date();
    // A request reserved 80 words and its process died before saving.
    const r = await reserveWords(t.deps.db, u.id, 80, 'deep', now, 60_000);
    expect(r?.remaining).toBe(170);
    let ledger = await reconcileWords(t.deps.db);
    expect(ledger).toMatchObject({ open: 1, openWords: 80, ok: true });
    expect(ledger.charged).toBe(ledger.stored + ledger.refunded + ledger.openWords);

    // Not yet expired: a live request may still save it.
    expect(await refundAbandoned(t.deps.db, new Date(now.getTime() + 30_000))).toEqual({ refunded: 0, words: 0 });
    expect(await balance(u.id)).toBe(170);
    // The daily job's sweep, after the hold: the words come back.
    const job = await runDailyJob({ ...t.deps, now: () => new Date(now.getTime() + 61_000) });
    expect(job.refunded).toBe(1);
    expect(await balance(u.id)).toBe(250);
    // Never twice: neither the sweep nor the request's own refund gives the words again.
    expect(await refundAbandoned(t.deps.db, new Date(now.getTime() + 120_000), { all: true })).toEqual({
      refunded: 0,
      words: 0,
    });
    expect(await refundCharge(t.deps.db, r!.chargeId, new Date())).toBeNull();
    expect(await balance(u.id)).toBe(250);

    ledger = await reconcileWords(t.deps.db);
    expect(ledger).toMatchObject({ open: 0, savedWithoutResult: 0, resultsWithoutCharge: 0, ok: true });
    expect(ledger.charged).toBe(ledger.stored + ledger.refunded);
  });

  it('a start-up sweep of a PGlite server refunds every open reservation (the folder had one owner)', async () => {
    const u = await t.newUser();
    await fns(t)['check-balance'].$post({ json: { word_count: 1 } }, { headers: { cookie: u.cookie } });
    await reserveWords(t.deps.db, u.id, 55, 'lightning', new Date(), 600_000);
    expect(await balance(u.id)).toBe(195);
    const r = await refundAbandoned(t.deps.db, new Date(), { all: true });
    expect(r).toEqual({ refunded: 1, words: 55 });
    expect(await balance(u.id)).toBe(250);
  });
});
