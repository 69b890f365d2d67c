import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RESULT_MSG, apiErrorResponse } from '@plainspoken/shared';
import { subscribers } from '../../db/schema';
import { createTestProduct, type TestProduct } from '../../test/harness';

const TEXT =
  'Moreover, it is important to note that digital tools delve into every corner of modern society \u{1F680} today. ' +
  'Furthermore, the role of innovation cannot be overstated, as it fosters a rich tapestry of opportunities. ' +
  'Additionally, organizations must leverage these robust solutions to navigate the complex landscape ahead. ' +
  'In the end, every team that wants to grow will need to weigh these choices with care and a clear plan.';

describe('sentence alternatives: the range is in whole characters', () => {
  let t: TestProduct;
  let u: { email: string; cookie: string; id: string };
  let id: number;
  const balance = async () =>
    (await t.deps.db.select().from(subscribers).where(eq(subscribers.user_id, u.id)))[0]!.monthly_word_balance;

  beforeAll(async () => {
    t = await createTestProduct({ env: { RATE_LIMITS: 'off' } });
    u = await t.newUser();
    await t.deps.db
      .update(subscribers)
      .set({ subscription_tier: 'Pro', subscribed: true, monthly_word_balance: 50_000 })
      .where(eq(subscribers.user_id, u.id));
    const r = await t.req('/api/functions/humanize-text', { body: { mode: 'deep', text: TEXT }, cookie: u.cookie });
    expect(r.status, await r.clone().text()).toBe(200);
    id = ((await r.json()) as { transformation_id: number }).transformation_id;
    const put = await t.req(`/api/transformations/${id}`, { method: 'PATCH', body: { text: TEXT }, cookie: u.cookie });
    expect(put.status, await put.clone().text()).toBe(200);
  });
  afterAll(async () => t.close());

  it('refuses a range that starts or ends between the two halves of an emoji, charging nothing', async () => {
    const inside = TEXT.indexOf('\u{1F680}') + 1; // between the high and the low surrogate
    const before = await balance();
    for (const range of [
      { start: 0, end: inside },
      { start: inside, end: TEXT.indexOf('.') + 1 },
    ]) {
      const r = await t.req(`/api/transformations/${id}/sentence-alternatives`, { body: range, cookie: u.cookie });
      expect(r.status, await r.clone().text()).toBe(400);
      expect(apiErrorResponse.parse(await r.json()).error.message).toBe(RESULT_MSG.splitsCharacter);
    }
    expect(await balance()).toBe(before);
    // The whole sentence, emoji included, is a sentence.
    const whole = await t.req(`/api/transformations/${id}/sentence-alternatives`, {
      body: { start: 0, end: TEXT.indexOf('.') + 1 },
      cookie: u.cookie,
    });
    expect(whole.status, await whole.clone().text()).toBe(200);
    const body = (await whole.json()) as { original: { text: string } };
    expect(body.original.text).toContain('\u{1F680}');
  });
});
