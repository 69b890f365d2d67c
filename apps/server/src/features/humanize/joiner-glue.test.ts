import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, apiErrorResponse, apiHumanizeResponse } from '@plainspoken/shared';
import { subscribers } from '../../db/schema';
import { createTestProduct, type TestProduct } from '../../test/harness';

/** 600 real words in 50 chunks of 12, each chunk glued with one invisible joiner (the reliability probe). */
const VOCAB = [
  'the',
  'team',
  'shipped',
  'a',
  'careful',
  'release',
  'after',
  'weeks',
  'of',
  'quiet',
  'testing',
  'today',
];
const glued = (joiner: string) => Array.from({ length: 50 }, () => VOCAB.join(joiner)).join(' ');

describe('words glued with joiners outside a joining script are billed one by one', () => {
  let t: TestProduct;
  beforeAll(async () => {
    t = await createTestProduct({ env: { RATE_LIMITS: 'off' } });
  });
  afterAll(async () => t.close());

  const user = async (tier: 'Basic' | 'Pro', balance: number) => {
    const u = await t.newUser();
    await t.deps.db
      .update(subscribers)
      .set({ subscription_tier: tier, subscribed: true, monthly_word_balance: balance })
      .where(eq(subscribers.user_id, u.id));
    return u;
  };
  const balance = async (id: string) =>
    (await t.deps.db.select().from(subscribers).where(eq(subscribers.user_id, id)))[0]!.monthly_word_balance;

  it('refuses them over a 500-word cap and charges all 600 under a larger one', async () => {
    const basic = await user('Basic', 5_000);
    const pro = await user('Pro', 5_000);
    for (const joiner of ['\u2060', '\u200C', '\u034F']) {
      const name = `U+${joiner.codePointAt(0)!.toString(16)}`;
      const capped = await t.req('/api/functions/humanize-text', {
        body: { text: glued(joiner), mode: 'lightning' },
        cookie: basic.cookie,
      });
      expect(capped.status, name).toBe(400);
      expect(apiErrorResponse.parse(await capped.json()).error).toMatchObject({
        code: 'WORD_LIMIT_EXCEEDED',
        message: MSG.limitExceeded(500, 'Basic'),
      });
      const before = await balance(pro.id);
      const ok = await t.req('/api/functions/humanize-text', {
        body: { text: glued(joiner), mode: 'lightning' },
        cookie: pro.cookie,
      });
      expect(ok.status, `${name}: ${await ok.clone().text()}`).toBe(200);
      const out = apiHumanizeResponse.parse(await ok.json());
      expect(out.words_charged, name).toBe(600);
      expect(await balance(pro.id), name).toBe(before - 600);
    }
    expect(await balance(basic.id)).toBe(5_000);
  });
});
