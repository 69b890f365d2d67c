/**
 * What a caller already derived is used as given: the server finds the text's language (to refuse other
 * languages before it charges) and whether a model was expected, and the rewrite derives neither again.
 */
import { describe, expect, it, vi } from 'vitest';
import { humanize } from './index.ts';
import { detectLanguage } from './language.ts';
import { SAMPLES } from './samples.ts';

// Every reading of the language is counted; the real detector answers.
vi.mock('./language.ts', async (importOriginal) => {
  const real = await importOriginal<{ detectLanguage: typeof detectLanguage }>();
  return { ...real, detectLanguage: vi.fn(real.detectLanguage) };
});
const reads = (): number => vi.mocked(detectLanguage).mock.calls.length;

const TEXT = SAMPLES[1]!;

describe('a rewrite derives nothing its caller already derived', () => {
  it('reads the language once when the caller did not, and not at all when the caller did', async () => {
    let before = reads();
    await humanize(TEXT, { mode: 'lightning', seed: 3 });
    expect(reads() - before).toBe(1);
    before = reads();
    const r = await humanize(TEXT, { mode: 'lightning', seed: 3, language: { code: 'en', english: true } });
    expect(reads() - before).toBe(0);
    expect(r.language).toBe('en');
    expect(r.scoreBefore).not.toBeNull();
  });

  it("uses the caller's language as given", async () => {
    // English handed over as French: treated as the caller said (unchanged, unscored, named French).
    const r = await humanize(TEXT, { mode: 'deep', seed: 3, language: { code: 'fr', english: false } });
    expect(r).toMatchObject({ text: TEXT, language: 'fr', scoreBefore: null, outcome: 'unchanged' });
  });

  it("makes a light edit where a model was expected a fallback, for the reason 'unavailable'", async () => {
    const plain = await humanize(TEXT, { mode: 'deep', seed: 3 });
    expect(plain.text).not.toBe(TEXT);
    expect(plain).toMatchObject({ engine: 'local', outcome: 'light-edit' });
    expect(plain.fallbackReason).toBeUndefined();
    const expected = await humanize(TEXT, { mode: 'deep', seed: 3, modelExpected: true });
    expect(expected).toMatchObject({
      text: plain.text,
      engine: 'local',
      outcome: 'light-edit-fallback',
      fallbackReason: 'unavailable',
    });
  });
});
