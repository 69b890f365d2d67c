import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import {
  AIM_CALLS,
  AIM_MSG,
  apiErrorResponse,
  apiHumanizeResponse,
  type HumanizeInput,
  type OutsideDetectorId,
} from '@plainspoken/shared';
import { startFakeProvider, type FakeProvider } from '@plainspoken/humanizer/testing';
import { subscribers } from '../../db/schema';
import { createEnginePool } from '../../lib/engine/engine';
import { scansThisMonth } from '../../lib/outside-detectors/allowance';
import { FAKE_KEY, startFakeVendors, type FakeVendors } from '../../lib/outside-detectors/fake-vendors';
import { createTestProduct, type TestProduct } from '../../test/harness';

const TOPICS = ['', 'budgets', 'offices', 'hiring', 'travel', 'training'];
/** A different text for each n (a word, not a number: every rewrite of each stays its own text). */
const para = (n: number) =>
  `A memo about ${TOPICS[n]}: in today's fast-paced world, it is important to note that remote work plays a pivotal role in how companies operate. Moreover, teams can leverage digital tools to foster collaboration across time zones. A 2022 survey by Gallup found that 54% of employees preferred a hybrid schedule. Ultimately, organizations must navigate this evolving landscape with care, and many managers say that they utilize the saved budget for training.`;

type User = { email: string; cookie: string; id: string };

