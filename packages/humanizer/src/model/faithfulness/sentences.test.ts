import { describe, expect, it } from 'vitest';
import { checkFaithful, forgetPrepared, splitSentences } from './index.ts';
import { judgeAndRepair } from '../sentence-repair.ts';
import { TAIL } from './test-texts.ts';

// Sentences: how a text is split, and the same verdict whether its sentences were prepared before or not.
describe('faithfulness check', () => {
  it('splits sentences glued at a stop and at line breaks written as HTML', () => {
    expect(splitSentences('It was bad.After that I left. Then Dr. Smith came.').map((s) => s.text)).toEqual([
      'It was bad.',
      'After that I left.',
      'Then Dr. Smith came.',
    ]);
    expect(
      splitSentences('It was trained on COCO. * Storms could raise losses. - More below.').map((s) => s.text),
    ).toEqual(['It was trained on COCO.', '* Storms could raise losses.', '- More below.']);
    expect(splitSentences('One line<br /><br />Two lines. See e.g.Paris').map((s) => s.text)).toEqual([
      'One line',
      'Two lines.',
      'See e.g.Paris',
    ]);
  });

  it('a quotation closed before a lower-case word goes on in the same sentence', () => {
    expect(splitSentences('"You seem troubled, why?" asked the old man. He waited.').map((s) => s.text)).toEqual([
      '"You seem troubled, why?" asked the old man.',
      'He waited.',
    ]);
    expect(splitSentences('"I am done." She left.').map((s) => s.text)).toEqual(['"I am done."', 'She left.']);
  });

  it('splits text written in lower case, and judges a long run without stops in pieces', () => {
    expect(
      splitSentences('there had been talk. "it is not true," he said. it was approx. five p.m. then... well. ok').map(
        (s) => s.text,
      ),
    ).toEqual(['there had been talk.', '"it is not true," he said.', 'it was approx. five p.m. then... well.', 'ok']);
    const run = Array.from(
      { length: 5 },
      (_, k) => `Part ${k} of the talk covers the budget and the staff plans for the coming year`,
    ).join(' ');
    const pieces = splitSentences(run);
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    expect(pieces.map((p) => p.text).join(' ')).toBe(run);
    // A rewrite of that run that stops halfway is caught: its pieces give the check sentences to cover.
    const half = 'Part 0 of the talk covers the budget and staff plans for next year. Part 1 does the same.';
    expect(checkFaithful(run, half)).toMatchObject({ ok: false, drift: 'dropped' });
  });
});

describe('sentences prepared once', () => {
  it('judges a text the same whether its sentences were seen before or not', () => {
    // The same sentences stand in other texts: at the start of a line (a list item's number counts) and inside
    // one, with a denial and without, and in a repair that changes one sentence.
    const cases: [string, string][] = [
      [
        'Steps:\n2. Soak the beans overnight.\n3. Boil them for an hour.',
        'Steps:\n2. Soak the beans overnight.\n3. Boil them for an hour.',
      ],
      [
        'Steps: 2. Soak the beans overnight. 3. Boil them for an hour.',
        'Steps:\n5. Soak the beans overnight.\n3. Boil them for an hour.',
      ],
      ['The shop does not open on Sundays.' + TAIL, 'The shop opens on Sundays.' + TAIL],
      ['The shop does not open on Sundays.' + TAIL, 'The shop is closed on Sundays.' + TAIL],
      ['Sales rose by 12 percent in May.' + TAIL, 'In May, sales went up by 21 percent.' + TAIL],
    ];
    const judge = ([o, a]: [string, string]) => {
      const j = checkFaithful(o, a);
      const r = judgeAndRepair(o, a);
      return { ok: j.ok, failures: j.failures, alignment: j.alignment, repaired: r.ok ? r.text : r.reason };
    };
    const warm = cases.map(judge);
    const cold = cases.map((c) => {
      forgetPrepared();
      return judge(c);
    });
    expect(cold).toEqual(warm);
    expect(warm.map((w) => w.ok)).toEqual([true, false, false, true, false]);
  });
});
