import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { serve } from '@hono/node-server';
import {
  ALTERNATIVE_MSG,
  apiHumanizeResponse,
  countWords,
  type CreatedApiKey,
  type HumanizeOutput,
  type TransformationDetail,
} from '@plainspoken/shared';
import { checkFaithful, humanize } from '@plainspoken/humanizer';
import { detectScore } from '@plainspoken/detector';
import { meaningReport } from '@plainspoken/humanizer/meaning';
import { startScriptedProvider } from '@plainspoken/humanizer/testing';
import { subscribers, transformations } from '../../db/schema';
import { createEnginePool } from '../../lib/engine/engine';
import { BASE, createTestProduct, type TestProduct } from '../../test/harness';

/**
 * Never hand over worse (decision 0059), over real HTTP with a model connected (a scripted provider): a model
 * rewrite that scores higher than the light edit is not the result. The light edit is delivered and charged as a
 * light edit; the model's version is stored with the history entry, returned by the website's route, History's
 * reopen and /v1/humanize, and never charged.
 */
const TEXT =
  "In today's fast-paced world, the community center plays a pivotal role in fostering connection. Moreover, it offers a wide range of programs that cater to diverse needs. Furthermore, its dedicated staff work tirelessly to ensure that every visitor feels welcome. Ultimately, the center serves as a vital hub for residents of all ages.";
// Faithful, but as machine-like as the text: the light edit scores lower.
const STIFF =
  "In today's fast-paced world, the community center plays a crucial role in fostering connection. Additionally, it offers a wide range of programs that cater to diverse needs. Furthermore, its dedicated staff work tirelessly to ensure that every visitor feels welcome. Ultimately, the center serves as a vital hub for residents of all ages.";
// Faithful and plainer: each scores lower than the text; the tests use the first that passes the meaning check
// whole and scores lower than the light edit (the detector and the check are tuned over time).
const PLAIN = [
  'In a world that moves this fast, the community center plays a big part in helping people connect. It runs a wide range of programs that suit diverse needs. Its staff work hard so that every visitor feels welcome. For residents of all ages, the center is a vital hub.',
  'In a world that moves this fast, the community center plays a big part in helping people connect. It runs a wide range of programs that suit diverse needs. Its staff work hard so that every visitor feels welcome. In the end, the center is a vital hub for residents of all ages.',
  'In a world that moves this fast, the community center is key to helping people connect. It runs a wide range of programs for all sorts of needs. Its staff work hard so that every visitor feels welcome. For residents of all ages, the center is the hub.',
];

