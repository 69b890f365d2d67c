import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanize } from '../index.ts';
import { checkFaithful } from './faithfulness.ts';
import { judgeAndRepair } from './sentence-repair.ts';
import { parseDisputes } from './prompts.ts';
import { startScriptedProvider } from './scripted-provider.ts';

/**
 * The optional second opinion: sentences the checks let pass but cannot vouch for (a "not" lost inside a merge
 * of several sentences, with no word to point at) are put to the same provider, which may only reject them.
 */
const ORIGINAL =
  'The team met in May to review the plan. The budget for the new office was not signed off. Members asked for a delay of two weeks. ' +
  'Meanwhile the designers finished the floor layout and shared it with every department for comments. ' +
  'Several departments replied with requests for quieter rooms and more space for shared equipment. ' +
  'The facilities manager will collect the requests and prepare a revised layout for the next meeting in June.';
// The first three sentences merged; "was not signed off" became "got … through", which no rule can point at.
const REWRITE =
  'Meeting in May to review the plan, the team got the budget for the new office through, and members asked for a delay of two weeks. ' +
  'In the meantime the designers completed the floor layout and sent it to every department for comments. ' +
  'A number of departments answered, asking for quieter rooms and more room for shared equipment. ' +
  'The facilities manager is going to gather the requests and draw up a revised layout for the June meeting.';

describe('second opinion', () => {
  it('the grey band: a merged sentence that lost its "not" without a word to point at passes, as a doubt', () => {
    const j = checkFaithful(ORIGINAL, REWRITE);
    expect(j.ok).toBe(true);
    expect(j.doubts).toEqual([0]);
    const r = judgeAndRepair(ORIGINAL, REWRITE, 'deep', [], 0, 0, j.doubts);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text).toContain('The budget for the new office was not signed off.');
    expect(r.text).toContain('the designers completed the floor layout');
    expect(r.repairs.map((x) => x.drift)).toEqual(['disputed']);
  });

  it('reads which pairs the provider found different', () => {
    expect(parseDisputes('1. NONE\n2. B says the budget passed\n3: none', 3)).toEqual([1]);
    expect(parseDisputes('Sure!\n1) The plan was approved in B', 2)).toEqual([0]);
  });

  describe('in the model loop, over HTTP', () => {
    let provider: { url: string; close: () => Promise<void> };
    let url = '';
    const prompts: string[] = [];
    beforeAll(async () => {
      provider = await startScriptedProvider((prompt) => {
        prompts.push(prompt);
        const list = /<sentences>\n([\s\S]*?)\n<\/sentences>/.exec(prompt);
        if (prompt.includes('<pairs>')) return '1. B says the budget went through; A says it was not signed off.';
        return list ? (list[1] ?? '') : REWRITE;
      });
      url = provider.url;
    });
    afterAll(async () => {
      await provider.close();
    });

    it('off by default: the doubted sentence is kept as the model wrote it', async () => {
      prompts.length = 0;
      const r = await humanize(ORIGINAL, { mode: 'deep', llm: { baseURL: url, apiKey: 'k', model: 'm' }, seed: 1 });
      expect(prompts.some((p) => p.includes('<pairs>'))).toBe(false);
      expect(r.engine).toBe('model');
      expect(r.text).toContain('got the budget for the new office through');
    });

    it('on, within its budget of calls: the provider disputes the sentence and it is kept as written', async () => {
      prompts.length = 0;
      const r = await humanize(ORIGINAL, {
        mode: 'deep',
        llm: { baseURL: url, apiKey: 'k', model: 'm', secondOpinionCalls: 1 },
        seed: 1,
      });
      const asked = prompts.filter((p) => p.includes('<pairs>'));
      // Three candidates, one call allowed.
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain(
        'A: The team met in May to review the plan. The budget for the new office was not signed off.',
      );
      expect(r.engine).toBe('model');
      expect(r.text).toContain('The budget for the new office was not signed off.');
      expect(r.text).not.toContain('got the budget for the new office through');
      expect(r.repairNote).toMatch(/a second check found/);
    });
  });
});
