import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClient } from 'hono/testing';
import { word_charges } from '../../db/schema';
import { DB_KINDS, createTestProduct, type TestProduct } from '../../test/harness';

const DAY_MS = 86_400_000;

describe.each(DB_KINDS)('daily usage on %s', (kind) => {
  let t: TestProduct;
  beforeAll(async () => {
    t = await createTestProduct({ kind, env: { RATE_LIMITS: 'off' } });
  });
  afterAll(async () => t.close());

  it("sums the caller's charged words per UTC day over the last 30 days, zeros included", async () => {
    const me = await t.newUser();
    const other = await t.newUser();
    const api = testClient(t.app).api;
    const signedIn = { headers: { cookie: me.cookie } };
    const text = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    expect((await api.functions['humanize-text'].$post({ json: { text, mode: 'lightning' } }, signedIn)).status).toBe(
      200,
    );
    const now = Date.now();
    const charge = (user_id: string, words: number, at: number, status = 'saved') => ({
      user_id,
      words,
      mode: 'lightning',
      status,
      created_at: new Date(at),
      expires_at: new Date(at + DAY_MS),
    });
    await t.deps.db.insert(word_charges).values([
      charge(me.id, 40, now),
      charge(me.id, 100, now - 3 * DAY_MS),
      charge(me.id, 999, now - 45 * DAY_MS),
      charge(me.id, 77, now, 'refunded'), // refunded words were never spent
      charge(other.id, 500, now),
    ]);

    const r = await api.usage.daily.$get({}, signedIn);
    expect(r.status).toBe(200);
    const u = await r.json();
    expect(u.days).toHaveLength(30);
    const today = new Date(now).toISOString().slice(0, 10);
    expect(u.days.at(-1)).toEqual({ date: today, words: 100 });
    expect(u.days.find((d) => d.date === new Date(now - 3 * DAY_MS).toISOString().slice(0, 10))?.words).toBe(100);
    expect(u.total).toBe(200);
    expect(u.days.filter((d) => d.words === 0)).toHaveLength(28);

    // The chart counts what the balance counts: deleting the history entry changes neither.
    const list = await (await api.transformations.$get({ query: {} }, signedIn)).json();
    const first = list.items[0];
    expect(first).toBeDefined();
    expect((await api.transformations[':id'].$delete({ param: { id: first!.id } }, signedIn)).status).toBeLessThan(300);
    const after = await (await api.usage.daily.$get({}, signedIn)).json();
    expect(after.total).toBe(200);

    expect((await api.usage.daily.$get()).status).toBe(401);
  });
});
