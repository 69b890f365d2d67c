import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanize } from '../index.ts';
import { checkFaithful, polarity } from './faithfulness.ts';
import { startFakeOllama, type FakeOllama } from './fake-ollama.ts';
import { fullTextPrompt } from './prompts.ts';

const ORIGINAL =
  'The new policy does not reduce costs for small firms. It helps large companies plan their budgets, and managers like it.';

describe('faithfulness guard', () => {
  it('accepts a rewrite that keeps the meaning', () => {
    const r = checkFaithful(
      ORIGINAL,
      "For small firms, the new policy doesn't reduce costs. It helps large companies plan budgets, and managers like it.",
    );
    expect(r).toMatchObject({ ok: true });
  });

  it('rejects a flipped negation even when the count of negations is the same', () => {
    const flipped =
      'The new policy reduces costs for small firms. It does not help large companies plan their budgets, and managers like it.';
    expect(checkFaithful(ORIGINAL, flipped)).toMatchObject({ ok: false, drift: 'negation' });
    expect(polarity(ORIGINAL).negated.has('reduc')).toBe(true);
  });

  it('rejects a new claim with a number or a name', () => {
    expect(checkFaithful(ORIGINAL, `${ORIGINAL.slice(0, -1)}, by 40 percent.`)).toMatchObject({
      ok: false,
      drift: 'number',
    });
    expect(
      checkFaithful(
        ORIGINAL,
        'The new policy does not reduce costs for small firms. It helps large companies such as Siemens plan their budgets, and managers like it.',
      ),
    ).toMatchObject({
      ok: false,
      drift: 'name',
    });
    expect(
      checkFaithful(
        ORIGINAL,
        'The new policy does not reduce costs for small firms. It helps three large companies plan their budgets, and managers like it.',
      ),
    ).toMatchObject({
      ok: false,
      drift: 'number',
    });
  });

  it('rejects an answer whose content-word recall is under the floor', () => {
    expect(
      checkFaithful(ORIGINAL, 'Weather forecasts were wrong all week, and the trains ran late too.'),
    ).toMatchObject({ ok: false, drift: 'recall' });
  });

  it('puts tone and reading level in the prompt, and nothing for the defaults', () => {
    expect(fullTextPrompt('Rewrite.', 'x', { tone: 'persuasive', readingLevel: 'simple' })).toMatch(
      /Tone: persuasive[\s\S]*Reading level: simple[\s\S]*<text>/,
    );
    expect(fullTextPrompt('Rewrite.', 'x', { tone: 'neutral', readingLevel: 'standard' })).toBe(
      fullTextPrompt('Rewrite.', 'x'),
    );
  });
});

describe('the guard in the model loop (fake Ollama over HTTP)', () => {
  let ollama: FakeOllama;
  beforeAll(async () => {
    ollama = await startFakeOllama();
  });
  afterAll(async () => {
    await ollama.close();
  });
  const llm = () => ({ baseURL: `${ollama.url}/v1`, apiKey: 'ollama', model: 'qwen2.5:7b-instruct' });
  const TEXT =
    'Remote work does not suit every team. Moreover, companies report that they utilize the saved office budget for training, and many employees say ' +
    'that they value the quiet time for focused work. However, managers must learn new ways to keep everyone aligned across time zones.';

  it('sets aside an answer that flips a negation and says so; the user gets a light edit', async () => {
    ollama.setChat('drift');
    const r = await humanize(TEXT, { mode: 'lightning', llm: llm(), seed: 3 });
    expect(r.engine).toBe('local');
    expect(r.fallbackReason).toBe('meaning-changed');
    expect(r.guardRejected).toBe(true);
    expect(r.candidates).toBe(1);
    expect(r.tokensIn).toBeGreaterThan(0);
    expect(r.text).toMatch(/does not suit|doesn't suit/);
  });

  it('keeps a faithful answer and reports tokens in and out, the model and the candidates', async () => {
    ollama.setChat('ok');
    const r = await humanize(TEXT, {
      mode: 'lightning',
      llm: llm(),
      seed: 3,
      writing: { tone: 'casual', readingLevel: 'standard' },
    });
    expect(r.engine).toBe('model');
    expect(r.model).toBe('qwen2.5:7b-instruct');
    expect(r.guardRejected).toBe(false);
    expect(r.tokensIn).toBeGreaterThan(0);
    expect(r.tokensOut).toBeGreaterThan(0);
    expect(r.candidates).toBe(1);
    expect(ollama.prompts.at(-1)).toMatch(/Tone: casual/);
  });

  it('Deep: several plain (non-streamed) answers, the best kept', async () => {
    ollama.setChat('ok');
    const r = await humanize(TEXT, { mode: 'deep', llm: llm(), seed: 5 });
    expect(r.engine).toBe('model');
    expect(r.candidates).toBeGreaterThanOrEqual(3);
  }, 30_000);

  it('a slow answer past the call timeout falls back as a timeout', async () => {
    ollama.setChat('slow');
    const r = await humanize(TEXT, {
      mode: 'lightning',
      llm: { ...llm(), callTimeoutMs: 300, deadlineMs: 1500 },
      seed: 3,
    });
    expect(r.engine).toBe('local');
    expect(r.fallbackReason).toBe('timeout');
    ollama.setChat('ok');
  }, 30_000);

  it('falls back on 429, 500, malformed and unreachable, naming the reason', async () => {
    for (const [mode, reason] of [
      ['429', 'rate-limited'],
      ['500', 'provider-error'],
      ['malformed', 'malformed'],
    ] as const) {
      ollama.setChat(mode);
      const r = await humanize(TEXT, { mode: 'lightning', llm: llm(), seed: 3 });
      expect(r.engine, mode).toBe('local');
      expect(r.fallbackReason, mode).toBe(reason);
    }
    ollama.setChat('ok');
    await ollama.stop();
    const r = await humanize(TEXT, { mode: 'lightning', llm: llm(), seed: 3 });
    expect(r.fallbackReason).toBe('unreachable');
    await ollama.start();
  }, 30_000);
});
