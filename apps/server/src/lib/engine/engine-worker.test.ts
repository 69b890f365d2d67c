import { describe, expect, it } from 'vitest';
import { startFakeProvider } from '@plainspoken/humanizer/testing';
import { createEnginePool } from './engine';

const TEXT =
  'Moreover, it is important to note that artificial intelligence has revolutionized the landscape of modern education. ' +
  'Furthermore, students can leverage these tools to enhance their learning outcomes. In conclusion, the 3 studies from 2021 show a 40% gain.';

describe('engine worker', () => {
  it('takes the language and whether a model was expected from the job, across the thread boundary', async () => {
    const pool = createEnginePool({ threads: 1, queueLimit: 4, timeoutMs: 60_000 });
    try {
      const job = { text: TEXT, mode: 'deep' as const, secondPass: false, llm: null, seed: 7 };
      const plain = await pool.run(job);
      expect(plain).toMatchObject({ engine: 'local', outcome: 'light-edit', language: 'en' });
      expect(plain.fallbackReason).toBeUndefined();
      // The language the server found is used as handed over: this English text, said to be French, is left
      // as it is and not scored (read again in the worker, it would be rewritten as English).
      const asFrench = await pool.run({ ...job, language: { code: 'fr', english: false } });
      expect(asFrench).toMatchObject({ text: TEXT, language: 'fr', scoreBefore: null, outcome: 'unchanged' });
      // A model expected but not connected makes the same light edit a fallback, with its reason.
      const expected = await pool.run({ ...job, modelExpected: true });
      expect(expected).toMatchObject({
        text: plain.text,
        engine: 'local',
        outcome: 'light-edit-fallback',
        fallbackReason: 'unavailable',
      });
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('asks the caller for each scan of a rewrite aimed at an outside detector, across the thread boundary', async () => {
    const fake = await startFakeProvider({ corpus: false });
    const pool = createEnginePool({ threads: 1, queueLimit: 4, timeoutMs: 60_000 });
    try {
      const llm = { baseURL: fake.url, model: 'fake-model', apiKey: 'fake' };
      const job = { text: TEXT, mode: 'deep' as const, secondPass: false, llm, seed: 7 };
      const aim = { detector: 'gptzero' as const, name: 'GPTZero', calls: 2 };
      const asked: string[] = [];
      const r = await pool.run({ ...job, aim }, undefined, (text) => {
        asked.push(text);
        return Promise.resolve(12);
      });
      expect(r.engine).toBe('model');
      expect(asked.length).toBeGreaterThan(0);
      expect(asked.length).toBeLessThanOrEqual(2);
      expect(r.aim).toEqual({ name: 'GPTZero', score: 12, calls: asked.length });
      // A scan that fails counts as no score; the rewrite still succeeds.
      const failed = await pool.run({ ...job, aim }, undefined, () => Promise.reject(new Error('down')));
      // With no score from the aimed detector, ours decides (decision 0059): the model's rewrite is delivered, or
      // offered beside the light edit that scored lower.
      expect(failed.engine === 'model' || failed.alternative !== undefined).toBe(true);
      expect(failed.aim).toMatchObject({ name: 'GPTZero', score: null });
      // Without a caller to answer the scans nothing is aimed.
      expect((await pool.run({ ...job, aim })).aim).toBeUndefined();
    } finally {
      await pool.close();
      await fake.close();
    }
  }, 60_000);
});