describe('Deep aimed at one outside detector (fake model and fake vendors over HTTP)', () => {
  let t: TestProduct;
  let fake: FakeVendors;
  let provider: FakeProvider;
  let u: User;
  beforeAll(async () => {
    // Each text gets its own score from every vendor, so candidates differ in the aimed detector's eyes.
    fake = await startFakeVendors((text) => 0.2 + (text.length % 50) / 100);
    provider = await startFakeProvider({ corpus: false });
    t = await createTestProduct({
      env: {
        RATE_LIMITS: 'off',
        GPTZERO_API_KEY: FAKE_KEY,
        GPTZERO_BASE_URL: fake.url,
        WINSTON_API_KEY: FAKE_KEY,
        WINSTON_BASE_URL: fake.url,
        OUTSIDE_DETECTOR_TIMEOUT_MS: '1500',
        HUMANIZER_LLM_BASE_URL: provider.url,
        HUMANIZER_LLM_API_KEY: 'fake',
        HUMANIZER_LLM_MODEL: 'fake-model',
      },
      engine: createEnginePool({ threads: 1, queueLimit: 8, timeoutMs: 60_000 }),
    });
    u = await t.newUser();
    await t.deps.db
      .update(subscribers)
      .set({ subscription_tier: 'Pro', subscribed: true, monthly_word_balance: 50_000 })
      .where(eq(subscribers.user_id, u.id));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await provider.close();
  });

  const api = () => testClient(t.app).api;
  const humanize = (body: HumanizeInput, cookie = u.cookie) =>
    api().functions['humanize-text'].$post({ json: body }, { headers: { cookie } });
  const balance = async () =>
    (await t.deps.db.select().from(subscribers).where(eq(subscribers.user_id, u.id)))[0]!.monthly_word_balance;

  it('the engine state lists the detectors a rewrite may aim at', async () => {
    const s = await (await api()['engine-state'].$get({}, { headers: { cookie: u.cookie } })).json();
    expect(s.model.deep).toBe(true);
    expect(s.outsideDetectors).toEqual(['gptzero', 'winston']);
  });

  it('aims at GPTZero: the answer names it with its score of the rewrite, and the scans count in the allowance', async () => {
    const scans = await scansThisMonth(t.deps.db, t.deps.now());
    const calls = fake.calls.gptzero;
    const r = await humanize({ text: para(1), mode: 'deep', aimAt: 'gptzero' });
    expect(r.status, await r.clone().text()).toBe(200);
    const h = apiHumanizeResponse.parse(await r.json());
    expect(h.engine).toBe('model');
    expect(h.aim).toMatchObject({ detector: 'gptzero', name: 'GPTZero', reason: null });
    expect(h.aim!.calls).toBeGreaterThanOrEqual(1);
    expect(h.aim!.calls).toBeLessThanOrEqual(AIM_CALLS);
    // The score is the detector's own answer for the returned text, as the scorecard after shows it (from the cache).
    const after = h.detectors_after!.find((d) => d.detector === 'gptzero')!;
    expect(after).toMatchObject({ status: 'ok', cached: true });
    expect(h.aim!.score).toBe(after.score);
    expect(h.aim!.score).toBe(Math.round((0.2 + (h.humanized_text.length % 50) / 100) * 100));
    // The text before, then each aimed text once; the answer after came from the cache. Each one counted.
    expect(fake.calls.gptzero - calls).toBe(1 + h.aim!.calls);
    expect((await scansThisMonth(t.deps.db, t.deps.now())).gptzero - scans.gptzero).toBe(1 + h.aim!.calls);
    // History keeps the aim with the entry: in the list and when the entry is opened again.
    const list = await (await api().transformations.$get({ query: {} }, { headers: { cookie: u.cookie } })).json();
    const entry = list.items.find((i) => i.id === h.transformation_id)!;
    expect(entry.aim).toEqual(h.aim);
    const one = (await (
      await t.req(`/api/transformations/${h.transformation_id}`, { headers: { cookie: u.cookie } })
    ).json()) as { aim: unknown };
    expect(one.aim).toEqual(h.aim);
  });

  it('the public API takes aimAt too and answers with the aim block its schema describes', async () => {
    const key = await (
      await api()['api-keys'].$post({ json: { name: 'k' } }, { headers: { cookie: u.cookie } })
    ).json();
    const headers = { authorization: `Bearer ${key.secret}` };
    const r = await t.req('/v1/humanize', { body: { text: para(2), mode: 'deep', aimAt: 'winston' }, headers });
    expect(r.status, await r.clone().text()).toBe(200);
    const h = apiHumanizeResponse.parse(await r.json());
    expect(h.aim).toMatchObject({ detector: 'winston', name: 'Winston AI', reason: null });
    expect(typeof h.aim!.score).toBe('number');
    const spec = JSON.stringify(await (await t.req('/api/openapi.json')).json());
    expect(spec).toContain('"aimAt":{');
    expect(spec).toContain('"aim":{');
  });

  it('refuses, before any charge, a detector that is not set up and Lightning', async () => {
    const words = await balance();
    for (const [body, message] of [
      [{ text: para(3), mode: 'deep', aimAt: 'sapling' }, AIM_MSG.refusedNotConfigured('Sapling')],
      [{ text: para(3), mode: 'lightning', aimAt: 'gptzero' }, AIM_MSG.refusedLightning],
    ] as const) {
      const r = await humanize(body);
      expect(r.status).toBe(400);
      expect(apiErrorResponse.parse(await r.json()).error).toMatchObject({ code: 'VALIDATION', message });
    }
    const bad = await humanize({ text: para(3), mode: 'deep', aimAt: 'nobody' as OutsideDetectorId });
    expect(bad.status).toBe(400);
    expect(await balance()).toBe(words);
  });

  it('a rate-limited vendor never fails the rewrite: the aim is marked unavailable with the reason', async () => {
    fake.behave('gptzero', 'rate-limited', 30);
    const r = await humanize({ text: para(4), mode: 'deep', aimAt: 'gptzero' });
    expect(r.status, await r.clone().text()).toBe(200);
    const h = apiHumanizeResponse.parse(await r.json());
    // With no score from the aimed detector, our own decides (decision 0059): the model's rewrite, or the light
    // edit with the model's rewrite beside it.
    expect(h.engine === 'model' || h.alternative !== undefined, h.summary).toBe(true);
    expect(h.humanized_text).not.toBe(para(4));
    expect(h.aim).toMatchObject({ detector: 'gptzero', score: null });
    expect(h.aim!.reason).toMatch(/rate limited/);
    fake.behave('gptzero', 'ok');
  });
});

describe('aiming without a connected model', () => {
  let t: TestProduct;
  afterAll(async () => t?.close());
  it('is refused with the reason (422 NEEDS_MODEL) before any charge', async () => {
    t = await createTestProduct({ env: { RATE_LIMITS: 'off', GPTZERO_API_KEY: FAKE_KEY } });
    const u = await t.newUser();
    const s = await (await testClient(t.app).api['engine-state'].$get({}, { headers: { cookie: u.cookie } })).json();
    expect(s.model.deep).toBe(false);
    expect(s.outsideDetectors).toEqual(['gptzero']);
    const r = await testClient(t.app).api.functions['humanize-text'].$post(
      { json: { text: para(5), mode: 'deep', aimAt: 'gptzero' } },
      { headers: { cookie: u.cookie } },
    );
    expect(r.status).toBe(422);
    expect(apiErrorResponse.parse(await r.json()).error).toMatchObject({
      code: 'NEEDS_MODEL',
      message: AIM_MSG.refusedNoModel,
    });
  });
});
