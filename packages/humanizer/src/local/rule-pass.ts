/**
 * The rule pass rewrites one masked sentence with the rule steps in a fixed order (chatbot
 * leftovers, stock phrases, openers, words, "not only... but also", dashes, contractions). All steps are
 * applied and checked once; only when that result fails the sentence checks is each step checked on its
 * own, so one bad edit costs only itself. Also here: the seeded random stream each sentence's pass draws
 * from, and the guard against a rewrite that leaves a sentence starting with a lower-case protected span.
 */
import { checkSentence, repeatsAWord } from '../checks.ts';
import { unmask, type Span } from '../protect.ts';
import { repairSentence } from '../repair.ts';
import { hash32, makeRng } from '../rng.ts';
import { contract } from '../rules/contractions.ts';
import type { RuleCtx } from '../rules/context.ts';
import { newProblems } from '../rules/grammar.ts';
import { rewriteDashes } from '../rules/dashes.ts';
import { rewriteNotOnly } from '../rules/not-only.ts';
import { removeArtifacts, replaceOpener, replacePhrases } from '../rules/phrases.ts';
import { replaceWords } from '../rules/words.ts';
import type { Doc } from './types.ts';

type Step = (s: string, ctx: RuleCtx) => string;

export interface PassOpts {
  /** Probability each word/phrase edit fires (Lightning uses 1; Deep variants sample lower). */
  prob: number;
  contractProb: number;
  dashBreak: boolean;
  /** The document's protected spans: the grammar guard reads the sentence with them put back. */
  spans?: readonly Span[];
}

/** One rule pass over a sentence, keeping each step only if the result still passes the checks. */
export function rulePass(orig: string, ctx: RuleCtx, o: PassOpts): string {
  const dropped = removeArtifacts(orig, ctx);
  if (dropped === '' && !/\uE000/.test(orig)) return '';
  const steps: [Step, boolean][] = [
    [(s) => removeArtifacts(s, ctx), false],
    // Stock phrases always go: a half-rewritten phrase ("in today's quick world") reads worse than either.
    [(s) => replacePhrases(s, ctx, 1), false],
    [(s) => replaceOpener(s, ctx, o.prob), false],
    [(s) => replaceWords(s, ctx, o.prob), false],
    [(s) => rewriteNotOnly(s), false],
    [(s) => rewriteDashes(s, o.dashBreak), o.dashBreak],
    [(s) => contract(s, ctx), false],
  ];
  // Fast path: all steps, one check. Only when that fails is each step checked on its own, so one bad
  // edit costs only itself.
  let all = orig;
  let anyStructural = false;
  for (const [step, structural] of steps) {
    const next = step(all, ctx);
    if (next !== all) {
      all = next;
      anyStructural ||= structural;
    }
  }
  if (all === orig) return orig;
  const repairedAll = repairSentence(all);
  if (
    checkSentence(orig, repairedAll, { structural: anyStructural, minRecall: 0.85 }).ok &&
    grammarKept(orig, repairedAll, o.spans) &&
    !repeatsAWord(orig, repairedAll)
  )
    return repairedAll;
  let cur = orig;
  for (const [step, structural] of steps) {
    const next = step(cur, ctx);
    if (next === cur) continue;
    const repaired = repairSentence(next);
    if (
      checkSentence(orig, repaired, { structural, minRecall: 0.85 }).ok &&
      grammarKept(cur, repaired, o.spans) &&
      !repeatsAWord(cur, repaired)
    )
      cur = repaired;
  }
  return cur;
}

/**
 * The grammar guard: an edit is kept only if its sentence gains no agreement or article problem the
 * sentence before it lacked (rules/grammar.ts). A dropped sentence ('') has none. With the document's spans
 * the sentences are read with them put back: a name behind a placeholder tags differently ("Sam's boat").
 */
export function grammarKept(before: string, after: string, spans?: readonly Span[]): boolean {
  if (after === '') return true;
  return spans?.length
    ? newProblems(unmask(before, spans), unmask(after, spans)).length === 0
    : newProblems(before, after).length === 0;
}

export function sentRng(seed: number, doc: Doc, bi: number, si: number, k: number): () => number {
  return makeRng(hash32(seed, doc.docHash, bi, si, k));
}

/** The variant starts with a lower-case letter once its spans are back, and the original did not. */
export function startsLower(variant: string, orig: string, spans: Span[]): boolean {
  if (!variant.startsWith('\uE000')) return false;
  const lead = (t: string): boolean => /^["'\u201c\u2018(\[*_`]*[a-z]/.test(unmask(t.slice(0, 40), spans));
  return lead(variant) && !lead(orig);
}
