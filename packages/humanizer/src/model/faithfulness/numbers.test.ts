import { describe, expect, it } from 'vitest';
import { checkFaithful, splitSentences } from './index.ts';
import { ORIGINAL, REWRITE, usedWhole } from './test-texts.ts';

// Numbers and dates: a changed, dropped, swapped or invented figure, and the same figure written another way.
describe('faithfulness check', () => {
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
});
