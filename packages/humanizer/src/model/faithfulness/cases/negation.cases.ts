import type { RuleCase } from './case.ts';

/** Negation: a "not" gained or lost, and denials made without "not". */
export const NEGATION_CASES: readonly RuleCase[] = [
  {
    rule: 'negation.lost',
    note: 'a "not" dropped states the word the text denies',
    original: 'The new policy does not reduce costs for small firms. Large firms welcome it.',
    keep: "For small firms, the new policy doesn't cut costs. Large firms welcome it.",
    fail: 'For small firms, the new policy reduces costs. Large firms welcome it.',
  },
  {
    rule: 'negation.added',
    note: 'a "not" added denies the word the text states',
    original: 'The council approved the new park last week. Work will start in spring.',
    keep: 'Last week the council gave its approval to the new park. Work begins in spring.',
    fail: 'Last week the council did not approve the new park. Work begins in spring.',
  },
  {
    rule: 'negation.lost',
    note: 'a "not" traded for a word that denies in its place keeps the meaning',
    original: 'Dogs are not allowed on the beach in summer. The lifeguards patrol every afternoon.',
    keep: 'In summer, dogs are banned from the beach. Lifeguards patrol each afternoon.',
    fail: 'In summer, dogs are allowed on the beach. Lifeguards patrol each afternoon.',
  },
  {
    rule: 'negation.denied-act-lost',
    note: 'a denial made without "not" lost: the act is now stated as done',
    original: 'The new law failed to reduce traffic in the city centre. Shops say business is slow.',
    keep: 'The new law did not reduce traffic in the city centre. Shops report that business is slow.',
    fail: 'The new law reduced traffic in the city centre. Shops report that business is slow.',
  },
  {
    rule: 'negation.added-in-other-words',
    note: '"lacks" where the text denies nothing adds a "not"',
    original: 'The village hall has a small kitchen and a stage. Local groups meet there weekly.',
    keep: 'The village hall has a small kitchen as well as a stage. Local groups gather there every week.',
    fail: 'The village hall lacks a small kitchen and a stage. Local groups gather there every week.',
  },
  {
    rule: 'negation.merge-flip',
    note: 'inside a merge the totals agree while one sentence flips',
    original: 'The shop does not open on Sundays. It sells fresh bread every morning.',
    keep: 'The shop stays shut on Sundays, and it sells fresh bread every morning.',
    fail: 'The shop opens on Sundays, and it does not sell fresh bread every morning.',
  },
  {
    rule: 'negation.unpinned',
    note: 'one side denies and the other does not, with no word to point at',
    original: 'The mayor did not personally attend the opening. The band played until midnight.',
    keep: 'The mayor did not go to the opening in person. The band played until midnight.',
    fail: 'The mayor was present at the opening. The band played until midnight.',
  },
  {
    rule: 'negation.lost',
    note: '"can not" in two words denies as "cannot" does, in a set phrase too',
    original: 'Visitors can not park on the grass near the lake. We can not wait to see the new garden in spring.',
    keep: 'Parking on the grass near the lake is not allowed for visitors. We are eager to see the new garden in spring.',
    fail: 'Visitors can park on the grass near the lake. We are eager to see the new garden in spring.',
  },
  {
    rule: 'negation.as-if',
    note: '"not as if" planted into "as if", where the clause gives the "not" no word to reach',
    original: 'It was as if, without warning, the lights failed in every house. Neighbours lit candles.',
    keep: 'Without any warning, it was as if the lights failed in every house. Neighbours lit candles.',
    fail: 'It was not as if, without warning, the lights failed in every house. Neighbours lit candles.',
  },
  {
    rule: 'negation.lost',
    note: '"no longer" denies the verb after it',
    original: 'The corner shop no longer sells fresh fish on Mondays. It closes at noon.',
    keep: 'On Mondays the corner shop has stopped selling fresh fish. It shuts at noon.',
    fail: 'On Mondays the corner shop sells fresh fish. It shuts at noon.',
  },
  {
    rule: 'negation.lost',
    note: '"hardly" denies as "not" does',
    original: 'The old mountain road is hardly used by trucks these days. A tunnel replaced it.',
    keep: 'These days trucks rarely use the old mountain road. A tunnel replaced it.',
    fail: 'These days the old mountain road is used by trucks. A tunnel replaced it.',
  },
  {
    rule: 'negation.lost',
    note: '"nor" carries the denial on to the next clause',
    original: 'The mayor did not speak at the meeting, nor did she send a note. The council waited an hour.',
    keep: 'The mayor did not speak at the meeting and did not send a note either. The council waited an hour.',
    fail: 'The mayor did not speak at the meeting, and she sent a note. The council waited an hour.',
  },
];
