import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import { z } from 'zod';
import {
  RESULT_MSG,
  apiErrorResponse,
  apiHumanizeResponse,
  countWords,
  textBlocks,
  type HumanizeInput,
} from '@plainspoken/shared';
import { humanize, sentenceAlternativesLocal } from '@plainspoken/humanizer';
import { startFakeOllama, type FakeOllama } from '@plainspoken/humanizer/testing';
import { subscribers, transformations } from '../../db/schema';
import { reconcileWords } from '../../domain/word-ledger';
import type { Engine, EngineJob } from '../../lib/engine/engine';
import { createTestProduct, inlineEngine, type TestProduct } from '../../test/harness';
import { docxParagraphs, unzip } from '../../test/docx';

const TEXT =
  'In today\u2019s fast-paced world, technology plays a pivotal role in shaping how we live and work. Moreover, it ' +
  'is important to note that digital tools delve into every corner of modern society. Furthermore, the role of ' +
  'innovation cannot be overstated, as it fosters a rich tapestry of opportunities for growth. Additionally, ' +
  'organizations must leverage these robust solutions to navigate the complex landscape of tomorrow.';

/** The real local rewriter in the test's thread (the harness's detector answer for scores). */
function realEngine(): Engine & { calls: EngineJob[] } {
  const base = inlineEngine();
  return {
    ...base,
    async run(job) {
      base.calls.push(job);
      const r = await humanize(job.text, {
        mode: job.mode,
        seed: job.seed,
        keep: job.keep,
        writing: job.writing,
        secondPass: job.secondPass,
        avoidText: job.avoidText,
        llm: job.llm ? { ...job.llm, callTimeoutMs: 5_000, deadlineMs: 15_000 } : null,
        modelExpected: job.modelExpected,
        language: job.language,
      });
      return r;
    },
    // The light edit's real candidates for a sentence, scored by the real detector.
    alternatives: async (job) => sentenceAlternativesLocal(job.text, job, job),
  };
}

type User = { email: string; cookie: string; id: string };
const by = (cookie: string) => ({ headers: { cookie } });
/** The parts of the OpenAPI document this test reads (the document is served outside AppType). */
const openApiDocument = z.object({
  paths: z.record(z.string(), z.unknown()),
  components: z.object({
    schemas: z.record(z.string(), z.object({ properties: z.record(z.string(), z.unknown()).optional() })),
  }),
});

