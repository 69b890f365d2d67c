import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detect } from './detector.ts';
import { humanize } from './index.ts';
import { checkFaithful } from './model/faithfulness/index.ts';
import { startScriptedProvider } from './model/scripted-provider.ts';

/**
 * Never hand over worse (decision 0059): a model's rewrite that passed the checks is delivered only when it
 * scores lower than the light edit of the same text; otherwise the light edit is delivered and the model's
 * rewrite is offered beside it as the alternative.
 */
const TEXT =
  "In today's fast-paced world, the community center plays a pivotal role in fostering connection. Moreover, it offers a wide range of programs that cater to diverse needs. Furthermore, its dedicated staff work tirelessly to ensure that every visitor feels welcome. Ultimately, the center serves as a vital hub for residents of all ages.";
// Faithful, but as machine-like as the text: the light edit, which takes out the stock phrases, scores lower.
const STIFF =
  "In today's fast-paced world, the community center plays a crucial role in fostering connection. Additionally, it offers a wide range of programs that cater to diverse needs. Furthermore, its dedicated staff work tirelessly to ensure that every visitor feels welcome. Ultimately, the center serves as a vital hub for residents of all ages.";
// Faithful and plainer: each scores lower than the text; the tests use the first that passes the meaning check
// whole and scores lower than the light edit (the detector and the check are tuned over time).
const PLAIN = [
  'In a world that moves this fast, the community center plays a big part in helping people connect. It runs a wide range of programs that suit diverse needs. Its staff work hard so that every visitor feels welcome. For residents of all ages, the center is a vital hub.',
  'In a world that moves this fast, the community center plays a big part in helping people connect. It runs a wide range of programs that suit diverse needs. Its staff work hard so that every visitor feels welcome. In the end, the center is a vital hub for residents of all ages.',
  'In a world that moves this fast, the community center is key to helping people connect. It runs a wide range of programs for all sorts of needs. Its staff work hard so that every visitor feels welcome. For residents of all ages, the center is the hub.',
];

describe('never hand over worse', () => {
  let answer = STIFF;
  let provider: { url: string; close: () => Promise<void> };
  const llm = () => ({ baseURL: provider.url, apiKey: 'k', model: 'scripted-model' });
  beforeAll(async () => {
    provider = await startScriptedProvider((prompt) => {
      // Rounds get their sentences back as they were sent.
      const list = /<sentences>\n([\s\S]*?)\n<\/sentences>/.exec(prompt);
      return list ? (list[1] ?? '') : answer;
    });
  });
  afterAll(async () => {
    await provider.close();
  });

  it('a rewrite that scores higher than the light edit: the light edit is delivered, the rewrite offered', async () => {
    answer = STIFF;
    const light = await humanize(TEXT, { mode: 'deep', seed: 1 });
    const r = await humanize(TEXT, { mode: 'deep', seed: 1, llm: llm() });
    // The same light edit the local path makes (same seed, mode and options), delivered as a light edit.
    expect(r.text).toBe(light.text);
    expect(r.scoreAfter).toBe(light.scoreAfter);
    expect(r.engine).toBe('local');
    expect(r.outcome).toBe('light-edit');
    expect(r.fallbackReason).toBeUndefined();
    expect(r.model).toBeUndefined();
    // The model was used: its tokens and answers are counted.
    expect(r.tokensUsed).toBeGreaterThan(0);
    expect(r.candidates).toBeGreaterThan(0);
    expect(r.alternative).toBeDefined();
    const alt = r.alternative!;
    expect(alt.text).toBe(STIFF);
    expect(alt.score).toBe(detect(STIFF).score);
    expect(alt.score).toBeGreaterThan(r.scoreAfter!);
    expect(alt.deliveredScore).toBe(r.scoreAfter);
    expect(alt.delivered).toBe('light-edit');
    expect(alt.reason).toBe('scored-higher');
    expect(alt.model).toBe('scripted-model');
    expect(alt.repairedSentences).toBe(0);
    expect(r.engineNote).toMatch(/^model rewrite scored \d+, not lower than the light edit \(\d+\)/);
  });

  it('a rewrite that scores lower than the light edit is delivered, with no alternative', async () => {
    const light = await humanize(TEXT, { mode: 'deep', seed: 1 });
    const plain = PLAIN.find(
      (p) => checkFaithful(TEXT, p).failures.length === 0 && detect(p).score < light.scoreAfter!,
    );
    expect(plain, 'a plain rewrite that passes the check whole and scores lower than the light edit').toBeDefined();
    answer = plain!;
    const r = await humanize(TEXT, { mode: 'deep', seed: 1, llm: llm() });
    expect(r.engine).toBe('model');
    expect(r.outcome).toBe('model');
    expect(r.text).toBe(plain);
    expect(r.scoreAfter).toBe(detect(plain!).score);
    expect(r.model).toBe('scripted-model');
    expect(r.alternative).toBeUndefined();
  });

  it('a rewrite of text the detector cannot score (not English) is delivered as it is', async () => {
    const german =
      'Das Gemeindezentrum spielt eine wichtige Rolle für das Miteinander. Es bietet viele Programme für unterschiedliche Bedürfnisse. Die Mitarbeiter sorgen dafür, dass sich jeder willkommen fühlt.';
    answer =
      'Im Gemeindezentrum kommen die Leute zusammen. Es gibt dort viele Programme für unterschiedliche Bedürfnisse. Die Mitarbeiter sorgen dafür, dass sich jeder willkommen fühlt.';
    const r = await humanize(german, { mode: 'deep', seed: 1, llm: llm() });
    expect(r.scoreBefore).toBeNull();
    expect(r.engine).toBe('model');
    expect(r.alternative).toBeUndefined();
  });
});
