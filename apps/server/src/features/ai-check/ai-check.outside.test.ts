import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import { OUTSIDE_MSG, OUTSIDE_SCAN_ALLOWANCE, apiDetectResponse, apiHumanizeResponse } from '@plainspoken/shared';
import { subscribers } from '../../db/schema';
import { createTestProduct, type TestProduct } from '../../test/harness';
import { createEnginePool } from '../../lib/engine/engine';
import { FAKE_KEY, startFakeVendors, type FakeVendors } from '../../lib/outside-detectors/fake-vendors';

const para = (n: number) =>
  `Paragraph ${n}: the committee met on Tuesday to review the budget, and nobody was happy with it. Several figures had changed since spring, which meant the new library wing would have to wait another year. I asked whether we could split the work into two phases; the answer was maybe. By the end of the meeting three people had left.`;

describe('AI check with outside detectors (fakes over HTTP)', () => {
  let t: TestProduct;
  let fake: FakeVendors;
  beforeAll(async () => {
    fake = await startFakeVendors(() => 0.64);
    t = await createTestProduct({
      env: {
        RATE_LIMITS: 'off',
        GPTZERO_API_KEY: FAKE_KEY,
        GPTZERO_BASE_URL: fake.url,
        WINSTON_API_KEY: FAKE_KEY,
        WINSTON_BASE_URL: fake.url,
        OUTSIDE_DETECTOR_TIMEOUT_MS: '1500',
        OUTSIDE_DETECTOR_PRICES: 'gptzero=0.01,sapling=0.002',
        ADMIN_EMAILS: 'ops@example.com',
      },
      engine: createEnginePool({ threads: 1, queueLimit: 8, timeoutMs: 60_000 }),
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  const api = () => testClient(t.app).api;
  const check = (text: string, cookie?: string) =>
    api()['ai-check'].$post({ json: { text } }, { headers: cookie ? { cookie } : {} });

  it('a signed-in user sees our score, the verdict and each configured detector; visitors are asked to sign in', async () => {
    const u = await t.newUser();
    const r = await check(para(1), u.cookie);
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(['ai', 'mixed', 'human', 'unclear']).toContain(body.verdict);
    expect(body.composition.ai + body.composition.mixed + body.composition.human).toBe(100);
    expect(body.detectors.map((d) => [d.detector, d.status, d.score])).toEqual([
      ['gptzero', 'ok', 64],
      ['winston', 'ok', 64],
    ]);
    const visitor = await (await check(para(2))).json();
    expect(visitor.detectors.map((d) => [d.status, d.reason])).toEqual([
      ['unavailable', OUTSIDE_MSG.signInRequired],
      ['unavailable', OUTSIDE_MSG.signInRequired],
    ]);
  });

  it('counts the monthly allowance per detector, and a repeated text comes from the cache without a scan', async () => {
    const u = await t.newUser();
    const n = OUTSIDE_SCAN_ALLOWANCE.FREE;
    for (let i = 0; i < n; i++) {
      const b = await (await check(para(100 + i), u.cookie)).json();
      expect(b.detectors.every((d) => d.status === 'ok')).toBe(true);
    }
    const calls = fake.calls.gptzero;
    const again = await (await check(para(100), u.cookie)).json();
    expect(again.detectors.every((d) => d.status === 'ok' && d.cached)).toBe(true);
    expect(fake.calls.gptzero).toBe(calls);
    const over = await (await check(para(200), u.cookie)).json();
    expect(over.detectors.map((d) => d.reason)).toEqual([OUTSIDE_MSG.allowanceUsed(n), OUTSIDE_MSG.allowanceUsed(n)]);
    expect(fake.calls.gptzero).toBe(calls);
  });

  it('a detector that hangs or answers garbage never fails the check', async () => {
    const u = await t.newUser();
    fake.behave('gptzero', 'hang');
    fake.behave('winston', 'malformed');
    const r = await check(para(300), u.cookie);
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(Number.isInteger(body.score)).toBe(true);
    expect(body.detectors.map((d) => [d.status, d.reason])).toEqual([
      ['unavailable', OUTSIDE_MSG.timeout],
      ['unavailable', OUTSIDE_MSG.badAnswer],
    ]);
    fake.behave('gptzero', 'ok');
    fake.behave('winston', 'ok');
  });

  it('the home rewrite and the public API carry the scorecard before and after, as the OpenAPI schemas describe', async () => {
    const u = await t.newUser();
    const text = `${para(400)} ${para(401)}`;
    const r = await api().functions['humanize-text'].$post(
      { json: { text, mode: 'lightning' } },
      { headers: { cookie: u.cookie } },
    );
    expect(r.status, await r.clone().text()).toBe(200);
    // The route writes its JSON answer as a pre-serialised body (or server-sent events), so AppType has no type
    // for it; the public API's schema describes the same answer.
    const h = apiHumanizeResponse.parse(await r.json());
    expect(h.detectors_before!.map((d) => [d.detector, d.status, d.score])).toEqual([
      ['gptzero', 'ok', 64],
      ['winston', 'ok', 64],
    ]);
    expect(h.detectors_after!.map((d) => d.status)).toEqual(['ok', 'ok']);

    await t.deps.db
      .update(subscribers)
      .set({ subscription_tier: 'Pro', subscribed: true, monthly_word_balance: 15_000 })
      .where(eq(subscribers.user_id, u.id));
    const key = await (
      await api()['api-keys'].$post({ json: { name: 'k' } }, { headers: { cookie: u.cookie } })
    ).json();
    // The public /v1 API has its own OpenAPI router (not in AppType): raw requests, bodies parsed by its schemas.
    const headers = { authorization: `Bearer ${key.secret}` };
    const det = await t.req('/v1/detect', { body: { text: para(402) }, headers });
    expect(det.status, await det.clone().text()).toBe(200);
    const detBody = apiDetectResponse.parse(await det.json());
    expect(detBody.detectors.map((d) => d.detector)).toEqual(['gptzero', 'winston']);
    expect(['ai', 'mixed', 'human', 'unclear']).toContain(detBody.verdict);
    const hum = await t.req('/v1/humanize', { body: { text, mode: 'lightning' }, headers });
    expect(hum.status, await hum.clone().text()).toBe(200);
    const humBody = apiHumanizeResponse.parse(await hum.json());
    expect(humBody.detectors_before!.every((d) => d.status === 'ok')).toBe(true);
    const spec = JSON.stringify(await (await t.req('/api/openapi.json')).json());
    expect(spec).toContain('OutsideDetectorScore');
    expect(spec).toContain('detectors_before');
  });

  it('the engine page counts the scans sent to each vendor this month and their cost at the set price', async () => {
    const admin = await t.newUser('ops@example.com');
    const r = await api().admin.engine.$get({}, { headers: { cookie: admin.cookie } });
    expect(r.status, await r.clone().text()).toBe(200);
    const o = await r.json();
    const row = (id: string) => o.outside!.find((x) => x.detector === id)!;
    expect(fake.calls.gptzero).toBeGreaterThan(0);
    expect(row('gptzero')).toMatchObject({
      configured: true,
      scansThisMonth: fake.calls.gptzero,
      costPerCall: 0.01,
      monthCost: Math.round(fake.calls.gptzero) / 100,
    });
    expect(row('winston')).toMatchObject({ configured: true, scansThisMonth: fake.calls.winston, costPerCall: null });
    expect(row('sapling')).toMatchObject({ configured: false, scansThisMonth: 0, costPerCall: 0.002, monthCost: 0 });
  });
});
