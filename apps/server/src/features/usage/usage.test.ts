import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { word_charges } from '../../db/schema';
import { DB_KINDS, createTestProduct, type TestProduct } from '../../test/harness';
import type { DailyUsage } from './usage.service';

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
    const text = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    expect(
      (await t.req('/api/functions/humanize-text', { body: { text, mode: 'lightning' }, cookie: me.cookie })).status,
    ).toBe(200);
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

    const r = await t.req('/api/usage/daily', { cookie: me.cookie });
    expect(r.status).toBe(200);
    const u = (await r.json()) as DailyUsage;
    expect(u.days).toHaveLength(30);
    const today = new Date(now).toISOString().slice(0, 10);
    expect(u.days.at(-1)).toEqual({ date: today, words: 100 });
    expect(u.days.find((d) => d.date === new Date(now - 3 * DAY_MS).toISOString().slice(0, 10))?.words).toBe(100);
    expect(u.total).toBe(200);
    expect(u.days.filter((d) => d.words === 0)).toHaveLength(28);

    // The chart counts what the balance counts: deleting the history entry changes neither.
    const list = (await (await t.req('/api/transformations', { cookie: me.cookie })).json()) as {
      items?: { id: string }[];
    };
    const first = list.items?.[0];
    expect(first).toBeDefined();
    expect(
      (await t.req(`/api/transformations/${first!.id}`, { method: 'DELETE', cookie: me.cookie })).status,
    ).toBeLessThan(300);
    const after = (await (await t.req('/api/usage/daily', { cookie: me.cookie })).json()) as DailyUsage;
    expect(after.total).toBe(200);

    expect((await t.req('/api/usage/daily')).status).toBe(401);
  });
});
