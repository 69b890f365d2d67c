import type { RuleCase } from './case.ts';
import { BOUND_CASES } from './bound.cases.ts';
import { CERTAINTY_CASES } from './certainty.cases.ts';
import { COVERAGE_CASES } from './coverage.cases.ts';
import { NAME_LINK_QUOTE_CASES } from './names-links-quotes.cases.ts';
import { NEGATION_CASES } from './negation.cases.ts';
import { NUMBER_CASES } from './numbers.cases.ts';
import { REVERSED_CASES } from './reversed.cases.ts';

export type { RuleCase };

/** Every rule case, by family. */
export const RULE_CASES: Readonly<Record<string, readonly RuleCase[]>> = {
  numbers: NUMBER_CASES,
  'bound facts': BOUND_CASES,
  'names, links and quotations': NAME_LINK_QUOTE_CASES,
  negation: NEGATION_CASES,
  'reversed claims': REVERSED_CASES,
  'certainty and attribution': CERTAINTY_CASES,
  'coverage and verdict': COVERAGE_CASES,
};
