import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transformations } from '../../db/schema';
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
    const row = (user_id: string, words: number, at: number) => ({
      user_id,
      original_text: 'a',
      transformed_text: 'b',
      words_charged: words,
      created_at: new Date(at),
    });
    await t.deps.db
      .insert(transformations)
      .values([
        row(me.id, 40, now),
        row(me.id, 100, now - 3 * DAY_MS),
        row(me.id, 999, now - 45 * DAY_MS),
        row(other.id, 500, now),
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

    expect((await t.req('/api/usage/daily')).status).toBe(401);
  });
});
