import { claimsNewToText } from './reversed/rules.ts';
import { Check, SentenceCheck } from './context.ts';
import { coverageOf } from './coverage.ts';
import { SENTENCE_RULES, TEXT_RULES, VERDICT_RULES } from './rules.ts';
import { TOLERANCE } from './thresholds.ts';
import { SOFT_DRIFTS, type Faithfulness } from './types.ts';

/**
 * The faithfulness check on model answers: does the rewrite say what the original says? It judges meaning, not
 * surface, in three steps (decision 0024; the rules and their layout: decision 0053):
 *
 * 1. Alignment (`alignment.ts`): sentences aligned many-to-many by shared content lemmas and synonyms.
 * 2. Rules per answer sentence (`rules.ts`): facts (numbers, names, links, quotations), negation, reversed
 *    claims, invented sentences; then rules over the whole text for facts the answer lost.
 * 3. Coverage and the verdict (`coverage.ts`, `verdict.ts`), with tolerances by mode (`thresholds.ts`).
 *
 * Word choice, inflection, voice and clause order are never failures by themselves. The result lists every
 * failing sentence, so the loop can repair those and keep the rest.
 */
export function checkFaithful(
  original: string,
  answer: string,
  mode: 'deep' | 'lightning' = 'deep',
  /** Protected spans (numbers, names, quotations, links, frozen phrases) the answer must carry verbatim. */
  spans: readonly string[] = [],
): Faithfulness {
  const c = new Check(original, answer, mode, TOLERANCE[mode], spans);
  const { o, a } = c;
  // Per answer sentence, the first rule that finds something.
  a.sentences.forEach((_s, j) => {
    const s = new SentenceCheck(c, j);
    for (const rule of SENTENCE_RULES) {
      const found = rule.check(s);
      if (!found) continue;
      c.fail(found.drift ?? rule.drift, found.detail, j, s.aligned, rule.id);
      break;
    }
  });
  const claims = claimsNewToText(c);
  for (const rule of TEXT_RULES)
    for (const x of rule.check(c)) c.fail(x.drift ?? rule.drift, x.detail, x.answer, x.original, rule.id);

  const coverage = coverageOf(c);
  const lengthRatio = a.words / Math.max(1, o.words);
  const recall = c.recall;
  const judged = {
    recall,
    droppedShare: coverage.droppedShare,
    gapShare: coverage.gapShare,
    tailShare: coverage.tailShare,
    lengthRatio,
    failures: c.failures,
    dropped: coverage.dropped,
    thin: coverage.thin,
    missing: coverage.missing,
    unreached: coverage.unreached,
    originalSentences: o.sentences,
    answerSentences: a.sentences,
    alignment: c.alignment,
    similarity: c.sim,
    doubts: c.doubts,
    claims,
  };
  const input = {
    tol: c.tol,
    recall,
    lengthRatio,
    nO: o.sentences.length,
    nA: a.sentences.length,
    failures: c.failures,
    coverage,
  };
  for (const rule of VERDICT_RULES) {
    const found = rule.check(input);
    if (found) return { ok: false, drift: found.drift ?? rule.drift, detail: found.detail, rule: rule.id, ...judged };
  }
  // Soft failures are listed for the repair but never decide the verdict.
  const first = c.failures.find((f) => !SOFT_DRIFTS.includes(f.drift));
  if (first) return { ok: false, drift: first.drift, detail: first.detail, rule: first.rule, ...judged };
  return { ok: true, ...judged };
}
