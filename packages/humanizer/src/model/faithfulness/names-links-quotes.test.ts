import { describe, expect, it } from 'vitest';
import { checkFaithful } from './index.ts';
import { ORIGINAL, REWRITE, TAIL } from './test-texts.ts';

// Names, links, quotations and protected spans: kept in another form, or changed.
describe('faithfulness check', () => {
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
