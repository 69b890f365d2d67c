/**
 * The honest engine state: without a model, options only a model can follow are refused with 422 before
 * anything is charged, on the website's endpoint and the public API alike; GET /api/engine-state says what
 * the server will do, and tells admins apart. With a model connected the same options are accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import { ENGINE_MSG, SETUP_COMMAND, type HumanizeInput } from '@plainspoken/shared';
import { createTestProduct, inlineEngine, type TestProduct } from '../../test/harness';
import { subscribers, transformations, word_charges } from '../../db/schema';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i % 37}`).join(' ');
type User = { email: string; cookie: string; id: string };
const by = (cookie: string) => ({ headers: { cookie } });

async function balanceOf(t: TestProduct, u: User): Promise<number> {
  return (await t.deps.db.select().from(subscribers).where(eq(subscribers.user_id, u.id)))[0]!.monthly_word_balance;
}
async function chargesOf(t: TestProduct, u: User): Promise<number> {
  return (await t.deps.db.select().from(word_charges).where(eq(word_charges.user_id, u.id))).length;
}
async function savedOf(t: TestProduct, u: User): Promise<number> {
  return (await t.deps.db.select().from(transformations).where(eq(transformations.user_id, u.id))).length;
}

describe('engine state without a model', () => {
  let t: TestProduct;
  let a: User;
  let admin: User;
  const engine = inlineEngine();
  beforeAll(async () => {
    t = await createTestProduct({ engine, env: { RATE_LIMITS: 'off', ADMIN_EMAILS: 'boss@example.com' } });
    a = await t.newUser();
    admin = await t.newUser('boss@example.com');
  });
  afterAll(async () => t.close());

  it('says both modes are the light edit, and who is an admin', async () => {
    const api = testClient(t.app).api;
    const anon = await (await api['engine-state'].$get()).json();
    expect(anon).toEqual({
      model: { deep: false, lightning: false },
      modelSeconds: { deep: null, lightning: null },
      admin: false,
      setupCommand: SETUP_COMMAND,
    });
    const user = await (await api['engine-state'].$get({}, by(a.cookie))).json();
    expect(user.admin).toBe(false);
    const boss = await (await api['engine-state'].$get({}, by(admin.cookie))).json();
    expect(boss.admin).toBe(true);
  });

  it.each<[Pick<HumanizeInput, 'tone' | 'readingLevel'>, string[]]>([
    [{ tone: 'academic' }, ['Academic tone']],
    [{ tone: 'professional', readingLevel: 'advanced' }, ['Professional tone', 'Advanced reading level']],
    [{ readingLevel: 'advanced' }, ['Advanced reading level']],
    [{ tone: 'persuasive' }, ['Persuasive tone']],
  ])('refuses %o on the website with 422 and charges nothing', async (opts, options) => {
    const before = { balance: await balanceOf(t, a), charges: await chargesOf(t, a), saved: await savedOf(t, a) };
    const calls = engine.calls.length;
    const r = await testClient(t.app).api.functions['humanize-text'].$post(
      { json: { text: words(60), mode: 'deep', ...opts } },
      by(a.cookie),
    );
    expect(r.status).toBe(422);
    expect(await r.json()).toEqual({
      error: { code: 'NEEDS_MODEL', message: ENGINE_MSG.needsModel(options), details: { options } },
    });
    expect(ENGINE_MSG.needsModel(options)).toMatch(/Nothing was charged\./);
    expect({ balance: await balanceOf(t, a), charges: await chargesOf(t, a), saved: await savedOf(t, a) }).toEqual(
      before,
    );
    expect(engine.calls.length).toBe(calls);
  });

  it('still rewrites with the options a light edit can follow', async () => {
    const r = await testClient(t.app).api.functions['humanize-text'].$post(
      { json: { text: words(60), mode: 'lightning', tone: 'casual', readingLevel: 'simple' } },
      by(a.cookie),
    );
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ saved: true, words_charged: 60 });
  });

  it('refuses the same on the public API (422 NEEDS_MODEL), nothing charged', async () => {
    const u = await t.newUser();
    await t.deps.db
      .update(subscribers)
      .set({ subscription_tier: 'Pro', subscribed: true, monthly_word_balance: 15_000 })
      .where(eq(subscribers.user_id, u.id));
    const created = await (await testClient(t.app).api['api-keys'].$post({ json: { name: 'k' } }, by(u.cookie))).json();
    // The public /v1 API has its own OpenAPI router, outside AppType.
    const call = (body: unknown) =>
      t.req('/v1/humanize', { body, headers: { authorization: `Bearer ${created.secret}` } });
    const refused = await call({ text: words(60), mode: 'deep', tone: 'academic' });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ error: { code: 'NEEDS_MODEL' } });
    expect(await balanceOf(t, u)).toBe(15_000);
    expect(await chargesOf(t, u)).toBe(0);
    const bad = await call({ text: words(60), mode: 'deep', tone: 'shouty' });
    expect(bad.status).toBe(400);
    const ok = await call({ text: words(60), mode: 'deep', tone: 'neutral' });
    expect(ok.status).toBe(200);
    expect(await balanceOf(t, u)).toBe(15_000 - 60);
  });
});

describe('engine state with a model connected', () => {
  let t: TestProduct;
  let a: User;
  beforeAll(async () => {
    t = await createTestProduct({
      engine: inlineEngine(),
      env: { RATE_LIMITS: 'off', HUMANIZER_LLM_BASE_URL: 'http://127.0.0.1:9/v1', HUMANIZER_LLM_MODEL: 'm' },
    });
    await t.deps.models?.start();
    a = await t.newUser();
  });
  afterAll(async () => t.close());

  it('says so, and accepts the options a model follows', async () => {
    const api = testClient(t.app).api;
    const s = await (await api['engine-state'].$get()).json();
    expect(s.model).toEqual({ deep: true, lightning: true });
    const r = await api.functions['humanize-text'].$post(
      { json: { text: words(60), mode: 'deep', tone: 'academic', readingLevel: 'advanced' } },
      by(a.cookie),
    );
    expect(r.status).toBe(200);
  });
});
