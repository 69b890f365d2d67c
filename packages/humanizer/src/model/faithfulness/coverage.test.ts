import { describe, expect, it } from 'vitest';
import { checkFaithful } from './index.ts';
import { judgeAndRepair } from '../sentence-repair.ts';
import { plantDrift } from '../recorded/drift.ts';
import { LONG, LONG_REWRITE, ORIGINAL, REWRITE } from './test-texts.ts';

// Coverage and verdict: a faithful rewrite kept; a rewrite that stops early, invents or drops a sentence caught.
describe('faithfulness check', () => {
  it('counts a word said as another part of speech as kept ("decided quickly" / "the decision was quick")', () => {
    const o = 'The board decided quickly to publish the new rules.';
    expect(checkFaithful(o, 'The decision of the board was quick: publication of the new rules.')).toMatchObject({
      ok: true,
      recall: 1,
    });
    expect(checkFaithful(o, 'The board met at noon and ate lunch together.').ok).toBe(false);
  });

  it('keeps a rewrite that changes words, voice and clause order but not the facts', () => {
    const r = checkFaithful(ORIGINAL, REWRITE);
    expect(r.failures).toEqual([]);
    expect(r).toMatchObject({ ok: true });
    expect(r.recall).toBeGreaterThan(0.5);
  });

  it('catches a rewrite that stops halfway even when its last sentence echoes the ending', () => {
    const o =
      'The city opened a new library in the spring. It has a reading room for children and a hall for talks. ' +
      'Volunteers run a homework club there every afternoon. The building uses solar panels to heat its water. ' +
      'Visitors can borrow laptops for two weeks at a time. In short, the library has become a meeting place for the whole town.';
    const half =
      'This spring the city opened a new library. There is a reading room for kids, plus a hall where talks are held. ' +
      'Volunteers run a homework club at the library, a meeting place for the whole town, every afternoon.';
    expect(checkFaithful(o, half)).toMatchObject({ ok: false, drift: 'dropped' });
  });

  it('a last sentence that merges the last two of the text reaches the end', () => {
    const o =
      'I want to tell you about the strangest week I ever had as a ferry mechanic. It began on a Monday in early ' +
      'spring. The harbour master asked me to look at an old boat whose engine kept stalling. The owner said it ' +
      'shook, smoked and lost power after an hour. While I checked the fuel lines, she asked me whether a new ' +
      'propeller might help the boat. I thought back to everything the manuals had taught me about propellers, ' +
      'which did not take long because they had taught me almost nothing.';
    const merged =
      'I want to tell you about the oddest week I have had as a ferry mechanic. It started on an early spring ' +
      'Monday. The harbour master asked me to inspect an aging boat whose engine kept cutting out, shaking, ' +
      'smoking and losing power after an hour. As I went over the fuel lines, the owner wondered if a new ' +
      'propeller would help the boat, so I thought back to everything the manuals had taught me about ' +
      'propellers, which was little.';
    expect(checkFaithful(o, merged)).toMatchObject({ ok: true });
    // Without the last two sentences' content, the same rewrite stops early.
    const stopped = merged.slice(0, merged.indexOf(' As I went'));
    expect(checkFaithful(o, stopped)).toMatchObject({ ok: false, drift: 'dropped' });
  });

  it('catches a short invented aside: three new content words are enough', () => {
    const o =
      'The bakery on Elm Street sells fresh bread every morning. Their rye loaf has a dark crust and a soft middle. Prices went up last spring.';
    const a =
      'Every morning, the bakery on Elm Street sells fresh bread. Their rye loaf has a dark crust and a soft middle. A small party for the tongue! Prices rose last spring.';
    const r = checkFaithful(o, a);
    expect(r.failures.map((f) => [f.drift, r.answerSentences[f.answer]?.text])).toEqual([
      ['invented', 'A small party for the tongue!'],
    ]);
    // Repair takes it out and keeps the rest of the rewrite.
    const fixed = judgeAndRepair(o, a);
    expect(fixed.ok && fixed.text).toBe(
      'Every morning, the bakery on Elm Street sells fresh bread. Their rye loaf has a dark crust and a soft middle. Prices rose last spring.',
    );
  });

  it('catches a stray sentence that shares a few words with the text but follows none of its sentences', () => {
    const o = [
      'The harbour town of Kellin rebuilt its stone pier after the storm of the previous winter, using granite blocks hauled by barge from a quarry further up the coast and laid by a crew of eleven masons.',
      'Fishing boats returned within a month, although the larger trawlers still unload at the deeper berth across the bay because the new pier sits lower in the water than the old one did.',
      'The council paid for the work with a loan from the regional fund and a small levy on moorings, which owners of pleasure craft opposed at two crowded public meetings in the school hall.',
      'A plaque near the lighthouse now lists the names of the masons, and the museum keeps photographs of the damage alongside drawings of the pier as it was first built.',
    ].join(' ');
    const a = [
      'After the storm of the previous winter, the harbour town of Kellin rebuilt its stone pier with granite blocks that a barge hauled from a quarry further up the coast, laid by a crew of eleven masons.',
      'Fishing boats were back within a month, though the larger trawlers still unload at the deeper berth across the bay, since the new pier sits lower in the water than the old one.',
      'The council paid for the work through a loan from the regional fund and a small levy on moorings, which owners of pleasure craft opposed at two crowded public meetings in the school hall.',
      'A plaque near the lighthouse now lists the masons by name, and the museum keeps photographs of the damage beside drawings of the pier as it was first built.',
    ];
    expect(checkFaithful(o, a.join(' ')).ok).toBe(true);
    // Four of its nine content words are the text's ("coast", "water", "work", "name"), one from each of four
    // sentences: it restates none of them.
    const stray = 'Artists paint the coast and the water on canvas at weekends, and sign the work by name.';
    const r = checkFaithful(o, [a[0], a[1], a[2], stray, a[3]].join(' '));
    expect(r.failures.map((f) => [f.drift, r.answerSentences[f.answer]?.text])).toEqual([['invented', stray]]);
  });

  it('catches an invented sentence, a dropped half and an unrelated text', () => {
    const invented = `${REWRITE} Critics also warned that solving mysteries of the ocean floor requires submarine expeditions and satellite mapping.`;
    expect(checkFaithful(ORIGINAL, invented)).toMatchObject({ ok: false, drift: 'invented' });
    const long = LONG;
    const longRewrite = LONG_REWRITE;
    expect(checkFaithful(long, longRewrite).ok).toBe(true);
    const half = longRewrite.slice(0, longRewrite.indexOf('Next year') - 1);
    expect(checkFaithful(long, half)).toMatchObject({ ok: false, drift: 'dropped' });
    expect(
      checkFaithful(
        ORIGINAL,
        'Weather forecasts were wrong all week, and the trains ran late too. Nobody expected snow in the valley.',
      ),
    ).toMatchObject({ ok: false, drift: 'unrelated' });
  });

  it('plants each drift kind it can in a rewrite', () => {
    expect(plantDrift('number', ORIGINAL, REWRITE, '', 0)).not.toBe(REWRITE);
    expect(plantDrift('name', ORIGINAL, REWRITE, '', 0)).toMatch(/Okonkwo|Martinez|Lindqvist/);
    expect(plantDrift('half-dropped', ORIGINAL, 'One. Two. Three. Four.', '', 0)).toBe('One. Two.');
    // A flipped negation reads as one: "can’t" becomes "can", never "can not’t".
    expect(plantDrift('negation', 'x', 'On a busy morning you can’t cook the oats.', '', 0)).toBe(
      'On a busy morning you can cook the oats.',
    );
    expect(plantDrift('negation', 'x', "It won't rain today.", '', 0)).toBe('It will rain today.');
    expect(plantDrift('negation', 'x', 'Never mind the rain.', '', 0)).toBe('Always mind the rain.');
    expect(plantDrift('negation', 'x', 'He can swim well.', '', 0)).toBe('He can not swim well.');
  });
});
