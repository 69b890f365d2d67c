/**
 * Each piece of a rewrite's work is done once. The language is read by the humanize flow (to refuse other
 * languages before charging) and handed to the engine, which does not read it again; whether a model was
 * expected goes along too, and the engine alone derives the outcome from it. Writing options have one
 * writer, the options endpoint: a rewrite uses them and never saves them.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import { apiHumanizeResponse, countWords, type HumanizeInput } from '@plainspoken/shared';
import { detectLanguage } from '@plainspoken/humanizer/language';
import { subscribers } from '../../db/schema';
import type { Engine, EngineJob } from '../../lib/engine/engine';
import work from '../../lib/engine/engine-worker';
import { createTestProduct, inlineEngine, type TestProduct } from '../../test/harness';

// Every reading of the language, by the server or by the humanizer inside the engine, is counted.
vi.mock('@plainspoken/humanizer/language', async (importOriginal) => {
  const real = await importOriginal<{ detectLanguage: typeof detectLanguage }>();
  return { ...real, detectLanguage: vi.fn(real.detectLanguage) };
});
const reads = (): number => vi.mocked(detectLanguage).mock.calls.length;

const TEXT =
  'In today\u2019s fast-paced world, technology plays a pivotal role in shaping how we live and work. Moreover, it ' +
  'is important to note that digital tools delve into every corner of modern society. Furthermore, the role of ' +
  'innovation cannot be overstated, as it fosters a rich tapestry of opportunities for growth. Additionally, ' +
  'organizations must leverage these robust solutions to navigate the complex landscape of tomorrow.';
const FRENCH =
  "Le comité s'est réuni mardi pour revoir le budget, et personne n'en était vraiment satisfait. Certains chiffres avaient changé depuis le printemps, ce qui voulait dire que le projet de la nouvelle aile de la bibliothèque devrait attendre. J'ai demandé si nous pouvions diviser le travail en deux phases ; la réponse a été peut-être. À la fin de la réunion, trois personnes étaient parties et il n'y avait plus de café.";

/** The engine's own worker function, run in the test's thread (the same module graph as the server). */
function workerInThread(): Engine & { calls: EngineJob[] } {
  const base = inlineEngine();
  return {
    ...base,
    async run(job) {
      base.calls.push(job);
      const out = await work(job);
      if (!('text' in out)) throw new Error('the worker answered a check, not a rewrite');
      return out;
    },
  };
}

type User = { email: string; cookie: string; id: string };

describe('a rewrite does each piece of work once', () => {
  let t: TestProduct;
  let engine: ReturnType<typeof workerInThread>;
  let a: User;
  beforeAll(async () => {
    engine = workerInThread();
    t = await createTestProduct({ env: { RATE_LIMITS: 'off' }, engine });
    a = await t.newUser();
    await t.deps.db
      .update(subscribers)
      .set({ subscription_tier: 'Pro', subscribed: true, monthly_word_balance: 50_000 })
      .where(eq(subscribers.user_id, a.id));
  });
  afterAll(async () => t.close());

  const api = () => testClient(t.app).api;
  const signedIn = () => ({ headers: { cookie: a.cookie } });
  const rewrite = async (body: Omit<HumanizeInput, 'mode'>) => {
    const r = await api().functions['humanize-text'].$post({ json: { mode: 'deep', ...body } }, signedIn());
    expect(r.status, await r.clone().text()).toBe(200);
    // humanize-text answers with a prepared JSON string, so its type comes from the shared response schema.
    return apiHumanizeResponse.parse(await r.json());
  };
  const savedOptions = async () => (await api()['writing-options'].$get({}, signedIn())).json();

  it('the engine reads the language itself only when nobody handed it over (the counter sees the engine)', async () => {
    const before = reads();
    await work({ text: TEXT, mode: 'lightning', secondPass: false, llm: null });
    expect(reads() - before).toBe(1);
  });

  it('reads the language once per rewrite, on the website and the public API, and hands it to the engine', async () => {
    let before = reads();
    const out = await rewrite({ text: TEXT });
    expect(reads() - before).toBe(1);
    expect(engine.calls.at(-1)).toMatchObject({ language: { code: 'en', english: true }, modelExpected: false });
    // No model was given or expected: a light edit, charged, with the language the flow found.
    expect(out).toMatchObject({
      engine: 'local',
      outcome: 'light-edit',
      language: 'en',
      words_charged: countWords(TEXT),
    });

    const key = await (await api()['api-keys'].$post({ json: { name: 'k' } }, signedIn())).json();
    before = reads();
    // The public /v1 API has its own OpenAPI router, outside AppType.
    const v1 = await t.req('/v1/humanize', {
      body: { text: TEXT, mode: 'lightning' },
      headers: { authorization: `Bearer ${key.secret}` },
    });
    expect(v1.status).toBe(200);
    expect(reads() - before).toBe(1);
    expect(engine.calls.at(-1)?.language).toEqual({ code: 'en', english: true });

    // Another language without a model is refused after that one reading, before the engine and any charge.
    const calls = engine.calls.length;
    before = reads();
    const fr = await api().functions['humanize-text'].$post({ json: { mode: 'deep', text: FRENCH } }, signedIn());
    expect(fr.status).toBe(422);
    expect(reads() - before).toBe(1);
    expect(engine.calls.length).toBe(calls);
  });

  it('uses the options a rewrite sends without saving them; only the options endpoint saves', async () => {
    const chosen = await api().functions['writing-options'].$post(
      { json: { tone: 'casual', readingLevel: 'simple', keep: ['pivotal role'] } },
      signedIn(),
    );
    expect(chosen.status).toBe(200);
    const saved = await savedOptions();
    expect(saved).toEqual({ tone: 'casual', readingLevel: 'simple', keep: ['pivotal role'] });

    // Sent options apply to this rewrite and are stored with its entry, but the saved ones stay.
    await rewrite({ text: TEXT, tone: 'neutral', readingLevel: 'standard', keep: ['robust solutions'] });
    expect(engine.calls.at(-1)).toMatchObject({
      writing: { tone: 'neutral', readingLevel: 'standard' },
      keep: ['robust solutions'],
    });
    expect(await savedOptions()).toEqual(saved);
    await rewrite({ text: TEXT, keep: [] });
    expect(engine.calls.at(-1)).toMatchObject({ writing: { tone: 'casual', readingLevel: 'simple' }, keep: [] });
    expect(await savedOptions()).toEqual(saved);

    // What a rewrite does not send comes from the saved options.
    await rewrite({ text: TEXT, tone: 'neutral' });
    expect(engine.calls.at(-1)).toMatchObject({
      writing: { tone: 'neutral', readingLevel: 'simple' },
      keep: ['pivotal role'],
    });
    await rewrite({ text: TEXT, useSecondPrompt: true });
    expect(engine.calls.at(-1)).toMatchObject({
      writing: { tone: 'casual', readingLevel: 'simple' },
      keep: ['pivotal role'],
    });
    expect(await savedOptions()).toEqual(saved);
  });
});
