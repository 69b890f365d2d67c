import type { RuleCase } from './case.ts';

/** Reversed claims: antonyms, negating prefixes, amounts and comparisons turned around. */
export const REVERSED_CASES: readonly RuleCase[] = [
  {
    rule: 'reversed.antonym',
    note: 'a word turned into its antonym; a synonym is kept',
    original: 'The repairs made the old bridge safer for cyclists. The town paid for them in full.',
    keep: 'Thanks to the repairs, the old bridge is now more secure for cyclists. The town covered the full cost.',
    fail: 'The repairs made the old bridge more dangerous for cyclists. The town covered the full cost.',
  },
  {
    rule: 'reversed.antonym',
    note: 'a negating prefix on a word of the original',
    original: 'The results of the trial were expected by the team. They will publish them in May.',
    keep: 'The team had anticipated the results of the trial. They will publish them in May.',
    fail: 'The results of the trial were unexpected for the team. They will publish them in May.',
  },
  {
    rule: 'reversed.added-prefix',
    note: 'a negating prefix on a word the text neither uses nor denies',
    original: 'The volunteers cleaned the park on Sunday. Families came to help them.',
    keep: 'On Sunday the volunteers tidied up the park. Families came along to help.',
    fail: 'On Sunday the volunteers untidily cleaned the park. Families came along to help.',
  },
  {
    rule: 'reversed.amount',
    note: '"more" turned into "fewer"',
    original: 'This year more students signed up for the evening classes. The college is hiring two teachers.',
    keep: 'This year a greater number of students enrolled in the evening classes. The college is hiring two teachers.',
    fail: 'This year fewer students signed up for the evening classes. The college is hiring two teachers.',
  },
  {
    rule: 'reversed.comparison',
    note: 'the two things compared changed places; the converse says the same',
    original: 'The train is more expensive than the bus. Both leave from the central square.',
    keep: 'The bus is cheaper than the train. Both depart from the central square.',
    fail: 'The bus is more expensive than the train. Both depart from the central square.',
  },
  {
    rule: 'reversed.amount',
    note: '"no longer … many" restated as "few" keeps the amount; "many" turned into "few" does not',
    original: 'The old port no longer has many fishing boats. Most of the sheds are empty.',
    keep: 'The old port has few fishing boats now. Most of the sheds stand empty.',
    fail: 'The old port no longer has few fishing boats. Most of the sheds stand empty.',
  },
];
