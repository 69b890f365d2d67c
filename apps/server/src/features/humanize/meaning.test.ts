import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import { apiHumanizeResponse, type CreatedApiKey } from '@plainspoken/shared';
import { factsOf, secondReadingLine } from '@plainspoken/humanizer/meaning';
import { loadPairs, startRecordedProvider, type RecordedProvider } from '@plainspoken/humanizer/testing';
import { subscribers } from '../../db/schema';
import { createEnginePool } from '../../lib/engine/engine';
import { createTestProduct, type TestProduct } from '../../test/harness';

/**
 * The meaning report over the public API, on a real model's rewrite: the recorded provider answers with a real
 * rewrite of a recorded text that has numbers, names, a quotation and a negation. Whatever the check delivers,
 * the report must be true of it: a fact called kept stands at its place in the result as written; one called not
 * kept is not in the result as written; History reads the same report again.
 */
describe('the meaning report of a model rewrite, over /v1/humanize (recorded real-model provider)', () => {
  let t: TestProduct;
  let provider: RecordedProvider;
  let key: CreatedApiKey;
  let cookie: string;
  // A recorded original of a few hundred words with every kind the report names most often.
  const pair = loadPairs().pairs.find((p) => {
    const kinds = new Set(factsOf(p.original).map((f) => f.kind));
    const words = p.original.split(/\s+/).length;
    return (
      words >= 60 && words <= 350 && ['number', 'name', 'quotation', 'negation'].every((k) => kinds.has(k as never))
    );
  });

  beforeAll(async () => {
    if (!pair)
      throw new Error(
        'no recorded pair with numbers, names, a quotation and a negation: is the corpus at ../shared/corpus or CORPUS_DIR?',
      );
    provider = await startRecordedProvider([pair]);
    t = await createTestProduct({
      env: {
        RATE_LIMITS: 'off',
        HUMANIZER_LLM_BASE_URL: provider.url,
        HUMANIZER_LLM_API_KEY: 'recorded',
        HUMANIZER_LLM_MODEL: 'recorded-model',
      },
      engine: createEnginePool({ threads: 1, queueLimit: 4, timeoutMs: 120_000 }),
    });
    const u = await t.newUser();
    cookie = u.cookie;
    await t.deps.db
      .update(subscribers)
      .set({ subscription_tier: 'Pro', subscribed: true, monthly_word_balance: 50_000 })
      .where(eq(subscribers.user_id, u.id));
    const r = await testClient(t.app).api['api-keys'].$post({ json: { name: 'meaning' } }, { headers: { cookie } });
    key = await r.json();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('lists each fact of the text, kept or not, and where it stands in the delivered text', async () => {
    const res = await t.app.request('/v1/humanize', {
      method: 'POST',
      headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: pair!.original, mode: 'deep' }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const h = apiHumanizeResponse.parse(await res.json());
    expect(provider.recordedAnswers).toBeGreaterThan(0);
    const m = h.meaning;
    const kinds = new Set(m.facts.map((f) => f.kind));
    for (const k of ['number', 'name', 'quotation', 'negation'] as const) expect(kinds.has(k)).toBe(true);
    const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');
    for (const f of m.facts) {
      expect(pair!.original.slice(...f.original)).toBe(f.text);
      if (f.kind === 'negation') continue;
      if (f.kept) {
        expect(f.result).not.toBeNull();
        expect(norm(h.humanized_text.slice(...f.result!)).length).toBeGreaterThan(0);
      } else {
        expect(f.result).toBeNull();
        expect(norm(h.humanized_text)).not.toContain(norm(f.text));
      }
    }
    const lost = m.facts.filter((f) => !f.kept).length;
    expect(m.summary).toMatch(new RegExp(`^${m.facts.length} facts checked: `));
    const back = m.putBack.length;
    // Deep asks a second opinion by default (decision 0066). The recorded provider repeats each question back,
    // which is no verdict: the report must not claim that the model compared anything.
    if (h.engine === 'model') expect(m.secondReading).toMatchObject({ heard: 0 });
    else expect(m.secondReading).toBeUndefined();
    const tail =
      (back === 0
        ? ''
        : `. ${back} sentence${back === 1 ? '' : 's'} put back as you wrote ${back === 1 ? 'it' : 'them'}`) +
      (m.secondReading ? `. ${secondReadingLine(m.secondReading)}` : '');
    expect(m.summary.endsWith(tail)).toBe(true);
    expect(m.summary.slice(0, m.summary.length - tail.length).endsWith('all kept')).toBe(lost === 0);
    // Each sentence put back is the user's sentence, as written, in the delivered text, with why and its rule.
    for (const p of m.putBack) {
      expect(norm(pair!.original)).toContain(norm(p.sentence));
      if (h.engine === 'model') expect(norm(h.humanized_text)).toContain(norm(p.sentence));
      expect(p.why.length).toBeGreaterThan(3);
    }
    expect(m.rules).toEqual([...new Set(m.putBack.flatMap((p) => (p.rule ? [p.rule] : [])))]);
    // History keeps it: reopening the entry gives the same report.
    const d = await testClient(t.app).api.transformations[':id'].$get(
      { param: { id: h.transformation_id! } },
      { headers: { cookie } },
    );
    expect((await d.json()).meaning).toEqual(m);
  }, 180_000);
});