describe('working on a result', () => {
  let t: TestProduct;
  let engine: ReturnType<typeof realEngine>;
  let a: User;
  let b: User;
  const balanceOf = async (u: User) =>
    (await t.deps.db.select().from(subscribers).where(eq(subscribers.user_id, u.id)))[0]!.monthly_word_balance;
  const setPlan = async (u: User, tier: 'Basic' | 'Pro', balance: number) =>
    t.deps.db
      .update(subscribers)
      .set({ subscription_tier: tier, subscribed: true, monthly_word_balance: balance })
      .where(eq(subscribers.user_id, u.id));

  beforeAll(async () => {
    engine = realEngine();
    t = await createTestProduct({ env: { RATE_LIMITS: 'off' }, engine });
    a = await t.newUser();
    b = await t.newUser();
    await setPlan(a, 'Pro', 50_000);
  });
  afterAll(async () => t.close());

  const api = () => testClient(t.app).api;
  const entry = () => api().transformations[':id'];
  async function humanizeAs(u: User, body: Omit<HumanizeInput, 'mode'>) {
    const r = await api().functions['humanize-text'].$post({ json: { mode: 'deep', ...body } }, by(u.cookie));
    expect(r.status, await r.clone().text()).toBe(200);
    // humanize-text answers with a prepared JSON string, so its type comes from the shared response schema.
    return apiHumanizeResponse.parse(await r.json());
  }

  it('keeps frozen phrases, uses the remembered ones, and stores them with the entry', async () => {
    const keep = ['pivotal role', 'robust solutions'];
    const out = await humanizeAs(a, { text: TEXT, keep, tone: 'casual' });
    expect(engine.calls.at(-1)?.keep).toEqual(keep);
    for (const k of keep) expect(out.humanized_text).toContain(k);
    const savedKeep = async () => (await (await api()['writing-options'].$get({}, by(a.cookie))).json()).keep;
    // A rewrite does not save its phrases; the options endpoint does.
    expect(await savedKeep()).toEqual([]);
    const remembered = await api().functions['writing-options'].$post(
      { json: { tone: 'casual', readingLevel: 'standard', keep } },
      by(a.cookie),
    );
    expect(remembered.status).toBe(200);
    expect(await savedKeep()).toEqual(keep);
    // Without `keep` the saved phrases apply; an empty list sends none, and the saved ones stay.
    await humanizeAs(a, { text: TEXT, useSecondPrompt: true });
    expect(engine.calls.at(-1)?.keep).toEqual(keep);
    const detail = await (await entry().$get({ param: { id: String(out.transformation_id) } }, by(a.cookie))).json();
    expect(detail).toMatchObject({ mode: 'deep', tone: 'casual', keep, original_text: TEXT, edited_at: null });
    await humanizeAs(a, { text: TEXT, keep: [] });
    expect(engine.calls.at(-1)?.keep).toEqual([]);
    expect(await savedKeep()).toEqual(keep);
  });

  it('history says what the result said had happened, in the same words', async () => {
    const out = await humanizeAs(a, { text: TEXT, tone: 'casual' });
    expect(out.notes.length, 'a casual tone is a note on a light edit').toBeGreaterThan(0);
    const list = await (await api().transformations.$get({ query: {} }, by(a.cookie))).json();
    const item = list.items.find((x) => x.id === out.transformation_id);
    expect(item).toMatchObject({ engine: out.engine, summary: out.summary, notes: out.notes });
    const detail = await (await entry().$get({ param: { id: String(out.transformation_id) } }, by(a.cookie))).json();
    expect(detail).toMatchObject({ engine: out.engine, summary: out.summary, notes: out.notes });
  });

  it('refuses bad frozen phrases with a reason', async () => {
    for (const keep of [['two\nlines'], Array.from({ length: 21 }, (_, i) => `p${i}`), ['x'.repeat(101)], ['  ']]) {
      const r = await api().functions['humanize-text'].$post(
        { json: { mode: 'deep', text: TEXT, keep } },
        by(a.cookie),
      );
      expect(r.status).toBe(400);
      expect(apiErrorResponse.parse(await r.json()).error.message).toMatch(/keep/i);
    }
    const saved = await api().functions['writing-options'].$post(
      { json: { tone: 'neutral', readingLevel: 'standard', keep: ['Acme Corp'] } },
      by(a.cookie),
    );
    expect((await saved.json()).keep).toEqual(['Acme Corp']);
  });

  it('saves an edit in place, re-scores it for free, and marks it edited', async () => {
    const out = await humanizeAs(a, { text: TEXT, keep: [] });
    const before = await balanceOf(a);
    const edited = `${out.humanized_text} I wrote this last line myself, and it stays.`;
    const param = { id: String(out.transformation_id) };
    const r = await entry().$patch({ param, json: { text: edited } }, by(a.cookie));
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body.transformed_text).toBe(edited);
    expect(body.score_after).toBe(70);
    expect(body.edited_at).not.toBeNull();
    expect(await balanceOf(a)).toBe(before);
    const page = await (await api().transformations.$get({ query: {} }, by(a.cookie))).json();
    const item = page.items.find((i) => i.id === out.transformation_id)!;
    expect(item.transformed_text).toBe(edited);
    expect(item.edited_at).toBe(body.edited_at);
    // The AI check's rules: too short is refused; someone else's entry does not exist for this caller.
    const short = await entry().$patch({ param, json: { text: 'Too short.' } }, by(a.cookie));
    expect(short.status).toBe(400);
    const foreign = await entry().$patch({ param, json: { text: edited } }, by(b.cookie));
    expect(foreign.status).toBe(404);
    expect((await entry().$get({ param }, by(b.cookie))).status).toBe(404);
    // The tracked file tells the user's own words from the rewrite's (the file's bytes, read raw).
    const docx = await t.req(`/api/transformations/${out.transformation_id}/export.docx?changes=tracked`, {
      cookie: a.cookie,
    });
    const parts = unzip(new Uint8Array(await docx.arrayBuffer()));
    expect(parts.get('word/comments.xml')).toContain('edited by you after the rewrite');
    expect(docxParagraphs(parts.get('word/document.xml')!, 'accept')).toEqual(textBlocks(edited).map((x) => x.text));
  });

  it('rewrites one sentence, charging only its words through the ledger', async () => {
    const out = await humanizeAs(a, { text: TEXT, keep: [] });
    const id = out.transformation_id!;
    // The user puts a machine-sounding sentence back (an edit), then asks for that sentence's alternatives.
    const text = `${TEXT.slice(0, TEXT.indexOf('.') + 1)} ${out.humanized_text}`;
    const put = await entry().$patch({ param: { id }, json: { text } }, by(a.cookie));
    expect(put.status).toBe(200);
    const end = text.indexOf('.') + 1;
    const sentence = text.slice(0, end);
    const before = await balanceOf(a);
    const alternatives = (range: { start: number; end: number }, cookie: string) =>
      api().transformations[':id']['sentence-alternatives'].$post({ param: { id }, json: range }, by(cookie));
    const r = await alternatives({ start: 0, end }, a.cookie);
    expect(r.status, await r.clone().text()).toBe(200);
    const alt = await r.json();
    expect(alt.original.text).toBe(sentence.trim());
    expect(alt.alternatives.length).toBeGreaterThan(0);
    expect(alt.alternatives.length).toBeLessThanOrEqual(3);
    for (const x of alt.alternatives) {
      expect(x.text).not.toBe(sentence.trim());
      expect(typeof x.score).toBe('number');
    }
    expect(alt.words_charged).toBe(countWords(sentence));
    expect(await balanceOf(a)).toBe(before - countWords(sentence));
    expect(alt.remaining_balance).toBe(before - countWords(sentence));
    const row = (await t.deps.db.select().from(transformations).where(eq(transformations.id, id)))[0]!;
    expect(row.words_charged).toBe(out.words_charged + countWords(sentence));
    expect((await reconcileWords(t.deps.db)).ok).toBe(true);
    // A range that is not a sentence of the result, or someone else's entry: refused, nothing charged.
    const bad = await alternatives({ start: 10, end: 5 }, a.cookie);
    expect(bad.status).toBe(400);
    const beyond = await alternatives({ start: 0, end: text.length + 50 }, a.cookie);
    expect(beyond.status).toBe(400);
    const foreign = await alternatives({ start: 0, end }, b.cookie);
    expect(foreign.status).toBe(404);
    expect(await balanceOf(a)).toBe(before - countWords(sentence));
    // Choosing one is an edit of the result.
    const chosen = alt.alternatives[0]!.text + text.slice(end);
    const saved = await entry().$patch({ param: { id }, json: { text: chosen } }, by(a.cookie));
    expect(saved.status).toBe(200);
    // In the tracked file the chosen alternative is the engine's words, not the user's.
    const docx = await t.req(`/api/transformations/${id}/export.docx?changes=tracked`, { cookie: a.cookie });
    const comments = unzip(new Uint8Array(await docx.arrayBuffer())).get('word/comments.xml') ?? '';
    expect(comments).toContain('<w:comment ');
    expect(comments).not.toContain('edited by you');
  });

  it('without a model: offers only light-edit wordings that score lower, says before the click when there are none, never a greeting', async () => {
    const letter =
      'Dear Hiring Manager,\n\nI am writing to express my strong interest in the Marketing Coordinator position at your company. ' +
      'In my previous role, I leveraged data-driven insights to optimize campaigns and foster collaboration between departments. ' +
      'Additionally, my ability to navigate complex projects has allowed me to deliver results in fast-paced environments. ' +
      'Thank you for considering my application.\n\nSincerely,\nAlex Morgan';
    const out = await humanizeAs(a, { text: letter, keep: [] });
    const id = out.transformation_id!;
    // The entry as the user left it: the letter as written.
    expect((await entry().$patch({ param: { id }, json: { text: letter } }, by(a.cookie))).status).toBe(200);
    const range = (s: string) => ({ start: letter.indexOf(s), end: letter.indexOf(s) + s.length });
    const check = (r: { start: number; end: number }) =>
      api().transformations[':id']['sentence-alternatives'].check.$post({ param: { id }, json: r }, by(a.cookie));
    const rewrite = (r: { start: number; end: number }) =>
      api().transformations[':id']['sentence-alternatives'].$post({ param: { id }, json: r }, by(a.cookie));
    const before = await balanceOf(a);

    // Greetings and sign-offs: not offered before the click, refused on it, nothing charged.
    for (const g of ['Dear Hiring Manager,', 'Sincerely,\nAlex Morgan', 'Alex Morgan']) {
      const c = await check(range(g));
      expect(await c.json()).toMatchObject({ rewritable: false, reason: RESULT_MSG.greeting });
      expect((await rewrite(range(g))).status).toBe(400);
    }
    // A sentence the light edit has nothing better for: said before the click, and free if clicked anyway.
    const plain = 'Thank you for considering my application.';
    expect(await (await check(range(plain))).json()).toMatchObject({
      rewritable: false,
      reason: RESULT_MSG.needsModel,
    });
    const none = await (await rewrite(range(plain))).json();
    expect(none).toMatchObject({
      alternatives: [],
      words_charged: 0,
      cost: 'No words charged',
      reason: RESULT_MSG.needsModel,
    });
    expect(await balanceOf(a)).toBe(before);

    // A stock sentence: real alternatives, each making the whole text score lower, charged for its words.
    const stock =
      'Additionally, my ability to navigate complex projects has allowed me to deliver results in fast-paced environments.';
    expect(await (await check(range(stock))).json()).toMatchObject({ rewritable: true, reason: null, model: false });
    const alt = await (await rewrite(range(stock))).json();
    expect(alt.alternatives.length).toBeGreaterThan(0);
    for (const x of alt.alternatives) expect(x.score).toBeLessThan(alt.original.score);
    expect(alt).toMatchObject({ words_charged: countWords(stock), cost: `${countWords(stock)} words charged` });
    expect(await balanceOf(a)).toBe(before - countWords(stock));

    // A range that cuts a character in two is not a sentence.
    const emoji = `${letter} Thanks \u{1F600} again for reading this.`;
    expect((await entry().$patch({ param: { id }, json: { text: emoji } }, by(a.cookie))).status).toBe(200);
    const cut = emoji.indexOf('\u{1F600}') + 1;
    expect((await rewrite({ start: cut, end: emoji.length })).status).toBe(400);
  });

  it('exports the entry as Word with tracked changes, and plain', async () => {
    const out = await humanizeAs(a, { text: TEXT, keep: [] });
    const id = out.transformation_id!;
    const r = await t.req(`/api/transformations/${id}/export.docx?changes=tracked`, { cookie: a.cookie });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('wordprocessingml.document');
    expect(r.headers.get('content-disposition')).toMatch(/attachment; filename=".*-tracked\.docx"/);
    const parts = unzip(new Uint8Array(await r.arrayBuffer()));
    const doc = parts.get('word/document.xml')!;
    expect(doc).toMatch(/<w:ins\b[^>]*w:author="Plainspoken"/);
    expect(doc).toMatch(/<w:del\b[^>]*w:author="Plainspoken"/);
    expect(parts.get('word/comments.xml')).toMatch(/<w:comment\b/);
    expect(docxParagraphs(doc, 'accept')).toEqual(textBlocks(out.humanized_text).map((x) => x.text));
    expect(docxParagraphs(doc, 'reject')).toEqual(textBlocks(TEXT).map((x) => x.text));
    const plain = await t.req(`/api/transformations/${id}/export.docx`, { cookie: a.cookie });
    expect(unzip(new Uint8Array(await plain.arrayBuffer())).get('word/document.xml')).not.toMatch(/<w:ins\b/);
    expect((await t.req(`/api/transformations/${id}/export.docx?changes=maybe`, { cookie: a.cookie })).status).toBe(
      400,
    );
    expect((await t.req(`/api/transformations/${id}/export.docx?changes=tracked`, { cookie: b.cookie })).status).toBe(
      404,
    );
    expect((await t.req(`/api/transformations/${id}/export.docx`)).status).toBe(401);
  });

  it('exports under /v1 for an API key, as the OpenAPI document says', async () => {
    const out = await humanizeAs(a, { text: TEXT, keep: [] });
    const key = await (await api()['api-keys'].$post({ json: { name: 'docx' } }, by(a.cookie))).json();
    // The /v1 API and its OpenAPI document have their own router, outside AppType.
    const res = await t.app.request(
      `http://localhost:3000/v1/transformations/${out.transformation_id}/export.docx?changes=tracked`,
      {
        headers: { authorization: `Bearer ${key.secret}` },
      },
    );
    expect(res.status).toBe(200);
    const doc = unzip(new Uint8Array(await res.arrayBuffer())).get('word/document.xml')!;
    expect(doc).toMatch(/<w:ins\b/);
    const other = await t.app.request(
      `http://localhost:3000/v1/transformations/00000000-0000-4000-8000-000000000000/export.docx`,
      {
        headers: { authorization: `Bearer ${key.secret}` },
      },
    );
    expect(other.status).toBe(404);
    const spec = openApiDocument.parse(await (await t.req('/api/openapi.json')).json());
    expect(spec.paths['/v1/transformations/{id}/export.docx']).toBeDefined();
    // keep through the API: the phrases the call sends reach the rewrite, and come back verbatim.
    const viaApi = await t.app.request('http://localhost:3000/v1/humanize', {
      method: 'POST',
      headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: TEXT, mode: 'deep', keep: ['robust solutions'] }),
    });
    expect(viaApi.status, await viaApi.clone().text()).toBe(200);
    expect(engine.calls.at(-1)?.keep).toEqual(['robust solutions']);
    expect(apiHumanizeResponse.parse(await viaApi.json()).humanized_text).toContain('robust solutions');
    expect(spec.components.schemas.HumanizeRequest?.properties?.keep).toBeDefined();
  });
});

