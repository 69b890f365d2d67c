import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanize } from '../index.ts';
import { modelPart } from '../testing.ts';
import { contested } from './consensus.ts';
import { checkFaithful } from './faithfulness/index.ts';
import { startScriptedProvider } from './scripted-provider.ts';

/**
 * The other drafts as witnesses: a claim reversed in a word the user's text does not have ("secondary" where
 * the text says "a widely used tool") has nothing in the text to be checked against; the model's other drafts
 * of the same sentence do.
 */
const ORIGINAL =
  'A widely used tool for finding leaks in the old pipes of Dunmore is the pressure test. ' +
  'The water board runs it every spring, before the summer demand begins. ' +
  'Crews close each street for a day while the test runs. Residents get a letter two weeks ahead.';
// Faithful but for one word the text does not have.
const REVERSED =
  'The secondary way to find leaks in the old pipes of Dunmore is the pressure test. ' +
  'The water board runs it each spring, ahead of the summer demand.' +
  ' Crews shut each street for one day during the test. Residents receive a letter two weeks in advance.';
// Two drafts that say "primary" (and move the town, so the check sets them aside: they still bear witness).
const WITNESS_A =
  'The primary way to find leaks in the old pipes of Kelso is the pressure test. ' +
  'The water board in Kelso runs it each spring, ahead of the summer demand.' +
  ' Crews shut each street for one day during the test. Residents receive a letter two weeks in advance.';
const WITNESS_B =
  'The pressure test is the primary method for spotting leaks in the aging pipes of Kelso. ' +
  'Each spring, before summer demand starts, the Kelso water board carries it out.' +
  ' Crews shut each street for one day during the test. Residents receive a letter two weeks in advance.';
const FAITHFUL =
  'The primary way to find leaks in the old pipes of Dunmore is the pressure test. ' +
  'The water board runs it each spring, ahead of the summer demand.' +
  ' Crews shut each street for one day during the test. Residents receive a letter two weeks in advance.';

// For the rework rounds: a text the model's draft says in stock phrases, so the detector flags its sentences.
const ROUNDS_ORIGINAL =
  'A widely used tool for finding leaks in the old pipes of Dunmore is the pressure test. ' +
  'The water board runs it every spring, before the summer demand begins. ' +
  'Crews close each street for a day while the test runs. Residents get a letter two weeks ahead.';
const ROUNDS_DRAFT =
  "In today's fast-paced world, the primary method for detecting leaks within Dunmore's aging pipes is the pressure test. " +
  'Furthermore, the water board meticulously conducts it each spring, ensuring readiness ahead of the summer demand. ' +
  'Crews shut each street for one day during the test. Residents receive a letter two weeks in advance.';

describe('the other drafts as witnesses', () => {
  const judge = (t: string) => checkFaithful(ORIGINAL, t);

  it('the check alone lets a reversed word pass when the text has neither it nor its opposite', () => {
    expect(judge(REVERSED).ok).toBe(true);
  });

  it('contests the sentence that more drafts contradict than support', () => {
    expect(contested(judge(REVERSED), [judge(WITNESS_A), judge(WITNESS_B)])).toEqual([
      {
        answer: 0,
        drift: 'antonym',
        detail: 'a claim was reversed (the other drafts say "primary", this one "secondary")',
      },
    ]);
    // One draft against one that agrees: the majority does not contest.
    expect(contested(judge(FAITHFUL), [judge(REVERSED), judge(WITNESS_A)])).toEqual([]);
    // Two drafts that disagree contest each other; drafts that agree, or say nothing of it, contest nothing.
    expect(contested(judge(FAITHFUL), [judge(REVERSED)])).toHaveLength(1);
    expect(contested(judge(FAITHFUL), [judge(WITNESS_A), judge(WITNESS_B)])).toEqual([]);
    expect(contested(judge(FAITHFUL), [])).toEqual([]);
  });

  describe('in Deep, over HTTP', () => {
    let provider: { url: string; close: () => Promise<void> };
    let url = '';
    let drafts = 0;
    let rounds = 0;
    let mode: 'drafts' | 'rounds' = 'drafts';
    beforeAll(async () => {
      provider = await startScriptedProvider((prompt) => {
        const list = /<sentences>\n([\s\S]*?)\n<\/sentences>/.exec(prompt);
        // Drafts: one each of the three (or the same AI-sounding draft three times for the rounds test).
        // Rounds: their sentences back as they were, or plainer but with "primary" turned into "secondary".
        if (list && mode === 'rounds') {
          rounds++;
          return (list[1] ?? '')
            .replace(/primary/g, 'secondary')
            .replace(/In today's fast-paced world, the/g, 'These days the')
            .replace(
              /plays a pivotal role in fostering a seamless and robust/g,
              'does a lot to keep up a steady and sound',
            );
        }
        if (list) return list[1] ?? '';
        return mode === 'rounds' ? ROUNDS_DRAFT : ([REVERSED, WITNESS_A, WITNESS_B][drafts++ % 3] as string);
      });
      url = provider.url;
    });
    afterAll(async () => {
      await provider.close();
    });

    it('a rework round that turns around a word the drafts agree on is discarded', async () => {
      drafts = 0;
      mode = 'rounds';
      try {
        const r = await humanize(ROUNDS_ORIGINAL, {
          mode: 'deep',
          llm: { baseURL: url, apiKey: 'k', model: 'm' },
          seed: 1,
        });
        expect(rounds).toBeGreaterThan(0);
        const m = modelPart(r);
        expect(m).not.toBeNull();
        expect(m!.text).toContain('primary');
        expect(m!.text).not.toContain('secondary');
        expect(r.setAside).toContain('antonym');
      } finally {
        mode = 'drafts';
      }
    });

    it('the contradicted sentence goes back as the user wrote it; the rest is the model rewrite', async () => {
      drafts = 0;
      const r = await humanize(ORIGINAL, { mode: 'deep', llm: { baseURL: url, apiKey: 'k', model: 'm' }, seed: 1 });
      expect(drafts).toBeGreaterThanOrEqual(3);
      const m = modelPart(r);
      expect(m).not.toBeNull();
      expect(m!.text).not.toContain('secondary');
      expect(m!.text).toContain(
        'A widely used tool for finding leaks in the old pipes of Dunmore is the pressure test.',
      );
      expect(m!.text).toContain('The water board runs it each spring, ahead of the summer demand.');
      expect(m!.repairNote).toMatch(/reversed/);
    });
  });
});
