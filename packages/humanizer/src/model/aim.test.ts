import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanize } from '../index.ts';
import { SAMPLES } from '../samples.ts';
import type { AimOptions, LlmConfig } from '../types.ts';
import { startFakeProvider, type FakeProvider } from './fake-provider.ts';

/** An aim scorer that records what it was asked and answers with `answer`. */
function scorer(answer: (text: string) => number | null | Promise<number | null>, calls = 4) {
  const asked: string[] = [];
  const aim: AimOptions = {
    name: 'GPTZero',
    calls,
    score: async (t) => {
      asked.push(t);
      return answer(t);
    },
  };
  return { aim, asked };
}

describe('Deep aimed at one outside detector', () => {
  let fake: FakeProvider;
  let llm: LlmConfig;
  /** A sample whose Deep rewrite has at least two faithful candidates, and those candidates in our order. */
  let sample = '';
  let candidates: string[] = [];
  beforeAll(async () => {
    fake = await startFakeProvider({ corpus: false });
    llm = { baseURL: fake.url, apiKey: 'test', model: 'fake-model', callTimeoutMs: 1_500 };
    for (const s of SAMPLES.filter((x) => !x.includes('\r\n'))) {
      const { aim, asked } = scorer(() => 50);
      const r = await humanize(s, { mode: 'deep', llm, seed: 7, aim });
      if (r.engine === 'model' && asked.length >= 2) {
        sample = s;
        candidates = asked;
        break;
      }
    }
  });
  afterAll(async () => {
    await fake.close();
  });

  it('found a text with several faithful candidates', () => {
    expect(candidates.length).toBeGreaterThanOrEqual(2);
    expect(new Set(candidates).size).toBe(candidates.length);
  });

  it('keeps the candidate the aimed detector scores lowest, even when our own detector prefers another', async () => {
    // The candidate our own weighing ranks last (candidates[0] is the one it would choose) is the one the
    // aimed detector likes.
    const preferred = candidates.at(-1)!;
    const { aim, asked } = scorer((t) => (t === preferred ? 5 : 90));
    const r = await humanize(sample, { mode: 'deep', llm, seed: 7, aim });
    expect(r.engine).toBe('model');
    expect(r.text).toBe(preferred);
    expect(r.aim).toEqual({ name: 'GPTZero', score: 5, calls: asked.length });
    expect(asked.length).toBeLessThanOrEqual(4);
    // Each distinct text is asked once, the most promising by our own detector first.
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked.slice(0, candidates.length)).toEqual(candidates);
  });

  it('falls back to our own choice when the aimed detector gives no score', async () => {
    const plain = await humanize(sample, { mode: 'deep', llm, seed: 7 });
    const { aim, asked } = scorer(() => null);
    const r = await humanize(sample, { mode: 'deep', llm, seed: 7, aim });
    expect(r.text).toBe(plain.text);
    expect(r.aim?.score).toBeNull();
    expect(r.aim?.reason).toMatch(/no score/);
    expect(r.aim?.calls).toBe(asked.length);
    // A scorer that rejects is the same as one that gives no score: the rewrite never fails for it.
    const failing = scorer(() => Promise.reject(new Error('vendor down')));
    const f = await humanize(sample, { mode: 'deep', llm, seed: 7, aim: failing.aim });
    expect(f.text).toBe(plain.text);
    expect(f.aim?.score).toBeNull();
  });

  it('respects the call budget; with none left for the rework, the aimed pick is returned as scored', async () => {
    for (const calls of [0, 1, 2]) {
      const { aim, asked } = scorer((t) => t.length % 97, calls);
      const r = await humanize(sample, { mode: 'deep', llm, seed: 7, aim });
      expect(asked.length).toBeLessThanOrEqual(calls);
      expect(r.aim?.calls).toBe(asked.length);
      if (calls === 0) expect(r.aim?.score).toBeNull();
      else {
        expect(asked).toContain(r.text);
        expect(r.aim?.score).toBe(r.text.length % 97);
      }
    }
  });

  it('Lightning ignores the aim', async () => {
    const { aim, asked } = scorer(() => 1);
    const r = await humanize(sample, { mode: 'lightning', llm, seed: 7, aim });
    expect(asked).toEqual([]);
    expect(r.aim).toBeUndefined();
  });
});
