import type { Check, SentenceCheck } from './context.ts';
import { addedClaim, invented } from './coverage.ts';
import { linkChanged, linkLost, quoteChanged, spanLost } from './facts/link-quote-span-rules.ts';
import { nameNew } from './facts/name-rule.ts';
import {
  listItemBeyond,
  listItemBroken,
  numberLost,
  numberLostInWords,
  numberMoved,
  numberNew,
  numberSwapped,
} from './facts/number-rules.ts';
import { addedInOtherWords, asIf, deniedActLost, mergeFlip, notAdded, notLost, notMoved } from './negation/rules.ts';
import { certaintyAdded, certaintyLost } from './certainty/rules.ts';
import { addedPrefix, amount, antonym, comparison } from './reversed/rules.ts';
import { numberQualifier } from './facts/qualified-numbers.ts';
import { countMadeRank, nameOrder, numberUnit, quoteSpeaker, slotLost } from './facts/bound-rules.ts';
import type { Located, Rule } from './types.ts';
import { VERDICT_RULES, type VerdictInput } from './verdict.ts';

/**
 * Every rule of the check, in the order it runs. Per answer sentence the first rule that finds something
 * decides that sentence (a sentence is repaired whole, so one reason is enough); the rules over the whole text
 * then add what the answer lost; the verdict rules judge the whole answer last.
 */
export const SENTENCE_RULES: readonly Rule<SentenceCheck>[] = [
  // Facts.
  listItemBeyond,
  listItemBroken,
  numberNew,
  numberMoved,
  numberSwapped,
  numberQualifier,
  numberUnit,
  countMadeRank,
  nameNew,
  nameOrder,
  linkChanged,
  quoteChanged,
  quoteSpeaker,
  // Negation.
  mergeFlip,
  notLost,
  notAdded,
  notMoved,
  asIf,
  // Reversed claims.
  antonym,
  addedPrefix,
  addedInOtherWords,
  amount,
  comparison,
  deniedActLost,
  // Certainty and attribution.
  certaintyLost,
  certaintyAdded,
  // Coverage.
  invented,
  addedClaim,
];

/** Rules over the whole text: facts of the original the answer lost. */
export const TEXT_RULES: readonly Rule<Check, Located[]>[] = [
  numberLost,
  numberLostInWords,
  linkLost,
  spanLost,
  slotLost,
];

export { VERDICT_RULES };

/** Every rule, by id (for the cases runner and the meaning report). */
export const RULES: ReadonlyMap<string, Rule<SentenceCheck> | Rule<Check, Located[]> | Rule<VerdictInput>> = new Map(
  [...SENTENCE_RULES, ...TEXT_RULES, ...VERDICT_RULES].map((r) => [r.id, r] as const),
);