describe('sentence alternatives with a model', () => {
  let t: TestProduct;
  let ollama: FakeOllama;
  let engine: ReturnType<typeof realEngine>;
  beforeAll(async () => {
    ollama = await startFakeOllama({ models: ['qwen2.5:7b-instruct'] });
    engine = realEngine();
    t = await createTestProduct({
      engine,
      env: { RATE_LIMITS: 'off', OLLAMA_HOST: ollama.url, OLLAMA_PROBE_SECONDS: '1' },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await ollama?.close();
  });

  it('asks the model for the sentence, with the frozen phrases of the entry as placeholders', async () => {
    const u = await t.newUser();
    await t.deps.db.update(subscribers).set({ monthly_word_balance: 10_000 }).where(eq(subscribers.user_id, u.id));
    // The provider finds Ollama at start; wait until the model is in use.
    await expect.poll(() => t.deps.models?.current('deep') ?? null, { timeout: 10_000 }).not.toBeNull();
    const api = testClient(t.app).api;
    const r = await api.functions['humanize-text'].$post(
      { json: { mode: 'deep', text: TEXT, keep: ['pivotal role'] } },
      by(u.cookie),
    );
    const out = apiHumanizeResponse.parse(await r.json());
    const id = out.transformation_id!;
    const text = `${TEXT.slice(0, TEXT.indexOf('.') + 1)} ${out.humanized_text}`;
    await api.transformations[':id'].$patch({ param: { id }, json: { text } }, by(u.cookie));
    // The provider is probed every second with a 3 s timeout: on a loaded machine one slow probe marks it down
    // until the next answers. The sentence alternatives are asked with the model in use.
    await expect.poll(() => t.deps.models?.current('deep') ?? null, { timeout: 10_000 }).not.toBeNull();
    const before = ollama.chatRequests;
    const res = await api.transformations[':id']['sentence-alternatives'].$post(
      { param: { id }, json: { start: 0, end: text.indexOf('.') + 1 } },
      by(u.cookie),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const alt = await res.json();
    expect(ollama.chatRequests).toBeGreaterThan(before);
    expect(engine.calls.at(-1)?.llm).not.toBeNull();
    expect(engine.calls.at(-1)?.keep).toEqual(['pivotal role']);
    const prompt = ollama.prompts.at(-1) ?? '';
    expect(prompt).toMatch(/\{\{\d+\}\}/);
    expect(prompt).not.toContain('pivotal role');
    for (const a of alt.alternatives) expect(a.text).toContain('pivotal role');
  }, 60_000);
});
