import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClient } from 'hono/testing';
import { apiErrorResponse } from '@plainspoken/shared';
import { transformations } from '../../db/schema';
import { DB_KINDS, createTestProduct, type TestProduct } from '../../test/harness';

describe.each(DB_KINDS)('history search, paging and delete on %s', (kind) => {
  let t: TestProduct;
  let me: { cookie: string; id: string };
  let other: { cookie: string; id: string };
  beforeAll(async () => {
    t = await createTestProduct({ kind, env: { RATE_LIMITS: 'off' } });
    me = await t.newUser();
    other = await t.newUser();
    const base = Date.UTC(2026, 10, 20, 9, 0, 0);
    await t.deps.db.insert(transformations).values(
      Array.from({ length: 45 }, (_, i) => ({
        user_id: me.id,
        original_text: i === 7 ? 'A note about 100% growth_rate and the harbour' : `Original number ${i} about gardens`,
        transformed_text: i === 12 ? 'Result mentions the HARBOUR lights' : `Result number ${i}`,
        mode: i % 2 ? 'deep' : 'lightning',
        words_charged: 50 + i,
        score_before: 90,
        score_after: 20 + (i % 10),
        created_at: new Date(base + i * 60_000),
      })),
    );
    await t.deps.db
      .insert(transformations)
      .values({ user_id: other.id, original_text: 'Someone else by the harbour', transformed_text: 'x' });
  });
  afterAll(async () => t.close());

  type Query = { cursor?: string; limit?: string; q?: string; mode?: 'deep' | 'lightning' };
  const by = (cookie: string) => ({ headers: { cookie } });
  const page = async (query: Query, cookie = me.cookie) => {
    const r = await testClient(t.app).api.transformations.$get({ query }, by(cookie));
    expect(r.status).toBe(200);
    return r.json();
  };

  it('pages 20 at a time, newest first, with mode, words and scores', async () => {
    const first = await page({});
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({
      original_text: 'Original number 44 about gardens',
      mode: 'lightning',
      words_charged: 94,
      score_before: 90,
      score_after: 24,
    });
    const second = await page({ cursor: String(first.nextCursor) });
    const third = await page({ cursor: String(second.nextCursor) });
    expect(third.items).toHaveLength(5);
    expect(third.nextCursor).toBeNull();
    const all = [...first.items, ...second.items, ...third.items].map((i) => i.created_at);
    expect(all).toEqual([...all].sort().reverse());
  });

  it('keeps the entries of one mode, paged and combined with a search; refuses another mode', async () => {
    const first = await page({ mode: 'deep' });
    expect(first.items).toHaveLength(20);
    expect(first.items.every((i) => i.mode === 'deep')).toBe(true);
    const second = await page({ mode: 'deep', cursor: String(first.nextCursor) });
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect((await page({ mode: 'lightning' })).items.every((i) => i.mode === 'lightning')).toBe(true);
    // Entry 7 (deep) has the harbour in its original, entry 12 (lightning) in its result.
    expect((await page({ mode: 'deep', q: 'harbour' })).items.map((i) => i.words_charged)).toEqual([57]);
    expect((await page({ mode: 'lightning', q: 'harbour' })).items.map((i) => i.words_charged)).toEqual([62]);
    // A mode outside the type, sent as raw query text.
    const bad = await t.req('/api/transformations?mode=turbo', { cookie: me.cookie });
    expect(bad.status).toBe(400);
  });

  it('searches the original and the result, case-insensitively and literally, only in your own entries', async () => {
    const harbour = await page({ q: 'harbour' });
    expect(harbour.items.map((i) => i.words_charged).sort()).toEqual([57, 62]);
    expect((await page({ q: '100%' })).items).toHaveLength(1);
    expect((await page({ q: 'growth_rate' })).items).toHaveLength(1);
    expect((await page({ q: 'growth%rate' })).items).toHaveLength(0);
    expect((await page({ q: 'gardens', limit: '20' })).items).toHaveLength(20);
    const tooLong = await testClient(t.app).api.transformations.$get({ query: { q: 'a'.repeat(201) } }, by(me.cookie));
    expect(tooLong.status).toBe(400);
  });

  it('deletes one of your own entries; anyone else gets a 404 and a bad id a 400', async () => {
    const [target] = (await page({ q: 'harbour lights' })).items;
    expect(target).toBeDefined();
    const id = target!.id;
    const del = (entryId: string, cookie?: string) =>
      testClient(t.app).api.transformations[':id'].$delete({ param: { id: entryId } }, cookie ? by(cookie) : {});
    const signedOut = await del(id);
    expect(signedOut.status).toBe(401);
    const notMine = await del(id, other.cookie);
    expect(notMine.status).toBe(404);
    const bad = await del('not-an-id', me.cookie);
    expect(bad.status).toBe(400);
    const deleted = await del(id, me.cookie);
    expect(deleted.status).toBe(200);
    expect((await page({ q: 'harbour lights' })).items).toHaveLength(0);
    const again = await del(id, me.cookie);
    expect(again.status).toBe(404);
    expect(apiErrorResponse.parse(await again.json()).error.message).toMatch(/already deleted/);
    // The other user's entry is untouched.
    expect((await page({ q: 'harbour' }, other.cookie)).items).toHaveLength(1);
  });
});
