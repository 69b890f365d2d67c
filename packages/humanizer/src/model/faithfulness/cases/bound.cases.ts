import type { RuleCase } from './case.ts';

/** Facts bound to their neighbours: units, counts and ranks, names of several words, slots, speakers. */
export const BOUND_CASES: readonly RuleCase[] = [
  {
    rule: 'number.unit',
    note: 'the number kept, its unit changed',
    original: 'The fastest lap took 16 minutes on the mountain course. Crowds lined the road all day.',
    keep: 'On the mountain course, the fastest lap took 16 minutes. Crowds lined the road all day long.',
    fail: 'The fastest lap earned 16 points on the mountain course. Crowds lined the road all day.',
  },
  {
    rule: 'number.unit',
    note: 'an adjective before the counted noun changed, the noun kept',
    original: 'The report gives 3 main reasons for the delay. The council will reply next week.',
    keep: 'The report gives 3 key reasons for the delay. The council will answer next week.',
  },
  {
    rule: 'number.count-rank',
    note: 'a count turned into a rank',
    original: 'She is a 5-time winner of the village baking contest. Her lemon cake is famous.',
    keep: 'She has won the village baking contest 5 times. Her lemon cake is famous.',
    fail: 'She is the 5th winner of the village baking contest. Her lemon cake is famous.',
  },
  {
    rule: 'name.order',
    note: 'a name of several words broken up',
    original: 'The race is held on the Isle of Man every summer. Hotels fill up weeks ahead.',
    keep: 'Every summer the race takes place on the Isle of Man. Hotels fill up weeks ahead.',
    fail: 'The race is held on the Man Isle every summer. Hotels fill up weeks ahead.',
  },
  {
    rule: 'name.order',
    note: 'two names joined by "and" may change places',
    original: 'Anna Berg and Tom Reyes founded the shop in the old mill. It sells local cheese.',
    keep: 'Tom Reyes and Anna Berg founded the shop in the old mill. It sells local cheese.',
  },
  {
    rule: 'name.slot-lost',
    note: 'a placeholder filled in by the rewrite',
    original: 'Then [character name] walked into the lab and greeted the team. The experiment began at noon.',
    keep: 'Then [character name] entered the lab and said hello to the team. The experiment started at noon.',
    fail: 'Then the researcher entered the lab and said hello to the team. The experiment started at noon.',
  },
  {
    rule: 'quote.speaker',
    note: 'a quotation given to another speaker',
    original: 'The coach said "we will win the cup this year" after training. The players cheered.',
    keep: 'After training, the coach said "we will win the cup this year". The players cheered.',
    fail: 'The captain said "we will win the cup this year" after training. The players cheered.',
  },
];