describe('the model version not used, over HTTP', () => {
  let t: TestProduct;
  let provider: { url: string; close: () => Promise<void> };
  let server: ReturnType<typeof serve>;
  let origin = '';
  let answer = STIFF;
  let u: { id: string; cookie: string };
  let key: CreatedApiKey;
  const START = 50_000;

  const http = (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    fetch(`${origin}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        origin: BASE,
        'x-forwarded-for': '10.77.0.1',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const balance = async () =>
    (await t.deps.db.select().from(subscribers).where(eq(subscribers.user_id, u.id)))[0]!.monthly_word_balance;

  beforeAll(async () => {
    provider = await startScriptedProvider((prompt) => {
      // Deep's second opinion (on by default): it finds every sentence it is asked about the same.
      if (/<(?:pairs|passages)>/.test(prompt))
        return [...prompt.matchAll(/^(\d+)\. A: /gm)].map((m) => `${m[1]}. NONE`).join('\n');
      const list = /<sentences>\n([\s\S]*?)\n<\/sentences>/.exec(prompt);
      return list ? (list[1] ?? '') : answer;
    });
    t = await createTestProduct({
      env: {
        RATE_LIMITS: 'off',
        HUMANIZER_LLM_BASE_URL: provider.url,
        HUMANIZER_LLM_API_KEY: 'scripted',
        HUMANIZER_LLM_MODEL: 'scripted-model',
      },
      engine: createEnginePool({ threads: 1, queueLimit: 4, timeoutMs: 60_000 }),
    });
    u = await t.newUser();
    await t.deps.db
      .update(subscribers)
      .set({ subscription_tier: 'Pro', subscribed: true, monthly_word_balance: START })
      .where(eq(subscribers.user_id, u.id));
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    server = s;
    await new Promise<void>((r) => s.once('listening', () => r()));
    origin = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
    const k = await http('/api/api-keys', { body: { name: 'alternative' }, headers: { cookie: u.cookie } });
    expect(k.status).toBe(201);
    key = (await k.json()) as CreatedApiKey;
  }, 60_000);
  afterAll(async () => {
    await new Promise<void>((r) => server?.close(() => r()));
    await t?.close();
    await provider?.close();
  });

  it('delivers the light edit, stores the model version, shows it in History and charges only the result', async () => {
    answer = STIFF;
    const res = await http('/api/functions/humanize-text', {
      body: { text: TEXT, mode: 'deep', useSecondPrompt: false },
      headers: { cookie: u.cookie },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const h = (await res.json()) as HumanizeOutput;
    expect(h.engine).toBe('local');
    expect(h.outcome).toBe('light-edit');
    expect(h.humanized_text).not.toBe(STIFF);
    const a = h.alternative!;
    expect(a).toBeDefined();
    expect(a.text).toBe(STIFF);
    expect(a.delivered).toBe('light-edit');
    expect(a.delivered_score).toBe(h.score_after);
    expect(a.score).toBeGreaterThan(h.score_after!);
    expect(a.model).toBe('scripted-model');
    expect(a.reason).toBe(ALTERNATIVE_MSG.reason(a));
    expect(a.reason).toContain(`The model's rewrite scored ${a.score}%; the light edit scored ${h.score_after}%`);
    // Its meaning report is read from the text and the model's version, as a result's is.
    expect(a.meaning).toEqual(meaningReport(TEXT, STIFF));
    expect(h.notes).toContain(ALTERNATIVE_MSG.note(a));
    // Charged as the light edit it delivered (it scores lower than the text): the text's words, once.
    expect(h.score_after!).toBeLessThan(h.score_before!);
    expect(h.words_charged).toBe(countWords(TEXT));
    expect(await balance()).toBe(START - countWords(TEXT));
    expect(h.remaining_balance).toBe(START - countWords(TEXT));

    // Stored with the history entry.
    const [row] = await t.deps.db.select().from(transformations).where(eq(transformations.id, h.transformation_id!));
    expect(row!.alternative).toMatchObject({ text: STIFF, score: a.score, delivered_score: a.delivered_score });
    expect(row!.words_charged).toBe(countWords(TEXT));

    // History's reopen gives it back, with the same reason and report.
    const d = await http(`/api/transformations/${h.transformation_id}`, { headers: { cookie: u.cookie } });
    expect(d.status).toBe(200);
    const detail = (await d.json()) as TransformationDetail;
    expect(detail.alternative).toEqual(a);
    expect(detail.transformed_text).toBe(h.humanized_text);
    expect(detail.notes).toContain(ALTERNATIVE_MSG.note(a));
  }, 60_000);

  it("a tone only a full rewrite follows: the light edit's note points to the model's version below", async () => {
    const text = TEXT.replace('community center', 'parish hall');
    answer = STIFF.replace('community center', 'parish hall');
    const res = await http('/api/functions/humanize-text', {
      body: { text, mode: 'deep', useSecondPrompt: false, tone: 'academic' },
      headers: { cookie: u.cookie },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const h = (await res.json()) as HumanizeOutput;
    expect(h.engine).toBe('local');
    expect(h.alternative?.text).toBe(answer);
    expect(h.notes).toContain(
      "An academic tone needs a full rewrite (the model's version, not used, is below), so this light edit kept your wording's style there.",
    );
  }, 60_000);

  it('/v1/humanize answers with the alternative its schema describes, uncharged', async () => {
    const text = TEXT.replace('community center', 'town library');
    answer = STIFF.replace('community center', 'town library');
    const before = await balance();
    const res = await http('/v1/humanize', {
      body: { text, mode: 'deep' },
      headers: { authorization: `Bearer ${key.secret}` },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const h = apiHumanizeResponse.parse(await res.json());
    expect(h.engine).toBe('local');
    expect(h.alternative?.text).toBe(answer);
    expect(h.words_charged).toBe(h.humanized_text === text ? 0 : countWords(text));
    expect(await balance()).toBe(before - h.words_charged);
    const doc = (await (await http('/api/openapi.json')).json()) as {
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const described = JSON.stringify(doc.components.schemas.HumanizeResponse?.properties?.alternative ?? null);
    for (const field of ['text', 'score', 'delivered_score', 'delivered', 'reason', 'meaning'])
      expect(described, field).toContain(`"${field}"`);
    expect(described).toContain('never charged');
  }, 60_000);

  it('a model rewrite that scores lower is the result, with no alternative stored or shown', async () => {
    // The light edit the server's engine compares with: the same text, mode and (default) seed, a first pass.
    const light = await humanize(TEXT, { mode: 'deep' });
    const plain = PLAIN.find(
      (p) => checkFaithful(TEXT, p).failures.length === 0 && detectScore(p).score < light.scoreAfter!,
    );
    expect(plain, 'a plain rewrite that passes the check whole and scores lower than the light edit').toBeDefined();
    answer = plain!;
    // Another user: a first pass of this text, not a replay of the first user's entry.
    const other = await t.newUser();
    await t.deps.db
      .update(subscribers)
      .set({ subscription_tier: 'Pro', subscribed: true, monthly_word_balance: START })
      .where(eq(subscribers.user_id, other.id));
    const res = await http('/api/functions/humanize-text', {
      body: { text: TEXT, mode: 'deep', useSecondPrompt: false },
      headers: { cookie: other.cookie },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const h = (await res.json()) as HumanizeOutput;
    expect(h.engine).toBe('model');
    expect(h.humanized_text).toBe(plain);
    expect(h.alternative).toBeUndefined();
    const [row] = await t.deps.db.select().from(transformations).where(eq(transformations.id, h.transformation_id!));
    expect(row!.alternative).toBeNull();
    // The meaning report says what the second opinion read (decision 0067): every sentence the model wrote.
    const written = plain!.split(/(?<=\.) /).length;
    expect(h.meaning.secondReading).toEqual({ heard: written, rewritten: written });
    expect(h.meaning.summary).toMatch(
      new RegExp(
        `A second reading by the model compared all ${written} rewritten sentences with yours and found them the same$`,
      ),
    );
    expect(row!.second_reading).toEqual({ heard: written, rewritten: written });
    const d = (await (
      await http(`/api/transformations/${h.transformation_id}`, { headers: { cookie: other.cookie } })
    ).json()) as TransformationDetail;
    expect(d.alternative).toBeNull();
    // History reads the same report again.
    expect(d.meaning).toEqual(h.meaning);
  }, 60_000);
});
