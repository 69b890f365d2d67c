import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanize } from '../index.ts';
import { modelPart } from '../testing.ts';
import { checkFaithful, forgetPrepared, splitSentences } from './faithfulness/index.ts';
import { startFakeOllama, type FakeOllama } from './fake-ollama.ts';
import { fullTextPrompt } from './prompts.ts';
import { describeRepairs, judgeAndRepair, withoutRepeats } from './sentence-repair.ts';
import { plantDrift } from './recorded/drift.ts';

const ORIGINAL =
  'The new policy does not reduce costs for small firms. It helps large companies plan their budgets, and managers like it. ' +
  'Maria Lopez, who runs the finance office in Denver, said the rules took effect in March 2021. About 40 percent of the firms have filed their forms.';
/** A faithful rewrite: other words, passive voice, clauses reordered, sentences merged. */
const REWRITE =
  "For small businesses, costs aren't lowered by the new policy. Big companies get help planning their budgets, which managers appreciate. " +
  'According to Maria Lopez, head of the finance office in Denver, the rules came into force in March 2021, and roughly 40 percent of the firms have submitted their forms.';

const LONG = `${ORIGINAL} The office will publish a guide for owners next year. Owners can call a help line every weekday morning. Several banks have offered cheaper loans to the firms.`;
/** Two sentences after the one under test, so that each case is judged inside a text. */
const TAIL = ' The team met every Tuesday to review the plan. Most members came prepared with notes.';

