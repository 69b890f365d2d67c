import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCorpus } from '../corpus.ts';
import { humanize } from '../index.ts';
import { spansKept } from '../protect.ts';
import { SAMPLES } from '../samples.ts';
import { skeleton } from '../segment.ts';
import type { LlmConfig, ProgressEvent } from '../types.ts';
import { startFakeProvider, type FakeProvider } from './fake-provider.ts';
import { modelRewrite } from '../testing.ts';

describe('model loop against the fake provider', () => {
  let fake: FakeProvider;
  let llm: LlmConfig;
  beforeAll(async () => {
    fake = await startFakeProvider();
    llm = { baseURL: fake.url, apiKey: 'test', model: 'fake-model', callTimeoutMs: 1_500 };
  });
  afterAll(async () => {
    await fake.close();
  });

  it('Lightning: one streamed call, then the checks; every result keeps its spans', async () => {
    fake.setMode('ok');
    let model = 0;
    for (const s of SAMPLES) {
      const before = fake.requests;
      const r = await humanize(s, { mode: 'lightning', llm, seed: 1 });
      expect(r.checks.spansKept, r.text).toBe(true);
      expect(skeleton(r.text)).toEqual(skeleton(s));
      if (modelRewrite(r) !== null) {
        // The model's rewrite passed the checks: delivered, or offered beside the light edit that scored lower.
        model++;
        expect(fake.requests - before).toBe(1);
        expect(r.tokensUsed).toBeGreaterThan(0);
        expect(skeleton(modelRewrite(r)!)).toEqual(skeleton(s));
      } else {
        // A sabotaged answer: rejected, and Lightning (one call) falls back to the local clean-up.
        expect(r.engineNote).toMatch(/failed the checks/);
        expect(fake.requests - before).toBe(1);
      }
    }
    expect(model).toBeGreaterThan(0);
  });

  it('Deep: candidates, scores and rounds with progress events', async () => {
    fake.setMode('ok');
    const events: ProgressEvent[] = [];
    let model = 0;
    for (const s of SAMPLES) {
      const before = fake.requests;
      const r = await humanize(s, { mode: 'deep', llm, seed: 2, onProgress: (e) => events.push(e) });
      expect(r.checks.spansKept, r.text).toBe(true);
      expect(fake.requests - before).toBeGreaterThanOrEqual(3);
      if (r.engine === 'model') {
        expect(r.checks.lengthRatio).toBeGreaterThanOrEqual(0.85);
        expect(r.checks.lengthRatio).toBeLessThanOrEqual(1.15);
      }
      if (modelRewrite(r) !== null) model++;
    }
    expect(model).toBeGreaterThan(0);
    expect(events.some((e) => e.stage === 'candidates' && typeof e.bestScore === 'number')).toBe(true);
    expect(events.at(-1)?.stage).toBe('done');
  });

  it('second pass uses another prompt and differs from the first result', async () => {
    fake.setMode('ok');
    const s = SAMPLES[0]!;
    const a = await humanize(s, { mode: 'deep', llm, seed: 3 });
    // As the server does it: the second pass is told the first result, which it must not repeat.
    const b = await humanize(s, { mode: 'deep', llm, seed: 3, secondPass: true, avoidText: a.text });
    expect(b.text).not.toBe(a.text);
  });

  for (const mode of ['lightning', 'deep'] as const) {
    it(`${mode}: 'Humanize again' never hands back the first result, even when the model repeats itself`, async () => {
      fake.setMode('repeat');
      try {
        // Find a sample the model answers (the repeated answer passes the checks).
        let first: Awaited<ReturnType<typeof humanize>> | null = null;
        let text = '';
        for (const s of SAMPLES) {
          const r = await humanize(s, { mode, llm, seed: 5 });
          if (modelRewrite(r) !== null) {
            first = r;
            text = s;
            break;
          }
        }
        expect(first, 'no sample was answered by the model').not.toBeNull();
        // Without the first result to compare with, the repeating model gives the same text again ...
        // (the model's rewrite, delivered or offered beside a light edit that scored lower) ...
        const firstModel = modelRewrite(first!)!;
        const blind = await humanize(text, { mode, llm, seed: 5, secondPass: true });
        expect(modelRewrite(blind)).toBe(firstModel);
        // ... with it, the loop asks again and then falls back rather than repeat itself.
        const calls = fake.requests;
        const again = await humanize(text, { mode, llm, seed: 5, secondPass: true, avoidText: firstModel });
        expect(again.text).not.toBe(firstModel);
        expect(again.engine).toBe('local');
        expect(again.alternative).toBeUndefined();
        expect(again.engineNote).toMatch(/the model repeated the first result; local clean-up used/);
        expect(fake.requests - calls).toBeGreaterThan(mode === 'deep' ? 3 : 1);
        expect(again.checks.spansKept).toBe(true);
      } finally {
        fake.setMode('ok');
      }
    });
  }

  for (const mode of ['429', '500', 'timeout', 'malformed'] as const) {
    it(`falls back to the local clean-up on ${mode}`, async () => {
      fake.setMode(mode);
      const t0 = Date.now();
      const r = await humanize(SAMPLES[1]!, { mode: 'deep', llm: { ...llm, callTimeoutMs: 400 }, seed: 1 });
      expect(r.engine).toBe('local');
      expect(r.engineNote).toMatch(/^model provider failed \(.+\); local clean-up used/);
      expect(r.checks.spansKept).toBe(true);
      expect(Date.now() - t0).toBeLessThan(10_000);
      fake.setMode('ok');
    });
  }

  it('falls back when nothing listens at the base URL', async () => {
    const r = await humanize(SAMPLES[0]!, {
      mode: 'lightning',
      llm: { baseURL: 'http://127.0.0.1:9/v1', model: 'x', callTimeoutMs: 500 },
    });
    expect(r.engine).toBe('local');
    expect(r.engineNote).toMatch(/model provider failed/);
  });

  it('keeps to the overall deadline', async () => {
    fake.setMode('timeout');
    const t0 = Date.now();
    const r = await humanize(SAMPLES[0]!, { mode: 'deep', llm: { ...llm, callTimeoutMs: 30_000, deadlineMs: 1_000 } });
    expect(r.engine).toBe('local');
    expect(Date.now() - t0).toBeLessThan(4_000);
    fake.setMode('ok');
  });

  const corpus = loadCorpus(['mixset.jsonl']);
  it('corpus texts with a model-rewrite partner: the partner is checked, never passed through broken', async () => {
    expect(
      corpus.length,
      'this test reads mixset.jsonl from the development corpus (../shared/corpus)',
    ).toBeGreaterThan(0);
    fake.setMode('ok');
    const groups = new Map<string, typeof corpus>();
    for (const r of corpus) groups.set(r.group, [...(groups.get(r.group) ?? []), r]);
    const sources = [...groups.values()]
      .filter((g) => g.some((r) => r.attack === 'gpt4_humanize_of_ai_text'))
      .map((g) => g.find((r) => r.label === 'ai' && r.attack === 'none'))
      .filter((r): r is (typeof corpus)[number] => r !== undefined)
      .slice(0, 4);
    const before = fake.partnerAnswers;
    for (const src of sources) {
      const r = await humanize(src.text, { mode: 'deep', llm, seed: 1 });
      expect(spansKept(src.text, r.text)).toBe(true);
      const written = modelRewrite(r);
      if (written === null) expect(r.engineNote).toMatch(/failed the checks/);
      else expect(spansKept(src.text, written)).toBe(true);
    }
    expect(fake.partnerAnswers).toBeGreaterThan(before);
  });
});

describe('model loop, cancellation', () => {
  it('returns the text unchanged when the caller aborts', async () => {
    const fake = await startFakeProvider({ corpus: false, delayMs: 2_000 });
    const ctl = new AbortController();
    const t0 = Date.now();
    const running = humanize(SAMPLES[0]!, { mode: 'deep', llm: { baseURL: fake.url, model: 'm' }, signal: ctl.signal });
    // Abort while the model's first answer is pending (it takes 2 s to come).
    await vi.waitFor(() => expect(fake.requests, 'requests the model received').toBeGreaterThan(0), {
      timeout: 1_500,
      interval: 5,
    });
    ctl.abort();
    const r = await running;
    expect(Date.now() - t0).toBeLessThan(1_900);
    expect(r.engine).toBe('local');
    expect(r.engineNote).toMatch(/aborted/);
    await fake.close();
  });
});
