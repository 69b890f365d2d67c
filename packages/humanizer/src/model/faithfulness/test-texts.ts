/** Texts and a helper shared by the faithfulness tests in this folder. */
import { judgeAndRepair } from '../sentence-repair.ts';

export const ORIGINAL =
  'The new policy does not reduce costs for small firms. It helps large companies plan their budgets, and managers like it. ' +
  'Maria Lopez, who runs the finance office in Denver, said the rules took effect in March 2021. About 40 percent of the firms have filed their forms.';
/** A faithful rewrite: other words, passive voice, clauses reordered, sentences merged. */
export const REWRITE =
  "For small businesses, costs aren't lowered by the new policy. Big companies get help planning their budgets, which managers appreciate. " +
  'According to Maria Lopez, head of the finance office in Denver, the rules came into force in March 2021, and roughly 40 percent of the firms have submitted their forms.';

export const LONG = `${ORIGINAL} The office will publish a guide for owners next year. Owners can call a help line every weekday morning. Several banks have offered cheaper loans to the firms.`;
/** Two sentences after the one under test, so that each case is judged inside a text. */
export const TAIL = ' The team met every Tuesday to review the plan. Most members came prepared with notes.';

/** Whether the rewrite of one sentence (the tail after it) is used whole: nothing failed, nothing put back. */
export const usedWhole = (o: string, a: string): boolean => {
  const r = judgeAndRepair(o + TAIL, a + TAIL);
  return r.ok && r.repairs.length === 0;
};
export const LONG_REWRITE = `${REWRITE} Next year the office will put out a guide for owners. A help line takes calls each weekday morning. A number of banks have offered the firms cheaper loans.`;
