import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanize } from './index.ts';
import { startFakeOllama, type FakeOllama } from './model/fake-ollama.ts';
import { keptIntact, keptOccurrences, mask, normalizeKept, withKept } from './protect.ts';

const TEXT =
  'In today\u2019s fast-paced world, technology plays a pivotal role in shaping how we live. Moreover, it is ' +
  'important to note that digital tools delve into every corner of society. Furthermore, the pivotal role ' +
  'of innovation cannot be overstated, as it fosters a rich tapestry of opportunities for growth. ' +
  'Additionally, organizations must leverage these robust solutions to navigate the complex landscape.';

const KEEP = ['pivotal role', 'delve into', 'robust solutions'];

const count = (hay: string, needle: string): number => hay.split(needle).length - 1;

describe('frozen phrases in the protector', () => {
  it('masks every occurrence, whole words only, and only while in force', () => {
    expect(withKept(['pivotal role'], () => mask(TEXT).spans.filter((s) => s.kind === 'kept').length)).toBe(2);
    expect(mask(TEXT).spans.some((s) => s.kind === 'kept')).toBe(false);
    expect(keptOccurrences('a rolex and the role', ['role'])).toEqual(['role']);
    expect(normalizeKept(['  a  b ', 'A B', '', 'c'])).toEqual(['a b', 'c']);
  });

  it('knows when a rewrite lost a phrase', () => {
    expect(keptIntact(TEXT, TEXT, KEEP)).toBe(true);
    expect(keptIntact(TEXT, TEXT.replace('delve into', 'dig into'), KEEP)).toBe(false);
    expect(keptIntact(TEXT, TEXT.replace('pivotal role in', 'Pivotal role in'), KEEP)).toBe(false);
  });
});

describe('keep in every mode', () => {
  for (const mode of ['deep', 'lightning'] as const) {
    it(`${mode}: the frozen phrases come back verbatim while the rest is rewritten`, async () => {
      const free = await humanize(TEXT, { mode, seed: 7 });
      // Without keep the clean-up rewrites at least one of them, so the test can fail.
      expect(KEEP.some((k) => count(free.text, k) < count(TEXT, k))).toBe(true);
      const kept = await humanize(TEXT, { mode, seed: 7, keep: KEEP });
      for (const k of KEEP) expect(count(kept.text, k)).toBe(count(TEXT, k));
      expect(kept.text).not.toBe(TEXT);
    });
  }
});

describe('keep through the model path', () => {
  let ollama: FakeOllama;
  beforeAll(async () => {
    ollama = await startFakeOllama({ models: ['qwen2.5:7b-instruct'] });
  });
  afterAll(async () => {
    await ollama.close();
  });

  it('the model sees placeholders, never the phrase, and the result keeps it', async () => {
    const r = await humanize(TEXT, {
      mode: 'deep',
      seed: 3,
      keep: KEEP,
      llm: { baseURL: `${ollama.url}/v1`, model: 'qwen2.5:7b-instruct', callTimeoutMs: 5_000, deadlineMs: 20_000 },
    });
    expect(ollama.chatRequests).toBeGreaterThan(0);
    expect(r.engine).toBe('model');
    const prompt = ollama.prompts.at(-1) ?? '';
    expect(prompt).toMatch(/\{\{\d+\}\}/);
    for (const k of KEEP) expect(prompt).not.toContain(k);
    for (const k of KEEP) expect(count(r.text, k)).toBe(count(TEXT, k));
  });
});
