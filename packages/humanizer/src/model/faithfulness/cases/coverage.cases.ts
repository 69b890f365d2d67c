import type { RuleCase } from './case.ts';

const STORY =
  'The museum reopened on Friday after a long renovation. Visitors can now see the restored whale skeleton in the main hall. ' +
  'A new café serves soup and sandwiches on the ground floor. Entry stays free for children under twelve. ' +
  'The director thanked the volunteers who cleaned the old display cases. Guided tours start every hour from the front desk.';
const STORY_KEPT =
  'After a long renovation, the museum opened its doors again on Friday. In the main hall, visitors can now see the restored whale skeleton. ' +
  'On the ground floor a new café serves soup and sandwiches. Children under twelve still get in free. ' +
  'The director thanked the volunteers who cleaned the old display cases. Every hour a guided tour leaves from the front desk.';

/** Coverage and the whole-answer verdict: invented, dropped, unrelated, length. */
export const COVERAGE_CASES: readonly RuleCase[] = [
  {
    rule: 'coverage.invented',
    note: 'a sentence the text does not say',
    original: STORY,
    keep: STORY_KEPT,
    fail: `${STORY_KEPT} Critics have called the building a triumph of modern architecture and sustainable engineering.`,
  },
  {
    rule: 'verdict.dropped',
    note: 'a rewrite that stops halfway',
    original: STORY,
    keep: STORY_KEPT,
    fail: 'After a long renovation, the museum opened its doors again on Friday. In the main hall, visitors can now see the restored whale skeleton.',
  },
  {
    rule: 'verdict.unrelated',
    note: 'a text about something else',
    original: STORY,
    keep: STORY_KEPT,
    fail: 'Our team won the regional chess tournament on Sunday. The final game lasted four hours and ended in a brilliant endgame.',
  },
  {
    rule: 'verdict.mostly-invented',
    note: 'most sentences say things the text does not',
    original: 'The museum reopened on Friday after a long renovation. Entry stays free for children under twelve.',
    keep: 'After a long renovation, the museum opened again on Friday, and children under twelve still get in free.',
    fail:
      'After a long renovation, the museum opened again on Friday, and children under twelve still get in free. ' +
      'Critics praised the daring glass roof and its solar panels. Architects from abroad flew in to study the ventilation design.',
  },
  {
    rule: 'verdict.length',
    note: 'a rewrite far longer than the text (Lightning)',
    mode: 'lightning',
    original: 'The museum reopened on Friday after a long renovation. Entry stays free for children under twelve.',
    keep: 'After a long renovation, the museum opened again on Friday. Children under twelve still get in free.',
    fail:
      'After a long renovation that lasted much longer than anyone in the town had planned or hoped, the museum finally opened its doors again on Friday morning to a crowd of curious visitors. ' +
      'Children under twelve, as has always been the case at this museum since it first opened, still get in completely free of charge on every day of the week.',
  },
  {
    rule: 'coverage.added-claim',
    note: 'a sentence that follows the text but adds an example and a reason it does not give',
    original:
      'The council will plant two hundred trees along the river this winter. Volunteers can sign up at the library.',
    keep: 'This winter the council is going to plant two hundred trees along the river. Volunteers can sign up at the library.',
    fail: 'The council will plant two hundred oaks and maples along the river this winter, cooling summer streets and cleaning polluted air. Volunteers can sign up at the library.',
  },
  {
    rule: 'coverage.added-claim',
    note: 'a stock frame and a figure written out add words but no claim',
    original: 'The meeting lasted 2.5 hours. The board approved the budget.',
    keep: "In today's fast-paced world, the meeting went on for two and a half hours. The board approved the budget.",
  },
];