/** Whether the rewrite of one sentence (the tail after it) is used whole: nothing failed, nothing put back. */
const usedWhole = (o: string, a: string): boolean => {
  const r = judgeAndRepair(o + TAIL, a + TAIL);
  return r.ok && r.repairs.length === 0;
};
const LONG_REWRITE = `${REWRITE} Next year the office will put out a guide for owners. A help line takes calls each weekday morning. A number of banks have offered the firms cheaper loans.`;

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

  it('catches a changed number and names the sentence', () => {
    const r = checkFaithful(ORIGINAL, REWRITE.replace('40 percent', '45 percent'));
    expect(r).toMatchObject({ ok: false, drift: 'number' });
    expect(r.answerSentences[r.failures[0]?.answer ?? -1]?.text).toMatch(/45 percent/);
  });

  it('catches a number left out of a sentence the answer follows closely, in figures or words', () => {
    const o =
      'Report 2 covers the budget for the northern office. Roughly 80 percent of it goes to staff in the 1980s buildings.';
    expect(
      checkFaithful(
        o,
        'The report covers the budget for the northern office. About 80 percent of it goes to staff in the 1980s buildings.',
      ),
    ).toMatchObject({ ok: false, drift: 'number', detail: 'a number was left out ("2" is in your text)' });
    expect(
      checkFaithful(
        o,
        "Report 2 covers the northern office budget. About eighty percent goes to staff in buildings from the '80s.",
      ).ok,
    ).toBe(true);
  });

  it('reads a year by its last two digits ("back in \'08") and a decade ("the \'80s") as the year and the decade', () => {
    const o = 'Between 1992 and 2008 the share of pupils in such schools rose.';
    expect(checkFaithful(o, "Between '92 and '08, the share of kids in those schools went up.").ok).toBe(true);
    expect(checkFaithful(o, "Between '92 and '09, the share of kids in those schools went up.")).toMatchObject({
      ok: false,
      drift: 'number',
    });
    expect(
      checkFaithful('Music of the 1980s is back in the shops.', "Music from the '80s is back in the shops.").ok,
    ).toBe(true);
    expect(
      checkFaithful('Music of the 1980s is back in the shops.', "Music from the '90s is back in the shops.").ok,
    ).toBe(false);
  });

  it('reads a century as a hundred years and a decade as ten', () => {
    expect(
      checkFaithful(
        'More than a century after her death, readers still know her monsters.',
        'Over one hundred years after her death, readers still know her monsters.',
      ).ok,
    ).toBe(true);
    expect(
      checkFaithful('Over 10 years later, the old bridge was rebuilt.', 'A decade on, the old bridge was rebuilt.').ok,
    ).toBe(true);
    expect(
      checkFaithful('Over 10 years later, the old bridge was rebuilt.', 'Two decades on, the old bridge was rebuilt.'),
    ).toMatchObject({ ok: false, drift: 'number' });
  });

  it('catches a changed date', () => {
    expect(checkFaithful(ORIGINAL, REWRITE.replace('2021', '2024'))).toMatchObject({ ok: false, drift: 'number' });
    expect(checkFaithful(ORIGINAL, REWRITE.replace('March', 'October'))).toMatchObject({
      ok: false,
      drift: 'number',
      detail: 'a date changed ("October" is not in your text)',
    });
  });

  it('catches a swapped name, but not a sentence-initial capital', () => {
    expect(checkFaithful(ORIGINAL, REWRITE.replace('Maria Lopez', 'Maria Okonkwo'))).toMatchObject({
      ok: false,
      drift: 'name',
    });
    const initial = `${REWRITE} Using the forms is simple.`.replace('Big companies', 'Large companies');
    expect(
      checkFaithful(`${ORIGINAL} The forms are simple to use.`, initial).failures.map((f) => f.drift),
    ).not.toContain('name');
  });

  it('an acronym of words the original spells out, a name without its accents, a currency code are not new names', () => {
    const names = (o: string, a: string) => checkFaithful(o, a).failures.filter((f) => f.drift === 'name');
    const same: [string, string][] = [
      [
        'Funds that lead on environmental, social and governance criteria trade at a premium.',
        'Funds that lead on environmental, social and governance (ESG) criteria trade at a premium.',
      ],
      [
        'The thought experiment of Schrodinger still puzzles students.',
        'Students are still puzzled by Schrödinger’s thought experiment.',
      ],
      ['One dollar bought 0.82 pounds that week.', 'That week, 1 USD bought 0.82 GBP.'],
      ['Most American towns hold a parade in July.', 'Most towns in the United States hold a parade in July.'],
      ['The helper can now write whole replies for you.', 'The AI helper can now write whole replies for you.'],
    ];
    same.push(
      [
        'Goods from the U.S. will enter Panama without duty.',
        'U.S. goods will reach the Panamanian market without duty.',
      ],
      ['Goods from the U.S. will enter Panama without duty.', 'The U.S.-Panama deal lets goods enter without duty.'],
      ['This tradition is still held by the Jews today.', 'This remains a Jewish tradition today.'],
      // A word made from a name of the original.
      ['Readers still know the monsters of ada ellis.', 'Readers still know the Ellisian monsters of Ada Ellis.'],
      // A heading in title case, and a quotation opened with a single quote.
      [
        'Time matters a lot in emergency surgery for older patients.',
        'Time is of the Essence: Emergency Surgery for Older Patients',
      ],
      [
        'He told the Levites to put the holy ark in the house.',
        "He told the Levites, 'Place the holy ark in the house.'",
      ],
    );
    for (const [o, a] of same) expect(names(o, a), a).toEqual([]);
    expect(names(same[5]![0], 'Goods from the U.S. will enter the Colombian market without duty.')).not.toEqual([]);
    // A name the original never mentions is still a new name.
    expect(names(same[1]![0], 'Students are still puzzled by Heisenberg’s thought experiment.')).not.toEqual([]);
  });

  it('takes words at a start, labels, spelled-out acronyms and other forms of a name for what they are', () => {
    const names = (o: string, a: string) => checkFaithful(o, a).failures.filter((f) => f.drift === 'name');
    // A function word or an adverb opening a sentence, and a title-case label before a colon.
    expect(
      names(
        'Attackers must make images that look less odd, or they get caught by our detector quickly.',
        'For attackers to slip past our detector, they must make images that look less odd. Seamlessly or not, they get caught.',
      ),
    ).toEqual([]);
    expect(
      names(
        'The plan keeps costs down and lets the team act faster on the work.',
        'Cost Control: the plan keeps costs down. Faster Action: the team acts on the work faster.',
      ),
    ).toEqual([]);
    // An acronym of the original spelled out, and a demonym of a place the original names.
    expect(
      names(
        'CSR spending pays off for firms that sell to the British market.',
        'Corporate Social Responsibility (CSR) spending pays off for firms selling in Britain.',
      ),
    ).toEqual([]);
    // A common word completing a name of the original, and a name one letter apart at its end.
    expect(
      names(
        'When you cross over Jordan you will dwell in the land. The Honduran ministry held funerals.',
        'Once you have crossed the Jordan River you will live in the land. Across Honduras, funerals were held.',
      ),
    ).toEqual([]);
    // A name the original never mentions is still caught, also beside all of the above.
    expect(
      names(
        'CSR spending pays off for firms that sell to the British market.',
        'Corporate Social Responsibility (CSR) spending pays off for Okonkwo and firms selling in Britain.',
      ).map((f) => f.detail),
    ).toEqual(['a name changed ("Okonkwo" is not in your text)']);
  });

  it('a quotation may be reported in other words, but not misquoted inside quotation marks', () => {
    const o = 'Haynes wrote that "a corporate calculus exists in which costs are pushed onto workers" in his study.';
    expect(checkFaithful(o, 'In his study Haynes argued that firms push costs onto their workers.').ok).toBe(true);
    expect(
      checkFaithful(
        o,
        'In his study Haynes wrote, "a corporate calculus exists in which costs are pushed onto workers."',
      ).ok,
    ).toBe(true);
    expect(
      checkFaithful(o, 'In his study Haynes wrote, "a corporate mindset exists where costs are shifted onto workers."'),
    ).toMatchObject({ ok: false, drift: 'quote' });
  });

  it('a quotation respelled the American or British way is the same quotation', () => {
    const o = 'The guide says "every organisation should analyse the colour of its catalogue" before a launch.';
    const respelled = 'Before a launch, the guide says "every organization should analyze the color of its catalog".';
    expect(checkFaithful(o, respelled).ok).toBe(true);
    const changed = 'Before a launch, the guide says "every organization should analyze the shape of its catalog".';
    expect(checkFaithful(o, changed)).toMatchObject({ ok: false, drift: 'quote' });
  });

  it('judges negation sentence by sentence inside a merge, and does not count a merged "not" against a sentence', () => {
    const o =
      'The committee met on Monday. The analysis of the budget was not finished by then. The members asked for more time.';
    // One answer sentence merges all three; the "not" is kept in other words: no failure.
    const merged = 'Meeting on Monday, the committee found the budget analysis unfinished and asked for more time.';
    expect(checkFaithful(o, merged).failures.filter((f) => f.drift === 'negation')).toEqual([]);
    // The sentence that follows the second one closely drops its "not": caught, naming that sentence.
    const flipped =
      'The committee met on Monday, and the members asked for more time. The analysis of the budget was finished by then.';
    const j = checkFaithful(o, flipped);
    expect(j).toMatchObject({ ok: false, drift: 'negation' });
    expect(j.failures.find((f) => f.drift === 'negation')?.answer).toBe(1);
  });

  it('a denied word and its antonym or negating-prefix form agree', () => {
    const o = 'Morality should not be bound by private interests, but absolute and universal for every person.';
    expect(
      checkFaithful(o, 'Morality must be absolute and universal for every person, unbound by private interests.').ok,
    ).toBe(true);
    expect(
      checkFaithful(
        'Morality should be bound by private interests, and relative for every person.',
        'Morality must be relative for every person, unbound by private interests.',
      ),
    ).toMatchObject({ ok: false, drift: 'antonym' });
    // Denied on both sides, a word and its antonym say opposite things.
    const club = 'Under the new rules the club cannot be listed as a private members club.';
    expect(checkFaithful(club, 'The new rules mean the club cannot be listed as a private members club.').ok).toBe(
      true,
    );
    expect(checkFaithful(club, 'The new rules mean the club cannot be listed as a public members club.')).toMatchObject(
      { ok: false, drift: 'antonym' },
    );
  });

  it('a word denied only in an original sentence this one shares little with is a doubt, not a flip', () => {
    const o =
      'Maria did not join the choir. Maria plays the violin. Maria paints on weekends. Her brother teaches chemistry at the local school.';
    // "the choir" here is the songs she hums, not a claim that she joined it.
    const loose = checkFaithful(
      o,
      'Maria plays the violin and paints on weekends. She also hums songs from the choir while she paints. Her brother teaches chemistry at the local school.',
    );
    expect(loose.ok).toBe(true);
    expect(loose.doubts).toEqual([1]);
    // Said of the sentence that denies it, the same word is a flip.
    expect(
      checkFaithful(
        o,
        'Maria joined the choir. She plays the violin and paints on weekends. Her brother teaches chemistry at the local school.',
      ),
    ).toMatchObject({ ok: false, drift: 'negation' });
  });

  it('a sentence in new words that states only figures of the original is not invented', () => {
    const o =
      'My first car was a small red hatchback. I bought it used for about 3,000 dollars in a town near the coast. It broke down twice in the first winter.';
    const a =
      'My first car was a little red hatchback. Total damage: roughly 3,000 bucks, second-hand, from some dealer out by the sea. That first winter it died on me twice.';
    expect(checkFaithful(o, a).ok).toBe(true);
    // With a figure the original does not have, the same sentence is a changed number.
    expect(checkFaithful(o, a.replace('3,000', '4,500'))).toMatchObject({ ok: false, drift: 'number' });
  });

  it('a number must come from the part of the text the sentence rewrites', () => {
    const o =
      'The ferry leaves the harbour at 7 every morning. It crosses the bay in about forty minutes. ' +
      'Passengers can buy coffee and rolls on board. Bicycles travel free of charge. ' +
      'In summer a second boat runs at 19 in the evening.';
    const kept =
      'Every morning at 7 the ferry pulls out of the harbour. The crossing takes around forty minutes. ' +
      'On board you can buy coffee and rolls. Bikes go free. In summer there is a second boat at 19 in the evening.';
    expect(checkFaithful(o, kept).ok).toBe(true);
    const moved = kept.replace('Every morning at 7', 'Every morning at 19');
    expect(checkFaithful(o, moved)).toMatchObject({ ok: false, drift: 'number' });
  });

  it('catches a figure swapped for another the sentence has, a month changed and a list renumbered past its end', () => {
    const match = 'Rovers beat Harlow 3-2 on Saturday, while Dunmore drew 1-1. The crowd was the largest this season.';
    expect(
      checkFaithful(
        match,
        'Rovers edged Harlow 3-2 on Saturday and Dunmore drew 1-1. It was the biggest crowd of the season.',
      ).ok,
    ).toBe(true);
    expect(
      checkFaithful(
        match,
        'Rovers edged Harlow 3-3 on Saturday and Dunmore drew 1-1. It was the biggest crowd of the season.',
      ),
    ).toMatchObject({ ok: false, drift: 'number', detail: 'a number changed ("2" became "3")' });
    const law = 'The first rule was approved in 2005 and the second, for 2006-2010, was also approved in 2005.';
    expect(
      checkFaithful(law, 'The first rule was passed in 2005, and the second, covering 2006-2010, was passed in 2010.'),
    ).toMatchObject({ ok: false, drift: 'number' });
    // Said once where the original says it twice, or a third time: not a swap.
    expect(checkFaithful(law, 'Both rules were passed in 2005; the second covers 2006-2010.').failures).toEqual([]);

    const permit = 'The minister granted consent for the wind farm in April. Protesters say it is too big.';
    expect(
      checkFaithful(
        permit,
        'In April, the minister granted permission for the wind farm. Protesters say it is too large.',
      ).ok,
    ).toBe(true);
    expect(
      checkFaithful(
        permit,
        'In July, the minister granted permission for the wind farm. Protesters say it is too large.',
      ),
    ).toMatchObject({ ok: false, drift: 'number', detail: 'a date changed ("July" is not in your text)' });

    const steps = '1. Rinse the rice.\n2. Soak it for ten minutes.\n3. Boil it in salted water.';
    expect(
      checkFaithful(steps, '1. Wash the rice.\n2. Leave it to soak for ten minutes.\n3. Cook it in salted water.').ok,
    ).toBe(true);
    expect(
      checkFaithful(steps, '1. Wash the rice.\n2. Leave it to soak for ten minutes.\n7. Cook it in salted water.'),
    ).toMatchObject({ ok: false, drift: 'number' });
    // A list the rewrite makes of prose numbers its own items.
    expect(
      checkFaithful(
        'Rinse the rice, soak it for ten minutes, then boil it in salted water.',
        '1. Rinse the rice.\n2. Soak it for ten minutes.\n3. Boil it in salted water.',
      ).failures.filter((f) => f.drift === 'number'),
    ).toEqual([]);
  });

  it('a number written another way is the same number; another number is not', () => {
    const same: [string, string, string][] = [
      [
        'The council set a forty-five day limit on the decision.',
        'The council imposed a 45-day deadline on the decision.',
        'a 46-day deadline',
      ],
      [
        'He moved £512m from central to local budgets.',
        'He moved £512 million from central to local budgets.',
        '£612 million',
      ],
      [
        'The prize fund reached 2,500,000 dollars last year.',
        'Last year the prize fund hit 2.5 million dollars.',
        '3.5 million dollars',
      ],
      [
        'Both managers follow the same climate policy.',
        'The two managers follow the same climate policy.',
        'The three managers',
      ],
      ['The caller dialled 9-1-1 from the kitchen.', 'From the kitchen, the caller phoned 911.', 'phoned 912'],
    ];
    for (const [o, a, changed] of same) {
      expect(checkFaithful(o, a), a).toMatchObject({ ok: true });
      const wrong = a.replace(
        /a 45-day deadline|£512 million|2\.5 million dollars|The two managers|phoned 911/,
        changed,
      );
      expect(wrong).not.toBe(a);
      expect(checkFaithful(o, wrong), wrong).toMatchObject({ ok: false, drift: 'number' });
    }
    const alsoSame: [string, string][] = [
      [
        'A buyer of a 500k flat in the old town pays twice.',
        'Someone who buys a $500,000 flat in the old town pays twice.',
      ],
      [
        'Rents match the capital while the density is 1/10 of it.',
        'Rents match the capital with one-tenth of the density.',
      ],
      ['We saw the play on 08/10/06 with the whole cast.', 'We saw the play with the whole cast on August 10, 2006.'],
      ['The rate then becomes 0.82*97% = 0.7954 in the end.', 'The rate then becomes 0.82 x 0.97 = 0.7954 in the end.'],
      [
        'Most ferry crossings go to or from U.S. ports every year.',
        'Most ferry crossings go to or from United States ports every year.',
      ],
    ];
    alsoSame.push(
      [
        'In 1903 the mayor spent three days camping in the valley.',
        'In 1903, early in the 20th century, the mayor spent three days camping in the valley.',
      ],
      [
        'Most soldiers died of disease before the twentieth century.',
        'Before the 20th century, most soldiers died of disease.',
      ],
      [
        'See the ruling of the court, 474 F.3d 1150 (9th Cir.2007), on this point.',
        'On this point, see the Ninth Circuit ruling of 2007, 474 F.3d 1150.',
      ],
      ['I was given a bonsai tree on my twenty-eighth birthday.', 'On my 28th birthday I was given a bonsai tree.'],
    );
    for (const [o, a] of alsoSame) expect(checkFaithful(o, a), a).toMatchObject({ ok: true });
    expect(
      checkFaithful(
        alsoSame[5]![0],
        'In 1903, early in the 19th century, the mayor spent three days camping in the valley.',
      ),
    ).toMatchObject({ ok: false, drift: 'number' });
    expect(
      checkFaithful(alsoSame[7]![0], 'On this point, see the Eighth Circuit ruling of 2007, 474 F.3d 1150.'),
    ).toMatchObject({ ok: false, drift: 'number' });
    expect(checkFaithful(alsoSame[8]![0], 'On my 29th birthday I was given a bonsai tree.')).toMatchObject({
      ok: false,
      drift: 'number',
    });
    expect(
      checkFaithful(alsoSame[0]![0], 'Someone who buys a $600,000 flat in the old town pays twice.'),
    ).toMatchObject({ ok: false, drift: 'number' });
    // A year of a sentence the answer splits in two must still be there.
    const split = checkFaithful(
      'The mill opened in 1891 and the village grew around its workers and their families over the next decades.',
      'The mill opened long ago. The village grew around its workers and their families over the next decades.',
    );
    expect(split.failures.some((f) => f.drift === 'number' && f.detail.includes('1891'))).toBe(true);
    // A list item's number counts items; it is not a figure of the text.
    const steps = 'Steps to follow:\n1. Mix the flour and the salt.\n2. Add the warm water slowly.';
    const list = 'What to do:\n1. Combine the flour with the salt.\n2. Slowly pour in the warm water.';
    expect(checkFaithful(steps, list).ok).toBe(true);
    // A list the rewrite makes of prose must count its items in order: "4." twice, or "7." after "1.", is changed.
    const prose =
      'To repot a fern, water it the day before. Then loosen the roots gently. Next, choose a pot one size up. ' +
      'Finally, fill in around it with fresh compost.';
    const made =
      'How to repot a fern:\n1. Water it the day before.\n2. Gently loosen the roots.\n3. Pick a pot one size larger.\n' +
      '4. Fill in around it with fresh compost.';
    expect(checkFaithful(prose, made).ok).toBe(true);
    expect(checkFaithful(prose, made.replace('3. Pick', '4. Pick'))).toMatchObject({
      ok: false,
      drift: 'number',
      detail: 'a list item\'s number changed ("4." breaks the count of its list)',
    });
    expect(checkFaithful(prose, made.replace('2. Gently', '7. Gently'))).toMatchObject({ ok: false, drift: 'number' });
    // Items of a numbered original moved, each keeping its number, are the rewrite's choice.
    const moved = 'What to do:\n2. Slowly pour in the warm water.\n1. Combine the flour with the salt.';
    expect(checkFaithful(steps, moved).failures.filter((f) => f.drift === 'number')).toEqual([]);
  });

  it('a link written as a bare domain name counts as a link', () => {
    const o = 'The library lends laptops for two weeks. Ask at the front desk to borrow one.';
    const a =
      'You can borrow a laptop from the library for two weeks. Ask at the front desk, or see lend-a-laptop.example.org for details.';
    expect(checkFaithful(o, a)).toMatchObject({ ok: false, drift: 'link' });
    // Two sentences run together without a space are not a link the answer "lost" when it adds the space.
    const runTogether = 'We walked to the old school.In May the garden was full of roses.';
    expect(checkFaithful(runTogether, 'We walked to the old school. In May the garden was full of roses.').ok).toBe(
      true,
    );
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

  it('catches a flipped negation and a reversed claim', () => {
    const r = checkFaithful(ORIGINAL, REWRITE.replace("costs aren't lowered", 'costs are lowered'));
    expect(r).toMatchObject({ ok: false, drift: 'negation' });
    const v = checkFaithful(ORIGINAL, REWRITE.replace('Big companies get help', 'Big companies get no help'));
    expect(v).toMatchObject({ ok: false, drift: 'negation' });
    const a = checkFaithful(
      'Prices increase in winter because demand for heating is high.',
      'Prices decrease in winter because demand for heating is high.',
    );
    expect(a).toMatchObject({ ok: false, drift: 'antonym' });
  });

  it('still checks a sentence for a reversed claim when it says a denial in other words', () => {
    const o = 'The old bridge is not safe for heavy trucks, and traffic on it will increase next year.';
    expect(
      checkFaithful(o, 'The old bridge is unsafe for heavy trucks, and traffic on it will increase next year.').ok,
    ).toBe(true);
    expect(
      checkFaithful(o, 'The old bridge is unsafe for heavy trucks, and traffic on it will decrease next year.'),
    ).toMatchObject({ ok: false, drift: 'antonym' });
  });

  it('reads a prefix as a denial only where it denies its stem', () => {
    // "improve" is not "prove" denied, nor "instill" "still"; "insignificant" is "significant" denied.
    expect(
      checkFaithful(
        'The tests prove the value of the new rules for safety at the plant. Staff were trained in March.',
        'The tests show that the new rules improve safety at the plant. Staff were trained in March.',
      ).ok,
    ).toBe(true);
    expect(
      checkFaithful(
        'Her family instilled a habit of saving money, and she still keeps to it.',
        'She still saves money, a habit her family taught her.',
      ).ok,
    ).toBe(true);
    expect(
      checkFaithful('The results were significant for the trial.', 'The results were insignificant for the trial.'),
    ).toMatchObject({ ok: false, drift: 'antonym' });
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

  it('a denial restated without "not" keeps its meaning; a denial dropped does not', () => {
    // A denying word is itself stated or denied: "does not prevent" and "prevents" disagree.
    const p = 'The new filter does not prevent users from sharing their files with the team.';
    expect(checkFaithful(p, 'The new filter prevents users from sharing their files with the team.')).toMatchObject({
      ok: false,
      drift: 'negation',
    });
    expect(
      checkFaithful(p, 'Users can still share their files with the team; the new filter does not stop them.').ok,
    ).toBe(true);
    const o = 'I think they should have found some way to not do the home video effect.';
    expect(checkFaithful(o, 'They really should have avoided the home video effect somehow.').ok).toBe(true);
    expect(checkFaithful(o, 'They really should have used the home video effect somehow.')).toMatchObject({
      ok: false,
      drift: 'negation',
    });
  });

  it('a protected span must come back, in any case or spacing; ordinary words the protector holds need not', () => {
    const o = 'The first one opened at Beijing University, and about 40 percent of the students joined.';
    const a = 'The first opened at Beijing university, and roughly 40 percent of the students signed up.';
    expect(checkFaithful(o, a, 'deep', ['first one', 'Beijing University', '40 percent']).failures).toEqual([]);
    const lost = checkFaithful(o, a.replace('40 percent', 'many'), 'deep', [
      'first one',
      'Beijing University',
      '40 percent',
    ]);
    // "many" for a figure also states the claim less exactly (a soft certainty failure, repaired where there is room).
    expect(lost.failures.filter((f) => f.drift === 'certainty').map((f) => f.rule)).toEqual(['certainty.added']);
    expect(lost.failures.filter((f) => f.drift !== 'certainty').map((f) => [f.drift, f.detail])).toEqual([
      ['number', 'a number was left out ("40" is in your text)'],
      ['number', '"40 percent" was lost'],
    ]);
  });

  it('takes chat words and a word in capitals for emphasis for what they are, not names', () => {
    const o = 'The show was very popular in the city, and the tickets sold out in a day.';
    expect(checkFaithful(o, 'The show was HUGE in the city, LOL, and the tickets sold out in a day.').ok).toBe(true);
    expect(checkFaithful(o, 'The show was huge in Boston, and the tickets sold out in a day.')).toMatchObject({
      ok: false,
      drift: 'name',
    });
  });

  it('compares negations with the sentences an answer sentence follows, not one that only shares a word', () => {
    const o =
      'The health ministry of the country does not publish its figures every year. The mortality rate in the country is falling and now stands at about 28 percent. ' +
      'Doctors expect better treatment and earlier diagnosis to lower the rate further over the next decade. Hospitals in the north have hired more nurses.';
    const a =
      'In the country, the mortality rate has been declining and still stands at a worrying 28 percent, according to the health ministry. ' +
      'Doctors hope better care and earlier diagnosis will bring the rate down over the coming decade. Hospitals in the north have taken on more nurses.';
    expect(checkFaithful(o, a).ok).toBe(true);
    expect(checkFaithful(o, a.replace('has been declining', 'has not been declining'))).toMatchObject({
      ok: false,
      drift: 'negation',
    });
  });

  it('catches a "not" added to a merge of three sentences when the closest of them denies nothing', () => {
    const o =
      'The city museum opens its new east wing this spring. Visitors will see paintings from three centuries there. ' +
      'Entry to the wing stays free for local schools. The old hall closes for repairs in May.';
    const a =
      'This spring the city museum will unveil it; that freshly built extension is where visitors see paintings from ' +
      'three centuries and local schools enter the wing free. In May the old hall closes for repairs.';
    expect(checkFaithful(o, a).ok).toBe(true);
    const flipped = checkFaithful(o, a.replace('will unveil', 'will not unveil'));
    expect(flipped.alignment[0]).toEqual([0, 1, 2]);
    expect(flipped).toMatchObject({ ok: false, drift: 'negation' });
  });

  it('reads a double negation as the claim it makes, and a denied negative word as praise', () => {
    const o =
      "I'm not arguing that there aren't more workers than jobs, it's just that employers expect top talent for their money.";
    expect(
      checkFaithful(
        o,
        "While it's true that there are more workers than jobs, employers expect top talent for their money.",
      ).ok,
    ).toBe(true);
    expect(
      checkFaithful(
        o,
        "It's not true that there are more workers than jobs, and employers expect top talent for their money.",
      ),
    ).toMatchObject({ ok: false, drift: 'negation' });
    expect(
      checkFaithful(
        'Looks like there is a second Red Kings restaurant in Chinatown and it did not disappoint!',
        'There now seems to be a second Red Kings restaurant in Chinatown, and it lived up to expectations!',
      ).ok,
    ).toBe(true);
    // A "not" typed without its apostrophe is a "not"; a denying word both sides use ("sugar-free")
    // explains no difference in the count of "not".
    expect(
      checkFaithful(
        'Phones arent just toys, they are useful tools for keeping in touch with family.',
        'Phones are just toys, but useful tools for keeping in touch with family.',
      ),
    ).toMatchObject({ ok: false, drift: 'negation' });
    expect(
      checkFaithful(
        'Sugar-free sodas are common in school canteens across the region.',
        'Sugar-free sodas are not commonly sold in school canteens across the region.',
      ),
    ).toMatchObject({ ok: false, drift: 'negation' });
    // Set phrases with a negation word that deny nothing.
    expect(checkFaithful('I agree with the plan.', "I couldn't agree more with the plan.").ok).toBe(true);
    expect(
      checkFaithful('We train large networks at a low cost.', 'We train large networks without breaking the bank.').ok,
    ).toBe(true);
  });

  it('a sale told from the buyer’s side is the same sale; a seller who buys is a reversal', () => {
    const o = 'Tickets are sold at the kiosk beside the pier. The museum shop is closed on Mondays.';
    expect(
      checkFaithful(o, 'You buy tickets at the kiosk next to the pier. On Mondays the museum shop is shut.'),
    ).toMatchObject({
      ok: true,
    });
    const p = 'Last spring the investors sold most of their shares in the bakery. They kept the building.';
    expect(
      checkFaithful(
        p,
        'Last spring the investors bought most of the shares in the bakery. They held on to the building.',
      ),
    ).toMatchObject({ ok: false, drift: 'antonym' });
  });

  it('an antonym counts in the sense WordNet opposes it, or in the place of its synonym', () => {
    // "Profit" and "benefit" are "gain" as earnings; "reduce" is the opposite of "gain" as putting on weight.
    for (const [o, a] of [
      [
        'Asking several friends for advice before a big decision brings real benefits. Each of them sees the choice from another side.',
        'Asking several friends for advice before a big decision pays off, reducing the doubt you feel. Each of them sees the choice from another side.',
      ],
      [
        'Panama profits from the strength of the dollar. Its banks hold most of their reserves in it.',
        'Panama benefits from the stable dollar, which reduces the risk of sudden inflation. Its banks keep most of their reserves in it.',
      ],
    ] as const)
      // No antonym failure. ("which reduces the risk of sudden inflation" is a claim the text does not make: it is
      // reported as added, a soft failure.)
      expect(checkFaithful(o, a).failures.filter((f) => f.drift !== 'added')).toEqual([]);
    // The antonym itself, but in another place and role: "set up a school" reverses no "rise" in enrolment.
    const schools = 'Enrolment in private schools saw a rise from 6% to 8%. The law lets anyone create such a school.';
    expect(
      checkFaithful(
        schools,
        'Private school enrolment climbed from 6% to 8%, and the law lets anyone set up such a school.',
      ).failures,
    ).toEqual([]);
    expect(
      checkFaithful(
        'Prices rose sharply in May. Shops ran short of flour.',
        'Prices fell sharply in May. Shops ran short of flour.',
      ),
    ).toMatchObject({ ok: false, drift: 'antonym' });
    // A synonym in the same place, next to a word both sentences have, is reversed all the same.
    expect(
      checkFaithful(
        'I picked the evening course for two main reasons. It fits my shifts and it is close to home.',
        'I picked the evening course for two secondary reasons. It suits my shifts and it is near home.',
      ),
    ).toMatchObject({ ok: false, drift: 'antonym' });
    expect(
      checkFaithful(
        'The glaze is used on tarts to hold the fruit in place. It sets in ten minutes.',
        'Bakers use the glaze on tarts to lose the fruit in place. It sets in ten minutes.',
      ),
    ).toMatchObject({ ok: false, drift: 'antonym' });
  });

  it('"unlike" compares; it reverses only a likeness the original states', () => {
    expect(
      checkFaithful(
        'The new model differs from earlier designs in one respect: it stores its memory outside the network.',
        'Unlike earlier designs, the new model stores its memory outside the network.',
      ).ok,
    ).toBe(true);
    expect(
      checkFaithful(
        'Cities such as Lyon and Turin have kept their old tram lines. Both run them every ten minutes.',
        'Cities unlike Lyon and Turin have kept their old tram lines. Both run them every ten minutes.',
      ),
    ).toMatchObject({ ok: false, drift: 'antonym' });
  });

  it('catches a reversed claim when the original said it with a synonym', () => {
    const o = 'It is crucial that every member signs the form before the meeting.';
    expect(checkFaithful(o, 'It is unimportant that every member signs the form before the meeting.')).toMatchObject({
      ok: false,
      drift: 'antonym',
    });
    expect(checkFaithful(o, 'Every member must sign the form before the meeting; this matters a lot.').ok).toBe(true);
  });

  it('catches a denial the original never makes: a negating prefix, or "lacks" and "unable" where it denies nothing', () => {
    const o = 'Please review the contract before you sign it. The team finished the new booking system in two weeks.';
    // The rewrite's own word, turned around: the original neither says "important" nor denies anything.
    expect(
      checkFaithful(
        o,
        'It is unimportant to review the contract before you sign it. The team finished the new booking system in two weeks.',
      ),
    ).toMatchObject({ ok: false, drift: 'antonym' });
    expect(
      checkFaithful(
        o,
        'Please review the contract before you sign it. The team lacked the new booking system in two weeks.',
      ),
    ).toMatchObject({ ok: false, drift: 'negation' });
    // Praise is no denial, and a negative word the original says in other words is kept.
    expect(
      checkFaithful(
        o,
        'It is incredibly wise to review the contract before you sign it. The team finished the new booking system in two weeks.',
      ).ok,
    ).toBe(true);
    expect(
      checkFaithful(
        'Sorry for the slow reply, I have been sick since Monday.',
        'Sorry for the slow reply, I have been unwell since Monday.',
      ).ok,
    ).toBe(true);
    expect(
      checkFaithful(
        'The town was known for its insanitary streets and crowded houses.',
        'The town was known for its unhealthy streets and crowded houses.',
      ).ok,
    ).toBe(true);
  });

  it('catches an amount or comparison turned around: more and less, many and few, all and some, different and same, never and always', () => {
    const o =
      'Swimming burns more calories than walking. Many students joined the club this year. The two groups used different methods.';
    expect(checkFaithful(o, o.replace('more calories', 'less calories'))).toMatchObject({
      ok: false,
      drift: 'antonym',
    });
    expect(checkFaithful(o, o.replace('Many students', 'Few students'))).toMatchObject({ ok: false, drift: 'antonym' });
    expect(checkFaithful(o, o.replace('different methods', 'the same methods'))).toMatchObject({
      ok: false,
      drift: 'antonym',
    });
    expect(
      checkFaithful(
        'All members voted for the plan at the meeting.',
        'Some members voted for the plan at the meeting.',
      ),
    ).toMatchObject({ ok: false, drift: 'antonym' });
    // "Never lets us down" turned into "always lets us down": the "not" is gone and nothing denies instead.
    expect(
      checkFaithful(
        'The prices are fair and the soup is good; the café never disappoints.',
        'Prices are fair and the soup is tasty, and the café always lets us down.',
      ),
    ).toMatchObject({ ok: false });
    // Said the same way in other words, or "the same" as an idiom, it is kept.
    expect(
      checkFaithful(
        o,
        'Swimming uses up more calories than walking does. Numerous students signed up for the club this year. At the same time, the two groups relied on distinct methods.',
      ).ok,
    ).toBe(true);
  });

  it('a denial said with "fails to" and said with "not" agree, however far the denied thing stands from the denying word', () => {
    const o =
      'The council may be dissolved by the mayor if it fails to elect a new chair from its own ranks within 28 days.';
    for (const answer of [
      'If the council does not elect a chair within 28 days, the mayor may dissolve it.',
      'And if the folks on the council can’t pick a chair within 28 days, boom, the mayor could dissolve it.',
    ])
      expect(checkFaithful(o, answer).ok).toBe(true);
    // A "not" the original does not make is still caught, and so is one that the rewrite takes past a new clause.
    expect(
      checkFaithful(
        'The council must elect a new chair from its own ranks within 28 days.',
        'The council must not elect a chair within 28 days.',
      ),
    ).toMatchObject({ ok: false, drift: 'negation' });
    expect(
      checkFaithful(
        'A guest could not walk onto this stage and sing, and the show was real.',
        'A guest couldn’t walk onto this stage and sing, and the show was not real.',
      ),
    ).toMatchObject({ ok: false, drift: 'negation' });
  });

  it('catches one side of an amount turned around while the sentence keeps another use of it, and "as much" turned to "as little"', () => {
    const o = 'The new pump uses 30% less power and has 40% fewer moving parts than the old one.';
    expect(
      checkFaithful(o, 'Compared with the old one, the new pump uses 30% less power and has 40% more moving parts.'),
    ).toMatchObject({
      ok: false,
      drift: 'antonym',
    });
    // Both sides moved apart in other places: "less" kept, "more" said elsewhere, nothing turned around.
    expect(
      checkFaithful(o, 'The new pump draws 30% less power than the old one, and it has 40% fewer moving parts.').ok,
    ).toBe(true);
    expect(
      checkFaithful(
        'I value the old bike just as much as I value our long friendship.',
        'I treasure the old bike as little as our long friendship.',
      ),
    ).toMatchObject({ ok: false, drift: 'antonym' });
    // "A little" softens: not an amount turned around.
    expect(
      checkFaithful(
        'The soup was much better than last week and the bread was fresh.',
        'The soup was a little better than last week, and the bread was fresh.',
      ).drift,
    ).not.toBe('antonym');
  });

  it('a reversed claim is judged against the original sentences aligned with it, not the whole text', () => {
    const o = 'The new schedule will reduce waiting times at the clinic. Nurses also learn new skills on the job.';
    expect(
      checkFaithful(o, 'The new schedule will cut waiting times at the clinic. Nurses also gain new skills on the job.')
        .ok,
    ).toBe(true);
    expect(
      checkFaithful(
        'The new schedule will lengthen waiting times at the clinic.',
        'The new schedule will shorten waiting times at the clinic.',
      ),
    ).toMatchObject({ ok: false, drift: 'antonym' });
  });

  it('a denial the answer restates with an antonym counts only when the original does not say that antonym too', () => {
    const o = 'If the coach were a female teacher, the same advice would be hard to give to male teachers.';
    expect(
      checkFaithful(
        o,
        'If the coach was not a female teacher, the same advice would be hard to give to male teachers.',
      ),
    ).toMatchObject({ ok: false, drift: 'negation' });
  });

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

  it('a page or section reference keeps its number, so a changed page is judged where it stands', () => {
    expect(
      splitSentences('Roads shape towns (Avery, 2011, p. 4). See sec. 2 and pp. 10-12.').map((s) => s.text),
    ).toEqual(['Roads shape towns (Avery, 2011, p. 4).', 'See sec. 2 and pp. 10-12.']);
    const cited = 'Roads shape towns, as one survey found (Avery, 2011, p. 4). Chapter 7 covers the rail lines.';
    expect(
      checkFaithful(
        cited,
        'One survey found that roads shape towns (Avery, 2011, p. 7). Chapter 7 covers the rail lines.',
      ).ok,
    ).toBe(false);
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

  it('a question tag denies nothing; a count the sentence shows in its own list is no new number', () => {
    const o = 'Everyone would sleep better with a quieter street, right? The council meets on Monday.';
    expect(
      checkFaithful(o, 'A quieter street would help everyone sleep better, wouldn’t it? The council meets on Monday.'),
    ).toMatchObject({ ok: true });
    // A real "not" is still a "not".
    expect(
      checkFaithful(o, 'A quieter street would not help everyone sleep better. The council meets on Monday.').ok,
    ).toBe(false);
    const list = 'The shelter sorts donations into food, clothing and bedding. Volunteers sort them on Fridays.';
    expect(
      checkFaithful(
        list,
        'The shelter sorts donations into three piles: food, clothing, and bedding. Volunteers sort them on Fridays.',
      ),
    ).toMatchObject({ ok: true });
    expect(
      checkFaithful(
        list,
        'The shelter sorts donations into four piles: food, clothing, and bedding. Volunteers sort them on Fridays.',
      ),
    ).toMatchObject({ ok: false, drift: 'number' });
  });

  it('"not only … but also" denies nothing; a "not only" with no second part turns a restriction around', () => {
    const o = 'The ferry only runs in the summer months. Tickets are sold at the harbour office.';
    const t = ' Tickets are sold at the harbour office.';
    expect(usedWhole(o, 'The ferry runs only during the summer months.' + t)).toBe(true);
    // The set phrase, with its second part, or inverted at the start of a sentence.
    const both = 'The ferry carries bikes and cars. Tickets are sold at the harbour office.';
    expect(usedWhole(both, 'The ferry carries not only bikes but also cars.' + t)).toBe(true);
    expect(usedWhole(both, 'Not only bikes ride the ferry, cars do as well.' + t)).toBe(true);
    expect(usedWhole(both, 'Not only does the ferry carry bikes, it carries cars.' + t)).toBe(true);
    // Without a second part, the "not" denies the "only": the ferry now runs in other months too.
    const r = judgeAndRepair(o + TAIL, `The ferry does not only run in the summer months.${t}${TAIL}`);
    expect(r.judgement.failures.map((f) => f.drift)).toContain('negation');
  });

  it('an illness called a disorder is not the opposite of an order', () => {
    const o = 'The clinic helps children with early problems of speech. Parents can book a visit online.';
    expect(
      checkFaithful(o, 'The clinic supports children with early speech disorders. Parents can book a visit online.'),
    ).toMatchObject({ ok: true });
  });

  it('"too tired to climb" denies the climb, as "unable to climb" does', () => {
    const o = 'By noon the hikers were too tired to climb the last ridge. They camped by the lake instead.';
    for (const a of [
      'By noon the hikers were so worn out that climbing the last ridge was impossible. They camped by the lake instead.',
      'By noon the hikers were exhausted and unable to climb the last ridge. They camped by the lake instead.',
    ])
      expect(checkFaithful(o, a), a).toMatchObject({ ok: true });
  });

  it('the same figure, link or name written another way is kept; another figure, link or name is not', () => {
    const kept: [string, string][] = [
      ['The band was most popular in the 1990s across Europe.', 'Across Europe, the band peaked in the nineties.'],
      ['Half of the students chose the evening class.', 'Fifty percent of the students picked the evening class.'],
      ['Only 5% of applicants were accepted last year.', 'Last year only 5 per cent of applicants got in.'],
      ['The shop opens at 9 a.m. and closes at 5 p.m. daily.', 'Every day the shop opens at 9:00 and closes at 17:00.'],
      ['The project took 14 days to finish.', 'The project took two weeks to finish.'],
      ['The flight takes 90 minutes.', 'The flight takes an hour and a half.'],
      ['The church dates from the 1600s.', 'The church dates back to the seventeenth century.'],
      ['Many shops closed during the COVID-19 pandemic.', 'Lots of shops shut down during the Covid pandemic.'],
      ['Read the guide at example.org/guide before you start.', 'Before you start, read https://example.org/guide.'],
      ['The oven should be set to 180°C for the bread.', 'Set the oven to 180 degrees Celsius for the bread.'],
      [
        'Prices in the UK rose faster than expected this winter.',
        'This winter, prices in Britain climbed faster than expected.',
      ],
      ['Many people in the United States now work from home.', 'Many Americans now work from home.'],
      ['The house was built after World War II.', 'The house was built after WWII.'],
      ['The fair opens on 5 January each year.', 'Each year the fair opens on the fifth of January.'],
      ['Profits rose in Q3 compared with Q2.', 'Profits rose in the third quarter compared with the second.'],
      ['The hall seats 1,500 people.', 'The hall seats fifteen hundred people.'],
      ['One in five adults reads the paper daily.', 'Twenty percent of adults read the paper every day.'],
      ['The price fell from $20 to $15.', 'The price dropped by $5, from $20 to $15.'],
      ['The 21st century brought new problems.', 'The twenty-first century brought new problems.'],
      ['The meeting lasted 2.5 hours.', 'The meeting went on for two and a half hours.'],
    ];
    for (const [o, a] of kept) expect(checkFaithful(o + TAIL, a + TAIL), a).toMatchObject({ ok: true, failures: [] });
    const changed: [string, string, string][] = [
      [
        'The band was most popular in the 1990s across Europe.',
        'Across Europe, the band peaked in the eighties.',
        'number',
      ],
      [
        'Half of the students chose the evening class.',
        'Forty percent of the students picked the evening class.',
        'number',
      ],
      [
        'The shop opens at 9 a.m. and closes at 5 p.m. daily.',
        'Every day the shop opens at 9:00 and closes at 15:00.',
        'number',
      ],
      ['The project took 14 days to finish.', 'The project took three weeks to finish.', 'number'],
      ['The flight takes 90 minutes.', 'The flight takes two hours.', 'number'],
      [
        'Read the guide at example.org/guide before you start.',
        'Before you start, read https://example.net/guide.',
        'link',
      ],
      [
        'The oven should be set to 180°C for the bread.',
        'Set the oven to 180 degrees Fahrenheit for the bread.',
        'name',
      ],
      [
        'Prices in the UK rose faster than expected this winter.',
        'This winter, prices in France climbed faster than expected.',
        'name',
      ],
      ['The hall seats 1,500 people.', 'The hall seats fifteen thousand people.', 'number'],
      ['The meeting lasted 2.5 hours.', 'The meeting went on for three and a half hours.', 'number'],
      [
        'Profits rose in Q3 compared with Q2.',
        'Profits rose in the fourth quarter compared with the second.',
        'number',
      ],
    ];
    for (const [o, a, drift] of changed)
      expect(
        checkFaithful(o + TAIL, a + TAIL).failures.map((f) => f.drift),
        a,
      ).toContain(drift);
  });

  it('a "not" traded for a word that denies in its place keeps the meaning; a "not" dropped or added does not', () => {
    const kept: [string, string][] = [
      ['Not many people came to the opening night.', 'Few people came to the opening night.'],
      ['Dogs are not allowed in the dining room.', 'Dogs are banned from the dining room.'],
      ['The children did not like the new playground.', 'The children disliked the new playground.'],
      ['Hardly any tickets were left by Friday.', 'By Friday, very few tickets were left.'],
      ['The report does not mention the costs.', 'The costs are missing from the report.'],
      ['The shop no longer sells fresh bread.', 'The shop has stopped selling fresh bread.'],
      [
        'Many could not visit during the day because of work.',
        'For many, work kept them from visiting during the day.',
      ],
    ];
    for (const [o, a] of kept) expect(checkFaithful(o + TAIL, a + TAIL), a).toMatchObject({ ok: true, failures: [] });
    const flipped: [string, string][] = [
      ['Dogs are not allowed in the dining room.', 'Dogs are allowed in the dining room.'],
      ['The children did not like the new playground.', 'The children liked the new playground.'],
      ['The report does not mention the costs.', 'The report mentions the costs.'],
      ['Many people came to the opening night.', 'Few people came to the opening night.'],
      // A denying word elsewhere in the sentence, which the original also says in other words, does not excuse a
      // "not" added beside other words.
      [
        'Rather than copy the old design, the team drew new parts that are light enough for the frame.',
        'Unlike the old design, the team drew new parts that are not light enough for the frame.',
      ],
    ];
    for (const [o, a] of flipped) expect(checkFaithful(o + TAIL, a + TAIL).ok, a).toBe(false);
  });

  it('common opposites WordNet does not list are a reversed claim where the original says the other word', () => {
    for (const [o, a] of [
      ['The new rules will help small farms.', 'The new rules will hurt small farms.'],
      ['Most voters supported the plan.', 'Most voters opposed the plan.'],
      ['The school will allow phones at lunch.', 'The school will forbid phones at lunch.'],
    ])
      expect(checkFaithful(o + TAIL, a + TAIL), a).toMatchObject({ ok: false, drift: 'antonym' });
    // Both words said as the original says them.
    expect(
      checkFaithful(
        'The new rules will help small farms and hurt large ones.' + TAIL,
        'Small farms will be helped by the new rules, while large ones will be hurt.' + TAIL,
      ),
    ).toMatchObject({ ok: true });
  });

  it('"no longer", "few" for "most" and "less safe" for "safer" turn a claim around', () => {
    const o =
      'The city opened a bike lane along the river. Nearby shops say business is steady. Most residents feel safer on the new route.';
    const a =
      'A bike lane now runs along the river. Shops nearby report steady business. Most residents feel safer on the route.';
    expect(checkFaithful(o, a)).toMatchObject({ ok: true });
    for (const changed of [
      a.replace('report steady business', 'say business is no longer steady'),
      a.replace('Most residents feel', 'Few residents feel'),
      a.replace('feel safer', 'feel less safe'),
    ])
      expect(checkFaithful(o, changed).ok, changed).toBe(false);
  });

  it('a word beside a known name completes it, unless the original has another word in that place', () => {
    for (const [o, a] of [
      ['Boats crossed the Jordan at dawn.', 'Boats crossed the Jordan River at dawn.'],
      ['The speech was given by Lincoln.', 'The speech was given by President Lincoln.'],
      ["The prize went to Club Nova's Dunmore.", "The prize went to Club Nova's Ben Dunmore."],
      ['We stayed at the Grand Plazza near the station.', 'We stayed at the Grand Plaza near the station.'],
    ])
      expect(checkFaithful(o + TAIL, a + TAIL), a).toMatchObject({ ok: true });
    for (const [o, a] of [
      ['The award went to Grace Okafor of the city library.', 'The award went to Grace Brown of the city library.'],
      ['The study was run at Stanford University.', 'The study was run at Harvard University.'],
    ])
      expect(checkFaithful(o + TAIL, a + TAIL), a).toMatchObject({ ok: false, drift: 'name' });
  });

  it('keeps a denial restated the way models restate it, and still catches the claim turned around', () => {
    const kept: [string, string][] = [
      // A "not" on a word its prefix already denies states the claim plainly.
      ['It is not uncommon for the creek to flood in spring.', 'The creek often floods in spring.'],
      // "Neither … nor" is one denial, and it reaches the verb.
      ['Neither the owner nor the agent answered the email.', 'The email got no answer from the owner or the agent.'],
      [
        'Neither the owner nor the agent answered the email.',
        'The owner did not answer the email, and neither did the agent.',
      ],
      // Words that deny in the place of a "not".
      ['The new rule does not apply to seasonal staff.', 'Seasonal staff are exempt from the new rule.'],
      ['The new rule does not apply to seasonal staff.', 'The new rule excludes seasonal staff.'],
      ['The gallery is closed on Tuesdays.', 'You cannot visit the gallery on Tuesdays.'],
      ['The app no longer supports older tablets.', 'Support for older tablets has ended.'],
      ['There is little proof that the tonic works.', 'There is hardly any proof that the tonic works.'],
      // A word denied where the original states its antonym, or the antonym of a word the original denies.
      ['The gallery is closed on Tuesdays.', 'The gallery does not open on Tuesdays.'],
      ['She is not wrong about the fees.', 'She is right about the fees.'],
      ['The climb was hard for most walkers.', 'The climb was not easy for most walkers.'],
      [
        'The park has a lake. That is not all: it also has a zoo.',
        'The park has a lake. But that is not all, since it also has a zoo.',
      ],
      ['Few of the tenants came to the meeting.', 'Not many tenants came to the meeting.'],
      // A denial said with a prefix leaves nothing of the sentence out.
      ['The tower was never finished.', 'The tower was left unfinished.'],
      ['The findings were not significant.', 'The findings were insignificant.'],
      ['No one was hurt in the fire.', 'Everyone left the fire unharmed.'],
      ['The charger lasts less than a week.', 'The charger does not last a full week.'],
      ['The shop refused to give a refund.', 'The shop declined to give a refund.'],
      [
        'The club lost the semi-final, so it did not win the trophy.',
        'After losing the semi-final, the club missed out on the trophy.',
      ],
    ];
    expect(kept.filter(([o, a]) => !usedWhole(o, a))).toEqual([]);
    const turned: [string, string][] = [
      ['It is not uncommon for the creek to flood in spring.', 'It is uncommon for the creek to flood in spring.'],
      ['Neither the owner nor the agent answered the email.', 'Both the owner and the agent answered the email.'],
      ['The new rule does not apply to seasonal staff.', 'The new rule also applies to seasonal staff.'],
      ['The gallery is closed on Tuesdays.', 'The gallery is open on Tuesdays.'],
      ['Few of the tenants came to the meeting.', 'Most of the tenants came to the meeting.'],
      ['The shop refused to give a refund.', 'The shop agreed to give a refund.'],
      ['The city bans fireworks in parks.', 'The city allows fireworks in parks.'],
      // A denial without "not", lost.
      ['The lotion failed to ease the itching.', 'The lotion eased the itching.'],
      ['The council has yet to approve the budget.', 'The council has approved the budget.'],
      // "Not all about" denies; only "that is not all" at the end of a clause is a set phrase.
      ['Good design is about making daily life easier.', 'Good design is not all about making daily life easier.'],
      // "about" is no negating prefix: "not about to" denies.
      ['The old roof was about to collapse.', 'The old roof was not about to collapse.'],
    ];
    expect(turned.filter(([o, a]) => usedWhole(o, a))).toEqual([]);
  });

  it('keeps bounds, multiples and comparisons said another way, and catches them turned around', () => {
    const kept: [string, string][] = [
      ['The boat carries no more than 12 people.', 'The boat carries at most 12 people.'],
      ['The boat carries no more than 12 people.', 'The boat carries up to 12 people.'],
      ['Over 300 cyclists finished the course.', 'More than 300 cyclists finished the course.'],
      ['The fare doubled in three years.', 'The fare rose by 100% in three years.'],
      ['The ferry is more expensive than the train.', 'The train is cheaper than the ferry.'],
    ];
    expect(kept.filter(([o, a]) => !usedWhole(o, a))).toEqual([]);
    const turned: [string, string][] = [
      ['The boat carries no more than 12 people.', 'The boat carries at least 12 people.'],
      ['Over 300 cyclists finished the course.', 'Under 300 cyclists finished the course.'],
      ['The fare doubled in three years.', 'The fare halved in three years.'],
      ['The ferry is more expensive than the train.', 'The train is more expensive than the ferry.'],
      ['Ticket sales increased in March.', 'Ticket sales fell in March.'],
      ['The pill reduced the risk of fever.', 'The pill raised the risk of fever.'],
    ];
    expect(turned.filter(([o, a]) => usedWhole(o, a))).toEqual([]);
  });

  it('a run of capitalised words is spelled out from an acronym of the original, not from a word its initials spell', () => {
    const o = 'Firms that follow CSR rules, says Anna Lee, are trusted more.';
    expect(
      checkFaithful(
        o + TAIL,
        'Anna Lee says firms that follow Corporate Social Responsibility rules are trusted more.' + TAIL,
      ),
    ).toMatchObject({ ok: true });
    // "Anna Martinez" spells "am", an ordinary word of the original, not an acronym of it.
    expect(
      checkFaithful(
        'I am sure the actor Anna Lee played the part better.' + TAIL,
        'I am sure the actor Anna Martinez played the part better.' + TAIL,
      ),
    ).toMatchObject({ ok: false, drift: 'name' });
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

describe('repair instead of discard', () => {
  it('puts back only the sentence whose number changed and says so', () => {
    const bad = LONG_REWRITE.replace('40 percent', '45 percent');
    const r = judgeAndRepair(LONG, bad);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text).toContain('About 40 percent of the firms have filed their forms.');
    expect(r.text).not.toContain('45');
    // The faithful sentences of the rewrite are kept.
    expect(r.text).toContain("costs aren't lowered by the new policy");
    expect(r.text).toContain('A help line takes calls each weekday morning.');
    expect(describeRepairs(r.repairs)).toMatch(/^\d sentences? kept as written: a number changed/);
  });

  it('removes an invented sentence and keeps the rest', () => {
    const r = judgeAndRepair(
      ORIGINAL,
      `${REWRITE} Critics also warned that solving mysteries of the ocean floor requires submarine expeditions and satellite mapping.`,
    );
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.text).not.toMatch(/mysteries/);
      expect(r.text).toContain('Big companies get help');
    }
  });

  it('puts back the sentences a rewrite left out, where they were, and keeps the rest', () => {
    const dropped = LONG_REWRITE.slice(0, LONG_REWRITE.indexOf('Next year') - 1);
    expect(checkFaithful(LONG, dropped)).toMatchObject({ ok: false, drift: 'dropped' });
    const r = judgeAndRepair(LONG, dropped);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text.startsWith(dropped)).toBe(true);
    expect(r.text.slice(dropped.length)).toBe(
      ' The office will publish a guide for owners next year. Owners can call a help line every weekday morning. Several banks have offered cheaper loans to the firms.',
    );
    expect(describeRepairs(r.repairs)).toBe('3 sentences kept as written: part of your text was left out');
  });

  it('puts back a sentence left out of a rewrite that passes as a whole, never losing it in silence', () => {
    const o =
      'The ferry to the island leaves the harbour at seven every morning in summer. ' +
      'Tickets are sold at the kiosk beside the pier and cannot be booked ahead. ' +
      'Bicycles travel free, but dogs must stay on a lead for the whole crossing. ' +
      'A small café on the upper deck sells tea, coffee and warm pastries. ' +
      'In winter the first crossing is an hour later because of the dark mornings.';
    const rewrite =
      'Every summer morning at seven, the island ferry pulls out of the harbour. ' +
      'You buy tickets at the kiosk next to the pier, with no booking ahead. ' +
      'Up on the top deck, a little café serves tea, coffee and warm pastries. ' +
      'Winter crossings start an hour later, since the mornings are dark.';
    const j = checkFaithful(o, rewrite);
    // The check lets the answer through as a whole, and knows which sentence it lost.
    expect(j.ok).toBe(true);
    expect(j.dropped).toEqual([2]);
    const r = judgeAndRepair(o, rewrite);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text).toContain('Bicycles travel free, but dogs must stay on a lead for the whole crossing.');
    // In its place, and the rest is the model's.
    expect(r.text.indexOf('Bicycles')).toBeGreaterThan(r.text.indexOf('no booking ahead'));
    expect(r.text.indexOf('Bicycles')).toBeLessThan(r.text.indexOf('Up on the top deck'));
    expect(r.text).toContain('Winter crossings start an hour later');
    expect(describeRepairs(r.repairs)).toBe('1 sentence kept as written: part of your text was left out');
  });

  it('a rewrite that stops early, though its merges brush the last sentence, gets that sentence back at the end', () => {
    const o =
      'Our small bakery opened on the high street in a cold and rainy March. ' +
      'Neighbours queued every morning for the rye bread, the seeded loaves and the cinnamon buns, and the school next door ordered rolls for its lunches. ' +
      'By the summer we had hired two more bakers, painted the shop front green and started selling coffee and fresh lemonade. ' +
      'Looking back, the hardest part was the early mornings and the worry about the rent, but the warm welcome made every early start worth it.';
    const rewrite =
      'In a cold, rainy March our little bakery opened its doors on the high street. ' +
      'Every morning neighbours lined up for rye bread, seeded loaves and cinnamon buns, the school next door ordered rolls for lunch, and the warm welcome made it worth it. ' +
      'By summer two more bakers had joined us, the shop front was painted green, and we began selling coffee and fresh lemonade, though early mornings were hard.';
    const j = checkFaithful(o, rewrite);
    expect(j).toMatchObject({ ok: false, drift: 'dropped', dropped: [], unreached: [3] });
    const r = judgeAndRepair(o, rewrite);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text.startsWith('In a cold, rainy March our little bakery')).toBe(true);
    expect(r.text.endsWith('but the warm welcome made every early start worth it.')).toBe(true);
  });

  it('a rewrite that passes but says many sentences loosely keeps its own words; only what it leaves out comes back', () => {
    const o =
      "It's not hard for me to see why other people enjoy this board game, but it wasn't for me. " +
      "For one thing I own a large table and I'm much more interested in playing sprawling war games with miniatures. " +
      'Beyond that, the game is initially impressive in the size of its map, but I also felt that same size was a drag on my enjoyment. ' +
      'The rulebook and the amount of time needed to do anything interesting at the start were both too much for me. ' +
      'Perhaps if I were more patient and had more evenings free this would be compelling to me. ' +
      "But I don't have either, and there are plenty of other games I'd rather spend my evenings on.";
    const rewrite =
      'I can see why the game appeals to other people, yet it failed to grab me. ' +
      'With a big table at home, my preference leans towards expansive war games played with painted miniatures. ' +
      'Although the vast map initially wowed me, it eventually became overwhelming and somewhat spoiled my enjoyment. ' +
      'The thick rulebook coupled with the long setup required to reach engaging turns proved excessive. ' +
      "With limited patience and little spare time at night, this particular game didn't resonate with me, especially when there is a stack of other titles I'd prefer to play.";
    const j = checkFaithful(o, rewrite);
    expect(j.ok).toBe(true);
    // Four sentences under the coverage: putting them all back would be most of the text.
    expect(j.dropped.length).toBeGreaterThanOrEqual(3);
    const r = judgeAndRepair(o, rewrite);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // Only the sentences said nowhere in the rewrite (or reached by none of its sentences) come back.
    const back = r.repairs.reduce((n, x) => n + x.restored, 0);
    expect(back).toBeGreaterThan(0);
    expect(back).toBeLessThan(j.dropped.length);
    expect(r.text).toContain('The thick rulebook coupled with the long setup');
  });

  it('a much shorter rewrite that stops before the end has left the end out; a condensed one that reaches it has not', () => {
    const o =
      'The library on Mill Street reopened on Monday after a long renovation that took most of the year. ' +
      "Readers will find a larger children's corner with low shelves, soft chairs and a reading rug. " +
      'The old card catalogue was kept as a display near the entrance for visitors to browse. ' +
      'Study rooms on the upper floor can now be booked online a week ahead by anyone with a card. ' +
      'The café by the garden serves soup, sandwiches and coffee until four in the afternoon. ' +
      'Volunteers will run a book sale in the garden every Saturday morning through the summer months.';
    // Half as long, and the last sentence (a sixth of the text) is missing.
    const stops =
      'After a year of work, the Mill Street library opened again on Monday. Children get a bigger corner with low ' +
      'shelves and soft chairs. The old card catalogue now sits on display by the door. Upstairs study rooms can be ' +
      'booked online a week ahead. The garden café serves lunch until four.';
    const condensed =
      'After a year of work, the Mill Street library opened again on Monday. Children get a bigger corner, the old ' +
      'card catalogue sits by the door, and upstairs study rooms can be booked online. The garden café serves lunch ' +
      'until four, and volunteers hold a Saturday book sale all summer.';
    expect(checkFaithful(o, stops)).toMatchObject({ ok: false, drift: 'dropped' });
    expect(checkFaithful(o, condensed).ok).toBe(true);
    const r = judgeAndRepair(o, stops);
    expect(r.ok).toBe(true);
    // The missing end comes back, and so do the two sentences the rewrite said only thinly (the catalogue "for
    // visitors to browse", the café's "soup, sandwiches and coffee"), in their places.
    if (r.ok)
      expect(r.text).toBe(
        'After a year of work, the Mill Street library opened again on Monday. Children get a bigger corner with low ' +
          'shelves and soft chairs. The old card catalogue was kept as a display near the entrance for visitors to ' +
          'browse. Upstairs study rooms can be booked online a week ahead. The café by the garden serves soup, ' +
          'sandwiches and coffee until four in the afternoon. Volunteers will run a book sale in the garden every ' +
          'Saturday morning through the summer months.',
      );
  });

  it("a sentence put back goes in the text's order: never after a model sentence that refers back to it", () => {
    const o =
      'Maria Lopez opened the small bakery on Elm Street in 2015. She bakes sourdough bread there every morning before dawn. ' +
      'Her loaves usually sell out by noon. On Sundays the shop stays closed.';
    // The model moved the second sentence first and changed the year of the first.
    const a =
      'She bakes her sourdough bread there every morning, well before dawn. Maria Lopez opened the little bakery on Elm Street in 2016. ' +
      'Her loaves tend to sell out by noon. The shop is closed on Sundays.';
    const r = judgeAndRepair(o, a);
    expect(r.ok).toBe(true);
    if (r.ok)
      expect(r.text).toBe(
        'Maria Lopez opened the small bakery on Elm Street in 2015. She bakes her sourdough bread there every morning, well before dawn. ' +
          'Her loaves tend to sell out by noon. The shop is closed on Sundays.',
      );
  });

  it('a sentence put back replaces the loose rewrite of it, so the text does not say it twice', () => {
    const o =
      'The town council met on Monday evening to review the budget. It agreed to repair the school roof, hire two crossing guards and plant trees. The mayor thanked the volunteers who cleaned the river banks in spring. She said the new bus timetable had brought more shoppers into the centre. Next month the council will vote on a parking plan for the market square and a cycle lane beside the canal.';
    // The second answer sentence keeps only the roof of its original, and the last original is left out.
    const a =
      'On Monday evening the town council sat down to go over the budget. The school roof will get fixed. The mayor thanked the volunteers who cleaned up the river banks in the spring. According to her, the new bus timetable has brought more shoppers into the centre.';
    expect(checkFaithful(o, a)).toMatchObject({ ok: false, drift: 'dropped' });
    const r = judgeAndRepair(o, a);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text).toBe(
      'On Monday evening the town council sat down to go over the budget. It agreed to repair the school roof, hire two crossing guards and plant trees. The mayor thanked the volunteers who cleaned up the river banks in the spring. According to her, the new bus timetable has brought more shoppers into the centre. Next month the council will vote on a parking plan for the market square and a cycle lane beside the canal.',
    );
  });

  it('a failing merge takes with it only the answer sentences that cover what it puts back', () => {
    const o =
      'The committee met on Monday to review the budget. It approved 40 new computers for the city library. Members also discussed repairs to the old stone bridge near the river.';
    // The second answer sentence merges the last two originals and changes the number; the third covers the
    // bridge on its own, so it stays, and only the sentence about the computers is put back.
    const a =
      'On Monday the committee gathered to go over the budget. It approved 50 new computers for the library and discussed repairs to the old stone bridge. The bridge by the river is old, members said.';
    const r = judgeAndRepair(o, a);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text).toContain('It approved 40 new computers for the city library.');
    expect(r.text).toContain('The bridge by the river is old, members said.');
    expect(r.text).not.toContain('50');
  });

  it('drops a model sentence that only restates a sentence put back, when the text still passes without it', () => {
    const o =
      'The ferry leaves the harbour at seven every morning. Let the long wait be your reason to bring a good book. ' +
      'Coffee is sold on the upper deck.';
    const put = 'Let the long wait be your reason to bring a good book.';
    const text =
      `Every morning at seven the ferry pulls out of the harbour. ${put} ` +
      'Use the long wait as a reason to pack a good book. On the upper deck you can buy coffee.';
    const out = withoutRepeats(o, text, checkFaithful(o, text), new Set([1]), 'deep', []);
    expect(out).toBe(
      `Every morning at seven the ferry pulls out of the harbour. ${put} On the upper deck you can buy coffee.`,
    );
    // Nothing was put back: nothing goes.
    expect(withoutRepeats(o, text, checkFaithful(o, text), new Set(), 'deep', [])).toBe(text);
  });

  it('gives up when most sentences fail', () => {
    const r = judgeAndRepair(
      ORIGINAL,
      'The new policy cuts costs for 12 small firms. It helps 9 large companies plan, and managers in Boston like it. Maria Okonkwo said so in May 2020. About 70 percent filed.',
    );
    expect(r.ok).toBe(false);
  });
});

describe('prompts', () => {
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
