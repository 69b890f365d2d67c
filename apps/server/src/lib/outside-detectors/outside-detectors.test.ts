import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTSIDE_DETECTORS, OUTSIDE_MSG, type OutsideScore } from '@plainspoken/shared';
import { loadEnv } from '../../env';
import { createOutsideDetectors, outsideConfigFrom, type ScanGate } from './index';
import { FAKE_KEY, startFakeVendors, type FakeVendors } from './fake-vendors';

const TEXT =
  'The committee met on Tuesday to review the budget. Nobody was happy with it. Several figures had changed since spring, which meant the new library wing would have to wait. I asked whether we could split the work into two phases, and the answer was maybe. By the end of the meeting three people had left the room.';
const open: ScanGate = () => Promise.resolve(null);

function detectors(fake: FakeVendors, opts: { timeoutMs?: number; now?: () => number } = {}) {
  const url = fake.url;
  return createOutsideDetectors({
    keys: { gptzero: FAKE_KEY, sapling: FAKE_KEY, originality: FAKE_KEY, winston: FAKE_KEY },
    baseUrls: { gptzero: url, sapling: url, originality: url, winston: url },
    timeoutMs: opts.timeoutMs ?? 2_000,
    now: opts.now,
  });
}
const byId = (r: OutsideScore[]): Partial<Record<OutsideScore['detector'], OutsideScore>> =>
  Object.fromEntries(r.map((x) => [x.detector, x]));

describe('outside detectors over HTTP', () => {
  let fake: FakeVendors;
  beforeAll(async () => {
    fake = await startFakeVendors(() => 0.87);
  });
  afterAll(async () => fake.close());

  it('maps each vendor’s answer to one shape: score 0-100, sentences, label; cached by text hash', async () => {
    const d = detectors(fake);
    const r = await d.scan(TEXT, open);
    expect(r.map((x) => x.detector)).toEqual([...OUTSIDE_DETECTORS]);
    for (const x of r) {
      expect(x).toMatchObject({ status: 'ok', score: 87, reason: null, cached: false });
      expect(x.sentences.length).toBe(5);
      expect(x.sentences[0]!.score).toBe(87);
    }
    expect(byId(r).gptzero!.label).toBe('ai');
    const before = { ...fake.calls };
    const again = await d.scan(TEXT, open);
    expect(again.every((x) => x.status === 'ok' && x.cached)).toBe(true);
    expect(fake.calls).toEqual(before);
  });

  it('shows no detector without keys', async () => {
    const d = createOutsideDetectors({
      keys: {},
      baseUrls: { gptzero: fake.url, sapling: fake.url, originality: fake.url, winston: fake.url },
      timeoutMs: 1000,
    });
    expect(d.configured).toEqual([]);
    expect(await d.scan(TEXT, open)).toEqual([]);
  });

  it('a refused key, a rate limit, a malformed answer and a server error show as unavailable with the reason', async () => {
    let t = 1_000_000;
    const d = detectors(fake, { now: () => t });
    fake.behave('gptzero', 'unauthorized');
    fake.behave('sapling', 'rate-limited', 42);
    fake.behave('originality', 'malformed');
    fake.behave('winston', 'server-error');
    const text = `${TEXT} One more sentence makes it new.`;
    const r = byId(await d.scan(text, open));
    expect(r.gptzero).toMatchObject({ status: 'unavailable', score: null, reason: OUTSIDE_MSG.auth });
    expect(r.sapling).toMatchObject({ status: 'unavailable', reason: OUTSIDE_MSG.rateLimited(42) });
    expect(r.originality).toMatchObject({ status: 'unavailable', reason: OUTSIDE_MSG.badAnswer });
    expect(r.winston).toMatchObject({ status: 'unavailable', reason: OUTSIDE_MSG.httpError(500) });
    // Never retried into a storm: the refused key and the rate limit pause those vendors, no new call.
    const calls = { ...fake.calls };
    t += 10_000;
    const r2 = byId(await d.scan(text, open));
    expect(r2.sapling!.reason).toBe(OUTSIDE_MSG.rateLimited(32));
    expect(fake.calls.gptzero).toBe(calls.gptzero);
    expect(fake.calls.sapling).toBe(calls.sapling);
    // Three failures in a row pause a vendor for a minute.
    await d.scan(text, open);
    const after3 = fake.calls.winston;
    const r4 = byId(await d.scan(text, open));
    expect(fake.calls.winston).toBe(after3);
    expect(r4.winston!.reason).toMatch(/Paused after errors/);
    // After Retry-After the vendor is asked again.
    for (const id of OUTSIDE_DETECTORS) fake.behave(id, 'ok');
    t += 33_000;
    const r5 = byId(await d.scan(text, open));
    expect(r5.sapling).toMatchObject({ status: 'ok', score: 87 });
  });

  it('a vendor that does not answer in time is unavailable after the timeout', async () => {
    const d = detectors(fake, { timeoutMs: 300 });
    fake.behave('originality', 'hang');
    const t0 = Date.now();
    const r = byId(await d.scan(`${TEXT} A slow one.`, open));
    expect(Date.now() - t0).toBeLessThan(2_000);
    expect(r.originality).toMatchObject({ status: 'unavailable', reason: OUTSIDE_MSG.timeout });
    expect(r.gptzero!.status).toBe('ok');
    fake.behave('originality', 'ok');
  });

  it('asks the gate only for scans that reach the vendor, and Winston only with 300+ characters', async () => {
    const d = detectors(fake);
    const asked: string[] = [];
    const gate: ScanGate = (id) => {
      asked.push(id);
      return Promise.resolve(id === 'sapling' ? OUTSIDE_MSG.allowanceUsed(5) : null);
    };
    const short = 'A short text of fewer than three hundred characters, which Winston does not score at all.';
    const r = byId(await d.scan(short, gate));
    expect(r.winston).toMatchObject({ status: 'unavailable', reason: OUTSIDE_MSG.tooShort(300) });
    expect(r.sapling).toMatchObject({ status: 'unavailable', reason: OUTSIDE_MSG.allowanceUsed(5) });
    expect(asked.sort()).toEqual(['gptzero', 'originality', 'sapling']);
    asked.length = 0;
    await d.scan(short, gate);
    expect(asked).toEqual(['sapling']);
  });

  it('reads keys, addresses and prices from the configuration, and refuses a bad price with its reason', () => {
    const e = loadEnv({ GPTZERO_API_KEY: 'k1', WINSTON_BASE_URL: fake.url, OUTSIDE_DETECTOR_PRICES: 'gptzero=0.01' });
    const c = outsideConfigFrom(e);
    expect(createOutsideDetectors(c).configured).toEqual(['gptzero']);
    expect(c.baseUrls.winston).toBe(fake.url);
    expect(c.baseUrls.gptzero).toBe('https://api.gptzero.me');
    expect(e.OUTSIDE_DETECTOR_PRICES).toEqual({ gptzero: 0.01 });
    expect(() => loadEnv({ OUTSIDE_DETECTOR_PRICES: 'turnitin=1' })).toThrow(/OUTSIDE_DETECTOR_PRICES.*turnitin=1/);
    expect(() => loadEnv({ GPTZERO_BASE_URL: 'not a url' })).toThrow(/GPTZERO_BASE_URL/);
  });
});
