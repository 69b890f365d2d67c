/**
 * The faithfulness check, as a folder (decision 0053): `check.ts` runs it; `alignment.ts`, `facts/`,
 * `negation/`, `reversed/`, `coverage.ts` and `verdict.ts` hold its rules, `thresholds.ts` its numbers.
 */
export { checkFaithful } from './check.ts';
export { forgetPrepared } from './prepare.ts';
export { RULES, SENTENCE_RULES, TEXT_RULES, VERDICT_RULES } from './rules.ts';
export { splitSentences } from './sentences.ts';
export { TOLERANCE } from './thresholds.ts';
export {
  SENTENCE_DRIFTS,
  SOFT_DRIFTS,
  type Drift,
  type Exception,
  type Faithfulness,
  type Finding,
  type Rule,
  type Sentence,
  type SentenceFailure,
  type Tolerance,
} from './types.ts';
export { contentLemmas, keptIn } from './words.ts';
