import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanize } from '../index.ts';
import { modelPart } from '../testing.ts';
import { startFakeOllama, type FakeOllama } from './fake-ollama.ts';

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

  it('repairs an answer that flips a negation: that sentence is kept as written, the rest is from the model', async () => {
    ollama.setChat('drift');
    const r = await humanize(TEXT, { mode: 'lightning', llm: llm(), seed: 3 });
    expect(r.candidates).toBe(1);
    expect(r.tokensIn).toBeGreaterThan(0);
    expect(r.text).toMatch(/does not suit|doesn't suit/);
    const m = modelPart(r);
    if (m) {
      expect(m.text).toMatch(/does not suit|doesn't suit/);
      expect(m.repairedSentences).toBeGreaterThan(0);
      expect(m.repairNote).toMatch(/kept as written: a "not" was (lost|added)/);
      // A repaired draft is used, not set aside.
      expect(r.setAside).toEqual([]);
    } else {
      expect(r.fallbackReason).toBe('meaning-changed');
      expect(r.setAside).toEqual(['negation']);
    }
  });

  it('Deep asks the model again for just the sentence it put back, with the fact spelled out, and uses the answer', async () => {
    ollama.setChat('drift');
    try {
      const text = TEXT.replace(
        'Remote work does not suit every team.',
        'Moreover, remote work does not suit every team that we utilize.',
      );
      const before = ollama.prompts.length;
      const r = await humanize(text, { mode: 'deep', llm: llm(), seed: 3 });
      const asked = ollama.prompts.slice(before).filter((p) => p.includes('changed what they say'));
      // One request, naming the one sentence and what the first rewrite got wrong.
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain('1. Moreover, remote work does not suit every team that we utilize.');
      expect(asked[0]).toMatch(/What went wrong:\n1: a "not" was lost/);
      // The answer kept its "not" and is used: nothing is left as the user wrote it.
      const m = modelPart(r);
      expect(m).not.toBeNull();
      expect(m!.text).toMatch(/remote work (does not|doesn't) suit every team/);
      expect(m!.text).not.toContain('Moreover, remote work does not suit every team that we utilize.');
      expect(m!.repairedSentences).toBe(0);
      expect(r.engineNote).toMatch(/1 sentence rewritten again after the first rewrite changed a fact/);
    } finally {
      ollama.setChat('ok');
    }
  });

  it('reports each draft the checks set aside with its reason (here: protected numbers changed)', async () => {
    ollama.setChat('number');
    try {
      const r = await humanize(
        'The survey asked 1200 teachers over 3 years. About 64 percent said pupils in grades 4 to 6 need less homework. ' +
          'Schools in 14 districts now cap it at 30 minutes a night, and 9 of them report more time for reading.',
        { mode: 'lightning', llm: llm(), seed: 3 },
      );
      expect(r.engine).toBe('local');
      expect(r.fallbackReason).toBe('checks-failed');
      expect(r.setAside).toEqual(['protected-span']);
    } finally {
      ollama.setChat('ok');
    }
  });

  it('keeps a faithful answer and reports tokens in and out, the model and the candidates', async () => {
    ollama.setChat('ok');
    const r = await humanize(TEXT, {
      mode: 'lightning',
      llm: llm(),
      seed: 3,
      writing: { tone: 'casual', readingLevel: 'standard' },
    });
    expect(modelPart(r)?.model).toBe('qwen2.5:7b-instruct');
    expect(r.guardRejected).toBe(false);
    expect(r.tokensIn).toBeGreaterThan(0);
    expect(r.tokensOut).toBeGreaterThan(0);
    expect(r.candidates).toBe(1);
    expect(ollama.prompts.at(-1)).toMatch(/Tone: casual/);
  });

  it('Deep: several plain (non-streamed) answers, the best kept', async () => {
    ollama.setChat('ok');
    const r = await humanize(TEXT, { mode: 'deep', llm: llm(), seed: 5 });
    expect(modelPart(r)).not.toBeNull();
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
