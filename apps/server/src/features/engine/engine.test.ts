import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testClient } from 'hono/testing';
import { startFakeOllama, type FakeOllama } from '@plainspoken/humanizer/testing';
import { apiHumanizeResponse, type HumanizeInput, type HumanizeOutput } from '@plainspoken/shared';
import { subscribers } from '../../db/schema';
import { createEnginePool } from '../../lib/engine/engine';
import { createTestProduct, type TestProduct } from '../../test/harness';

/**
 * The model path end to end over real HTTP: a fake Ollama speaking Ollama's API, the real engine pool
 * (worker threads running the model loop), the real database. Ollama is found at OLLAMA_HOST with no other
 * configuration, goes away (the next rewrite falls back) and comes back (found again by the periodic check).
 */
const ADMIN = 'ops@example.com';
const TEXT =
  'It is important to note that remote work has changed how teams collaborate. Moreover, companies do not need large offices anymore, ' +
  'and many employees report that they utilize the saved commuting time for exercise and family. However, managers must learn new ways ' +
  'to keep everyone aligned, because informal conversations in the hallway no longer happen on their own.';

/** Polls `f` until it holds; fails after `ms` naming what did not happen. */
const until = (what: string, f: () => Promise<boolean>, ms = 10_000): Promise<void> =>
  vi.waitFor(
    async () => {
      if (!(await f())) throw new Error(`not within ${ms} ms: ${what}`);
    },
    { timeout: ms, interval: 100 },
  );

