import type { RuleCase } from './case.ts';

/** Numbers, dates and list items. */
export const NUMBER_CASES: readonly RuleCase[] = [
  {
    rule: 'number.new',
    note: 'a figure changed; the same figure in words is kept',
    original: 'The bakery on Elm Street sells 40 loaves every morning. Its owner bakes them before dawn.',
    keep: 'Every morning the Elm Street bakery sells forty loaves. The owner bakes them before sunrise.',
    fail: 'Every morning the Elm Street bakery sells 45 loaves. The owner bakes them before sunrise.',
  },
  {
    rule: 'number.new',
    note: 'a time on the hour and "5 p.m." written as 17:00 are the same time',
    original: 'The library closes at 5 p.m. on weekdays. Members may borrow six books at once.',
    keep: 'On weekdays the library shuts at 17:00. Members can take out six books at a time.',
    fail: 'On weekdays the library shuts at 18:00. Members can take out six books at a time.',
  },
  {
    rule: 'number.moved',
    note: 'a number taken from another part of the text',
    original:
      'The ferry leaves the harbour at 7 every morning. It crosses the bay in about forty minutes. ' +
      'Passengers can buy coffee and rolls on board. Bicycles travel free of charge. ' +
      'In summer a second boat runs at 19 in the evening.',
    keep:
      'Every morning at 7 the ferry pulls out of the harbour. The crossing takes around forty minutes. ' +
      'On board you can buy coffee and rolls. Bikes go free. In summer there is a second boat at 19 in the evening.',
    fail:
      'Every morning at 19 the ferry pulls out of the harbour. The crossing takes around forty minutes. ' +
      'On board you can buy coffee and rolls. Bikes go free. In summer there is a second boat at 19 in the evening.',
  },
  {
    rule: 'number.swapped',
    note: 'a score swapped for another figure the sentence has',
    original: 'Rovers beat Harlow 3-2 on Saturday, while Dunmore drew 1-1. The crowd was the largest this season.',
    keep: 'Rovers edged Harlow 3-2 on Saturday and Dunmore drew 1-1. It was the biggest crowd of the season.',
    fail: 'Rovers edged Harlow 3-3 on Saturday and Dunmore drew 1-1. It was the biggest crowd of the season.',
  },
  {
    rule: 'number.list-item-beyond',
    note: 'a list renumbered past its end',
    original: '1. Rinse the rice.\n2. Soak it for ten minutes.\n3. Boil it in salted water.',
    keep: '1. Wash the rice.\n2. Leave it to soak for ten minutes.\n3. Cook it in salted water.',
    fail: '1. Wash the rice.\n2. Leave it to soak for ten minutes.\n7. Cook it in salted water.',
  },
  {
    rule: 'number.list-item-broken',
    note: 'a list whose count breaks inside it',
    original:
      '1. Sand the shelf.\n2. Wipe off the dust.\n3. Paint the first coat.\n4. Let it dry overnight.\n5. Paint the second coat.',
    keep: '1. Sand down the shelf.\n2. Wipe away the dust.\n3. Apply the first coat.\n4. Leave it to dry overnight.\n5. Apply the second coat.',
    fail: '1. Sand down the shelf.\n2. Wipe away the dust.\n4. Apply the first coat.\n4. Leave it to dry overnight.\n5. Apply the second coat.',
  },
  {
    rule: 'number.lost',
    note: 'a figure left out of a sentence the rewrite follows closely',
    original:
      'Report 2 covers the budget for the northern office. Roughly 80 percent of it goes to staff in the old buildings.',
    keep: 'Report 2 covers the budget of the northern office. About 80 percent of it goes to staff in the old buildings.',
    fail: 'The report covers the budget of the northern office. About 80 percent of it goes to staff in the old buildings.',
  },
  {
    rule: 'number.qualifier',
    note: 'a lower bound dropped: "more than 20" is not 20',
    original: 'More than 20 families came to the harvest supper in the church hall. The vicar thanked the cooks.',
    keep: 'Over 20 families came to the harvest supper in the church hall. The vicar thanked the cooks.',
    fail: 'Twenty families came to the harvest supper in the church hall. The vicar thanked the cooks.',
  },
  {
    rule: 'number.qualifier',
    note: 'an approximation made exact; "about" said as "roughly" keeps it',
    original: 'I have repainted the fence about six times since we moved in. It still peels every spring.',
    keep: 'Since we moved in I have repainted the fence roughly six times. It still peels every spring.',
    fail: 'Since we moved in I have repainted the fence six times. It still peels every spring.',
  },
  {
    rule: 'number.qualifier',
    note: 'an upper bound said after the number, turned into a lower one',
    original: 'The tank holds 40 litres or less when the float is set low. Refill it every week.',
    keep: 'When the float is set low, the tank holds at most 40 litres. Refill it every week.',
    fail: 'When the float is set low, the tank holds at least 40 litres. Refill it every week.',
  },
  {
    rule: 'number.qualifier',
    note: 'an exact count given a bound; a preposition ("over two years") is not one',
    original: 'The club has met for two years in the back room of the library. New members are welcome.',
    keep: 'Over two years the club has met in the back room of the library. New members are welcome.',
    fail: 'The club has met for more than two years in the back room of the library. New members are welcome.',
  },
  {
    rule: 'number.qualifier',
    note: '"under" before a code is a preposition, not a bound',
    original: 'The claim was filed under 42 U.S.C. 1983 by the tenants. The court will hear it in June.',
    keep: 'The tenants filed the claim citing 42 U.S.C. 1983. The court will hear it in June.',
  },
  {
    rule: 'number.lost-word',
    note: 'a count in words left out of a sentence the rewrite follows closely; in figures it is kept',
    original: 'The parish council owns two tractors and a mower. They are kept in the barn behind the hall.',
    keep: 'The parish council owns 2 tractors and a mower. They are stored in the barn behind the hall.',
    fail: 'The parish council owns tractors and a mower. They are stored in the barn behind the hall.',
  },
  {
    rule: 'number.lost-word',
    note: 'a share in words made vague; as a percent it is kept',
    original: 'A quarter of the members walk to the meetings. The rest come by bus or car.',
    keep: 'Some 25% of the members walk to the meetings. The rest come by bus or car.',
    fail: 'A good share of the members walk to the meetings. The rest come by bus or car.',
  },
  {
    rule: 'number.lost-word',
    note: 'an ordinal that opens a sentence as a list marker is not a fact',
    original: 'Third, the garden needs a new fence before the goats arrive. The old one has fallen down.',
    keep: 'Also, the garden needs a new fence before the goats arrive. The old one has fallen down.',
  },
  {
    rule: 'number.lost',
    note: 'a decimal figure is a number, not a date; "1.200 feet" is 1,200 feet',
    original: 'The charity raised $56.5m (£30.4m) at its spring gala. The rope bridge is 1.200 feet long.',
    keep: 'At its spring gala the charity raised $56.5 million (£30.4 million). The rope bridge is 1,200 feet long.',
    fail: 'At its spring gala the charity raised $56.5 million. The rope bridge is 1,200 feet long.',
  },
];
