import type { Coverage } from './coverage.ts';
import { MOSTLY_INVENTED } from './thresholds.ts';
import type { Rule, SentenceFailure, Tolerance } from './types.ts';

/**
 * The verdict on the whole answer, in order: unrelated (little content kept, or mostly invented), part of the text
 * left out, a length out of bounds; otherwise the first failing sentence decides.
 */

export interface VerdictInput {
  tol: Tolerance;
  recall: number;
  lengthRatio: number;
  /** Sentences in the original and in the answer. */
  nO: number;
  nA: number;
  failures: readonly SentenceFailure[];
  coverage: Coverage;
}

export const unrelatedRecall: Rule<VerdictInput> = {
  id: 'verdict.unrelated',
  drift: 'unrelated',
  why: "an answer that keeps little of the original's content is another text",
  check: ({ recall, tol }) =>
    recall < tol.minRecall
      ? { detail: `the rewrite keeps little of your text (${Math.round(recall * 100)}% of its content)` }
      : null,
};

export const mostlyInvented: Rule<VerdictInput> = {
  id: 'verdict.mostly-invented',
  drift: 'unrelated',
  why: 'an answer most of whose sentences are invented says another thing',
  check: ({ nA, failures }) =>
    nA > 0 && failures.filter((f) => f.drift === 'invented').length / nA > MOSTLY_INVENTED
      ? { detail: 'most sentences say things your text does not' }
      : null,
};

export const leftOut: Rule<VerdictInput> = {
  id: 'verdict.dropped',
  drift: 'dropped',
  why: 'an answer that stops before the end, leaves a long gap, or is much shorter and keeps too little has left part of the text out',
  check: ({ tol, lengthRatio, recall, nO, coverage }) => {
    const { tailShare, closestTailShare, gapShare, dropped } = coverage;
    if (!(
      tailShare >= tol.maxTail ||
      closestTailShare >= tol.maxClosestTail ||
      gapShare >= tol.maxGap ||
      (tailShare >= tol.shortTail && lengthRatio < tol.shortTailLength) ||
      (lengthRatio < tol.shortLength && recall < tol.shortRecall)
    ))
      return null;
    return {
      detail:
        dropped.length > 0
          ? `part of your text was left out (${dropped.length} of ${nO} sentences)`
          : tailShare >= tol.shortTail || closestTailShare >= tol.maxClosestTail
            ? 'the rewrite stops before the end of your text'
            : 'part of your text was left out',
    };
  },
};

export const length: Rule<VerdictInput> = {
  id: 'verdict.length',
  drift: 'length',
  why: 'an answer far shorter or longer than the original is not a rewrite of it',
  check: ({ lengthRatio, tol }) =>
    lengthRatio < tol.minLength || lengthRatio > tol.maxLength
      ? { detail: `the rewrite is ${Math.round(lengthRatio * 100)}% as long as your text` }
      : null,
};

/** The whole-answer rules, in the order they are tried. */
export const VERDICT_RULES: readonly Rule<VerdictInput>[] = [unrelatedRecall, mostlyInvented, leftOut, length];