describe('the engine: zero-config Ollama, fallback and recovery, usage, pulls, model choice', () => {
  let ollama: FakeOllama;
  let t: TestProduct;
  let admin: { cookie: string };
  let member: { cookie: string };

  beforeAll(async () => {
    ollama = await startFakeOllama({ models: ['qwen2.5:7b-instruct'], pullSteps: 6, pullStepMs: 20 });
    const engine = createEnginePool({ threads: 1, queueLimit: 8, timeoutMs: 60_000 });
    t = await createTestProduct({
      engine,
      env: {
        OLLAMA_HOST: ollama.url,
        OLLAMA_PROBE_SECONDS: '1',
        ADMIN_EMAILS: ADMIN,
        RATE_LIMITS: 'off',
        HUMANIZER_LLM_PRICE_IN: '0.5',
        HUMANIZER_LLM_PRICE_OUT: '1.5',
      },
    });
    admin = await t.newUser(ADMIN);
    member = await t.newUser('writer@example.com');
    await t.deps.db.update(subscribers).set({ monthly_word_balance: 100_000 });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await ollama?.close();
  });

  const api = () => testClient(t.app).api;
  const asAdmin = () => ({ headers: { cookie: admin.cookie } });
  const asMember = () => ({ headers: { cookie: member.cookie } });
  /** The model wrote it: delivered, or offered beside the light edit that scored lower (decision 0059). */
  const byModel = (r: HumanizeOutput): boolean => r.engine === 'model' || r.alternative !== undefined;
  /** Lightning results the model wrote but that were offered, not delivered (not counted as by the model). */
  let offered = 0;
  const humanize = async (body: Partial<HumanizeInput>, cookie = member.cookie): Promise<HumanizeOutput> => {
    const res = await api().functions['humanize-text'].$post(
      { json: { text: TEXT, mode: 'lightning', ...body } },
      { headers: { cookie } },
    );
    // The route writes its JSON answer as a pre-serialised body (or server-sent events), so AppType has no type
    // for it: the public API's schema describes the same answer.
    const out: unknown = await res.json();
    expect(res.status, JSON.stringify(out)).toBe(200);
    const r = apiHumanizeResponse.parse(out);
    if (r.alternative && (body.mode ?? 'lightning') === 'lightning') offered++;
    return r;
  };
  const engineOverview = async () => {
    const res = await api().admin.engine.$get({}, asAdmin());
    expect(res.status).toBe(200);
    return res.json();
  };
  const pull = (model: string) => api().admin.engine.pull.$post({ json: { model } }, asAdmin());
  const chooseModel = (model: string | null) =>
    api().admin.engine.models.$post({ json: { mode: 'lightning', model } }, asAdmin());

  it('finds Ollama at OLLAMA_HOST at start and sends rewrites to it', async () => {
    const o = await engineOverview();
    expect(o.provider).toMatchObject({ kind: 'ollama', endpoint: ollama.url, healthy: true });
    expect(o.provider.modes.lightning).toMatchObject({
      model: 'qwen2.5:7b-instruct',
      active: true,
      secondOpinionCalls: 0,
    });
    // Deep asks the model a second opinion by default (decision 0066).
    expect(o.provider.modes.deep).toMatchObject({ active: true, secondOpinionCalls: 3 });
    const before = ollama.chatRequests;
    const r = await humanize({});
    expect(byModel(r), r.summary).toBe(true);
    expect(r.outcome).toBe(r.engine === 'model' ? 'model' : 'light-edit');
    expect(r.summary).toMatch(r.engine === 'model' ? /^Full rewrite/ : /^Light edit/);
    expect(ollama.chatRequests).toBeGreaterThan(before);
    expect(ollama.chatModels.at(-1)).toBe('qwen2.5:7b-instruct');
  }, 30_000);

  it('puts the writing options in the prompt, and the saved ones when a rewrite sends none', async () => {
    const r = await humanize({ tone: 'academic', readingLevel: 'advanced' });
    expect(byModel(r), r.summary).toBe(true);
    expect(ollama.prompts.at(-1)).toMatch(/Tone: academic/);
    expect(ollama.prompts.at(-1)).toMatch(/Reading level: advanced/);
    // The fake model writes the same answer whatever the tone: no tone is claimed that the result does not have.
    expect(r.notes.join(' ')).not.toMatch(/Written in an academic tone/);
    expect(r.notes.join(' ')).toMatch(
      r.engine === 'model'
        ? /You chose an academic tone.*but the rewrite does not measurably read that way/
        : /An academic tone and advanced reading level needs? a full rewrite/,
    );
    // A rewrite uses its options without saving them; the options endpoint remembers them for the user.
    const writingOptions = async () => (await api()['writing-options'].$get({}, asMember())).json();
    const unchanged = await writingOptions();
    expect(unchanged).toMatchObject({ tone: 'neutral', readingLevel: 'standard' });
    const chosen = await api().functions['writing-options'].$post(
      { json: { tone: 'academic', readingLevel: 'advanced' } },
      asMember(),
    );
    expect(chosen.status).toBe(200);
    const saved = await writingOptions();
    expect(saved).toMatchObject({ tone: 'academic', readingLevel: 'advanced' });
    // Without options in the request (e.g. 'Humanize again'), the saved ones apply.
    await humanize({ useSecondPrompt: true });
    expect(ollama.prompts.at(-1)).toMatch(/Tone: academic/);
    const neutral = await api().functions['writing-options'].$post(
      { json: { tone: 'neutral', readingLevel: 'standard' } },
      asMember(),
    );
    expect(neutral.status).toBe(200);
    await humanize({});
    expect(ollama.prompts.at(-1)).not.toMatch(/Tone:|Reading level:/);
    // A tone the product does not offer, which the typed client would not send.
    const bad = await t.req('/api/functions/writing-options', {
      method: 'POST',
      body: { tone: 'sarcastic', readingLevel: 'standard' },
      cookie: member.cookie,
    });
    expect(bad.status).toBe(400);
  }, 60_000);

  it('falls back to a light edit within one request when Ollama stops, and recovers by itself when it returns', async () => {
    await ollama.stop();
    const down = await humanize({ mode: 'deep', tone: 'casual', readingLevel: 'simple' });
    expect(down.engine).toBe('local');
    expect(down.outcome).toBe('light-edit-fallback');
    expect(down.summary).toMatch(/^Light edit/);
    // The local clean-up honours casual/simple with contractions and plainer connectives, and says so. The
    // detector-guided pass may already have contracted "do not" (how far its search gets depends on the
    // machine's load); the style step then says it had nothing left to change.
    expect(down.humanized_text).not.toMatch(/\bdo not\b/);
    expect(down.notes?.join(' ')).toMatch(
      /For your casual tone and simple reading level we used (contractions|plainer connectives)|A light edit found nothing to change for your casual tone and simple reading level/,
    );
    let o = await engineOverview();
    expect(o.provider.healthy).toBe(false);
    expect(o.provider.modes.lightning.active).toBe(false);
    // While it is down, the next rewrite does not wait for it.
    const again = await humanize({});
    expect(again.engine).toBe('local');
    await ollama.start();
    await until('Ollama found healthy again', async () => (await engineOverview()).provider.healthy);
    const up = await humanize({});
    expect(byModel(up), up.summary).toBe(true);
    o = await engineOverview();
    expect(o.windows.day.all.fallbacks).toBeGreaterThanOrEqual(2);
    // The first rewrite finds Ollama unreachable, unless the health check has already seen it stop, in which case
    // it is unavailable (not tried); the next one is unavailable. No other reason.
    const reasons = o.windows.day.fallbackReasons.map((x) => x.reason);
    expect(reasons).toEqual(expect.arrayContaining(['unavailable']));
    expect(reasons.filter((r) => r !== 'unreachable' && r !== 'unavailable')).toEqual([]);
  }, 60_000);

  it('counts each model draft the faithfulness check set aside, by its reason', async () => {
    const before = await engineOverview();
    // Numbers reach the model as protected placeholders; a draft that changes them loses a protected span.
    const numbers = (w: typeof before.windows.day): number =>
      w.setAsideReasons.find((x) => x.reason === 'protected-span')?.count ?? 0;
    expect(before.windows.day.setAsideDrafts).toBe(before.windows.day.setAsideReasons.reduce((n, x) => n + x.count, 0));
    ollama.setChat('number');
    try {
      // Every sentence carries a number and the model changes each one: the only draft is set aside.
      const r = await humanize({
        text:
          'The survey asked 1200 teachers about homework over 3 school years in 5 different regions of the country. ' +
          'About 64 percent of them said that students in grades 4 to 6 need much less of it than they get today. ' +
          'Schools in 14 districts now cap homework at 30 minutes a night for the younger pupils in their care. ' +
          'Parents in 9 of those districts said the 30 minute cap left more time for reading and sleep.',
      });
      expect(r.engine).toBe('local');
      expect(r.outcome).not.toBe('model');
      expect(r.humanized_text).toContain('1200 teachers');
    } finally {
      ollama.setChat('ok');
    }
    const after = await engineOverview();
    expect(numbers(after.windows.day)).toBe(numbers(before.windows.day) + 1);
    expect(numbers(after.windows.month)).toBe(numbers(before.windows.month) + 1);
    expect(after.windows.day.setAsideDrafts).toBe(before.windows.day.setAsideDrafts + 1);
    expect(after.windows.day.fallbackReasons).toEqual(
      expect.arrayContaining([{ reason: 'checks-failed', count: expect.any(Number) as number }]),
    );
  }, 30_000);

  it('shows latency, tokens per 1,000 words, cost and plan margins from the recorded rewrites', async () => {
    const o = await engineOverview();
    const l = o.windows.day.modes.lightning;
    expect(l.rewrites).toBeGreaterThanOrEqual(6);
    // Written by the model: delivered (counted as by the model) or offered beside a lower-scoring light edit.
    expect(l.modelRewrites + offered).toBeGreaterThanOrEqual(4);
    expect(l.latencyP50Ms).not.toBeNull();
    expect(l.latencyP95Ms!).toBeGreaterThanOrEqual(l.latencyP50Ms!);
    expect(l.tokensInPer1k!).toBeGreaterThan(100);
    expect(l.tokensOutPer1k!).toBeGreaterThan(100);
    const expected = (l.tokensInPer1k! * 0.5 + l.tokensOutPer1k! * 1.5) / 1e6;
    expect(l.costPer1k!).toBeCloseTo(expected, 4);
    expect(o.windows.day.series).toHaveLength(24);
    expect(o.windows.month.series).toHaveLength(30);
    expect(o.windows.day.series.reduce((a, b) => a + b.model, 0)).toBe(o.windows.day.all.modelRewrites);
    const pro = o.plans.find((p) => p.tier === 'Pro' && p.period === 'monthly')!;
    expect(pro.pricePer1k).toBeCloseTo((19.99 / 15000) * 1000, 3);
    // Margins are taken on words charged (free results cost the model too), shown beside the cost per word processed.
    const month = o.windows.month.all;
    expect(month.wordsCharged).toBeGreaterThan(0);
    expect(month.wordsCharged).toBeLessThanOrEqual(month.words);
    expect(month.costPer1kCharged!).toBeCloseTo((month.costPer1k! * month.words) / month.wordsCharged, 3);
    expect(pro.marginPer1k!).toBeCloseTo(pro.pricePer1k - month.costPer1kCharged!, 4);
  });

  it('pulls a model with progress, reports an error mid-stream, and cancels', async () => {
    const start = await pull('llama3.2');
    expect(start.status).toBe(202);
    const seen: number[] = [];
    let installedWhenDone: string[] = [];
    await until('the pull is done', async () => {
      const o = await engineOverview();
      const p = o.pull;
      expect(p).not.toBeNull();
      if (p?.total && p.completed !== null) seen.push(p.completed / p.total);
      if (p?.state === 'done') installedWhenDone = o.provider.installed.map((m) => m.name);
      return p?.state === 'done';
    });
    // Done shows only after the installed list was read again from Ollama: the answer that says done lists it.
    expect(installedWhenDone).toContain('llama3.2:latest');
    expect(seen.some((x) => x > 0 && x < 1)).toBe(true);

    ollama.setPullError(3);
    await pull('mistral');
    await until('the pull failed', async () => (await engineOverview()).pull?.state === 'failed');
    expect((await engineOverview()).pull?.error).toMatch(/max retries exceeded/);
    ollama.setPullError(null);

    ollama.setPullStepMs(400);
    await pull('phi3');
    const busy = await pull('gemma2');
    expect(busy.status).toBe(409);
    const cancelled = await api().admin.engine.pull.$delete({}, asAdmin());
    expect((await cancelled.json()).state).toBe('cancelled');
    await until('Ollama saw the pull cancelled', async () => ollama.pullsCancelled >= 1);
    expect((await engineOverview()).provider.installed.map((m) => m.name)).not.toContain('phi3:latest');
    ollama.setPullStepMs(20);
    const badName = await pull('x y');
    expect(badName.status).toBe(400);
  }, 30_000);

  it('lets the operator choose the model each mode uses', async () => {
    const missing = await chooseModel('not-there');
    expect(missing.status).toBe(400);
    const ok = await chooseModel('llama3.2');
    expect(ok.status).toBe(200);
    expect((await ok.json()).provider.modes.lightning.model).toBe('llama3.2');
    await humanize({});
    expect(ollama.chatModels.at(-1)).toBe('llama3.2');
    await chooseModel(null);
    await humanize({});
    expect(ollama.chatModels.at(-1)).toBe('qwen2.5:7b-instruct');
  }, 30_000);

  it('is for admins only', async () => {
    const engine = api().admin.engine;
    for (const call of [
      (init: { headers: Record<string, string> }) => engine.$get({}, init), // GET /api/admin/engine
      (init: { headers: Record<string, string> }) => engine.check.$post({}, init), // POST /api/admin/engine/check
      (init: { headers: Record<string, string> }) => engine.pull.$delete({}, init), // DELETE /api/admin/engine/pull
    ]) {
      expect((await call({ headers: {} })).status).toBe(401);
      expect((await call(asMember())).status).toBe(403);
    }
  });
});
