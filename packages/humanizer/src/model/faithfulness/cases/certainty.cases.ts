import type { RuleCase } from './case.ts';

/** Certainty and attribution: how surely a claim is stated, and on whose word. */
export const CERTAINTY_CASES: readonly RuleCase[] = [
  {
    rule: 'certainty.lost',
    note: 'a possibility stated as fact',
    original: 'The new bypass may cut traffic in the old town by a third. Work starts in the spring.',
    keep: 'The new bypass could reduce traffic in the old town by a third. Work begins in the spring.',
    fail: 'The new bypass will cut traffic in the old town by a third. Work begins in the spring.',
  },
  {
    rule: 'certainty.lost',
    note: "the writer's own view stated as fact",
    original: 'I believe the second plan is cheaper for the school. The board meets on Friday.',
    keep: 'In my view, the second plan costs the school less. The board meets on Friday.',
    fail: 'The second plan is cheaper for the school. The board meets on Friday.',
  },
  {
    rule: 'certainty.lost',
    note: "what a source said made the writer's claim",
    original: 'According to the police, the driver was speeding on the bridge. The road reopened at noon.',
    keep: 'Police said the driver was speeding on the bridge. The road opened again at noon.',
    fail: 'The driver was speeding on the bridge. The road opened again at noon.',
  },
  {
    rule: 'certainty.lost',
    note: '"some" made everyone',
    original: 'Some residents complained about the noise from the new bar. The owner promised to close earlier.',
    keep: 'A number of residents complained about the noise from the new bar. The owner promised to close earlier.',
    fail: 'Residents complained about the noise from the new bar. The owner promised to close earlier.',
  },
  {
    rule: 'certainty.lost',
    note: '"cannot" is ability denied, not a possibility: restated without a modal it keeps the meaning',
    original: 'Many families could not reach the clinic during the floods. Boats brought the doctors to them.',
    keep: 'During the floods, many families were unable to reach the clinic. Boats brought the doctors to them.',
  },
  {
    rule: 'certainty.added',
    note: 'a firm claim softened to a possibility',
    original: 'The vaccine protects children from measles. Clinics give it at twelve months.',
    keep: 'The vaccine shields children from measles. Clinics give it at twelve months.',
    fail: 'The vaccine might protect children from measles. Clinics give it at twelve months.',
  },
  {
    rule: 'certainty.added',
    note: 'a fact of the text turned into what someone claims',
    original: 'The factory closed in 2019 after the owners went bankrupt. Its site is now a park.',
    keep: 'The factory shut in 2019 after its owners went bankrupt. Its site is now a park.',
    fail: 'The factory closed in 2019 after the owners allegedly went bankrupt. Its site is now a park.',
  },
  {
    rule: 'certainty.added',
    note: 'a claim about one group widened to all of them',
    original: 'Tourists from the cruise ships crowd the harbour at noon. The cafés there stay open late.',
    keep: 'At noon, tourists from the cruise ships crowd the harbour. The cafés there stay open late.',
    fail: 'All tourists from the cruise ships crowd the harbour at noon. The cafés there stay open late.',
  },
  {
    rule: 'certainty.added',
    note: 'a frequency said in other words ("not uncommon" / "often", "daily" / "every day") keeps the meaning',
    original: 'It is not uncommon for the ferry to leave late. The harbour office posts the times daily.',
    keep: 'The ferry often leaves late. Every day the harbour office posts the times.',
  },
];
