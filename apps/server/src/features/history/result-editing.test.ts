import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  countWords,
  textBlocks,
  type CreatedApiKey,
  type EditResultOutput,
  type HumanizeOutput,
  type SentenceAlternativesOutput,
  type TransformationDetail,
  type TransformationPage,
  type WritingPreferences,
} from '@plainspoken/shared';
import { humanize } from '@plainspoken/humanizer';
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
  };
}

type User = { email: string; cookie: string; id: string };

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

  async function humanizeAs(u: User, body: Record<string, unknown>): Promise<HumanizeOutput> {
    const r = await t.req('/api/functions/humanize-text', { cookie: u.cookie, body: { mode: 'deep', ...body } });
    expect(r.status, await r.clone().text()).toBe(200);
    return (await r.json()) as HumanizeOutput;
  }

  it('keeps frozen phrases, uses the remembered ones, and stores them with the entry', async () => {
    const keep = ['pivotal role', 'robust solutions'];
    const out = await humanizeAs(a, { text: TEXT, keep, tone: 'casual' });
    expect(engine.calls.at(-1)?.keep).toEqual(keep);
    for (const k of keep) expect(out.humanized_text).toContain(k);
    const savedKeep = async () =>
      ((await (await t.req('/api/writing-options', { cookie: a.cookie })).json()) as WritingPreferences).keep;
    // A rewrite does not save its phrases; the options endpoint does.
    expect(await savedKeep()).toEqual([]);
    const remembered = await t.req('/api/functions/writing-options', {
      cookie: a.cookie,
      body: { tone: 'casual', readingLevel: 'standard', keep },
    });
    expect(remembered.status).toBe(200);
    expect(await savedKeep()).toEqual(keep);
    // Without `keep` the saved phrases apply; an empty list sends none, and the saved ones stay.
    await humanizeAs(a, { text: TEXT, useSecondPrompt: true });
    expect(engine.calls.at(-1)?.keep).toEqual(keep);
    const detail = (await (
      await t.req(`/api/transformations/${out.transformation_id}`, { cookie: a.cookie })
    ).json()) as TransformationDetail;
    expect(detail).toMatchObject({ mode: 'deep', tone: 'casual', keep, original_text: TEXT, edited_at: null });
    await humanizeAs(a, { text: TEXT, keep: [] });
    expect(engine.calls.at(-1)?.keep).toEqual([]);
    expect(await savedKeep()).toEqual(keep);
  });

  it('refuses bad frozen phrases with a reason', async () => {
    for (const keep of [['two\nlines'], Array.from({ length: 21 }, (_, i) => `p${i}`), ['x'.repeat(101)], ['  ']]) {
      const r = await t.req('/api/functions/humanize-text', {
        cookie: a.cookie,
        body: { mode: 'deep', text: TEXT, keep },
      });
      expect(r.status).toBe(400);
      expect(((await r.json()) as { error: { message: string } }).error.message).toMatch(/keep/i);
    }
    const saved = await t.req('/api/functions/writing-options', {
      cookie: a.cookie,
      body: { tone: 'neutral', readingLevel: 'standard', keep: ['Acme Corp'] },
    });
    expect(((await saved.json()) as WritingPreferences).keep).toEqual(['Acme Corp']);
  });

  it('saves an edit in place, re-scores it for free, and marks it edited', async () => {
    const out = await humanizeAs(a, { text: TEXT, keep: [] });
    const before = await balanceOf(a);
    const edited = `${out.humanized_text} I wrote this last line myself, and it stays.`;
    const r = await t.req(`/api/transformations/${out.transformation_id}`, {
      method: 'PATCH',
      cookie: a.cookie,
      body: { text: edited },
    });
    expect(r.status).toBe(200);
    const body = (await r.json()) as EditResultOutput;
    expect(body.transformed_text).toBe(edited);
    expect(body.score_after).toBe(70);
    expect(body.edited_at).not.toBeNull();
    expect(await balanceOf(a)).toBe(before);
    const page = (await (await t.req('/api/transformations', { cookie: a.cookie })).json()) as TransformationPage;
    const item = page.items.find((i) => i.id === out.transformation_id)!;
    expect(item.transformed_text).toBe(edited);
    expect(item.edited_at).toBe(body.edited_at);
    // The AI check's rules: too short is refused; someone else's entry does not exist for this caller.
    const short = await t.req(`/api/transformations/${out.transformation_id}`, {
      method: 'PATCH',
      cookie: a.cookie,
      body: { text: 'Too short.' },
    });
    expect(short.status).toBe(400);
    const foreign = await t.req(`/api/transformations/${out.transformation_id}`, {
      method: 'PATCH',
      cookie: b.cookie,
      body: { text: edited },
    });
    expect(foreign.status).toBe(404);
    expect((await t.req(`/api/transformations/${out.transformation_id}`, { cookie: b.cookie })).status).toBe(404);
    // The tracked file tells the user's own words from the rewrite's.
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
    const put = await t.req(`/api/transformations/${id}`, { method: 'PATCH', cookie: a.cookie, body: { text } });
    expect(put.status).toBe(200);
    const end = text.indexOf('.') + 1;
    const sentence = text.slice(0, end);
    const before = await balanceOf(a);
    const r = await t.req(`/api/transformations/${id}/sentence-alternatives`, {
      cookie: a.cookie,
      body: { start: 0, end },
    });
    expect(r.status, await r.clone().text()).toBe(200);
    const alt = (await r.json()) as SentenceAlternativesOutput;
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
    const bad = await t.req(`/api/transformations/${id}/sentence-alternatives`, {
      cookie: a.cookie,
      body: { start: 10, end: 5 },
    });
    expect(bad.status).toBe(400);
    const beyond = await t.req(`/api/transformations/${id}/sentence-alternatives`, {
      cookie: a.cookie,
      body: { start: 0, end: text.length + 50 },
    });
    expect(beyond.status).toBe(400);
    const foreign = await t.req(`/api/transformations/${id}/sentence-alternatives`, {
      cookie: b.cookie,
      body: { start: 0, end },
    });
    expect(foreign.status).toBe(404);
    expect(await balanceOf(a)).toBe(before - countWords(sentence));
    // Choosing one is an edit of the result.
    const chosen = alt.alternatives[0]!.text + text.slice(end);
    const saved = await t.req(`/api/transformations/${id}`, {
      method: 'PATCH',
      cookie: a.cookie,
      body: { text: chosen },
    });
    expect(saved.status).toBe(200);
    // In the tracked file the chosen alternative is the engine's words, not the user's.
    const docx = await t.req(`/api/transformations/${id}/export.docx?changes=tracked`, { cookie: a.cookie });
    const comments = unzip(new Uint8Array(await docx.arrayBuffer())).get('word/comments.xml') ?? '';
    expect(comments).toContain('<w:comment ');
    expect(comments).not.toContain('edited by you');
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
    const key = (await (
      await t.req('/api/api-keys', { body: { name: 'docx' }, cookie: a.cookie })
    ).json()) as CreatedApiKey;
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
    const spec = (await (await t.req('/api/openapi.json')).json()) as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(spec.paths['/v1/transformations/{id}/export.docx']).toBeDefined();
    // keep through the API: the phrases the call sends reach the rewrite, and come back verbatim.
    const viaApi = await t.app.request('http://localhost:3000/v1/humanize', {
      method: 'POST',
      headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: TEXT, mode: 'deep', keep: ['robust solutions'] }),
    });
    expect(viaApi.status, await viaApi.clone().text()).toBe(200);
    expect(engine.calls.at(-1)?.keep).toEqual(['robust solutions']);
    expect(((await viaApi.json()) as HumanizeOutput).humanized_text).toContain('robust solutions');
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
    const r = await t.req('/api/functions/humanize-text', {
      cookie: u.cookie,
      body: { mode: 'deep', text: TEXT, keep: ['pivotal role'] },
    });
    const out = (await r.json()) as HumanizeOutput;
    const id = out.transformation_id!;
    const text = `${TEXT.slice(0, TEXT.indexOf('.') + 1)} ${out.humanized_text}`;
    await t.req(`/api/transformations/${id}`, { method: 'PATCH', cookie: u.cookie, body: { text } });
    const before = ollama.chatRequests;
    const res = await t.req(`/api/transformations/${id}/sentence-alternatives`, {
      cookie: u.cookie,
      body: { start: 0, end: text.indexOf('.') + 1 },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const alt = (await res.json()) as SentenceAlternativesOutput;
    expect(ollama.chatRequests).toBeGreaterThan(before);
    expect(engine.calls.at(-1)?.llm).not.toBeNull();
    expect(engine.calls.at(-1)?.keep).toEqual(['pivotal role']);
    const prompt = ollama.prompts.at(-1) ?? '';
    expect(prompt).toMatch(/\{\{\d+\}\}/);
    expect(prompt).not.toContain('pivotal role');
    for (const a of alt.alternatives) expect(a.text).toContain('pivotal role');
  }, 60_000);
});
