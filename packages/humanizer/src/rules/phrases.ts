import { ARTIFACT_INLINE, ARTIFACT_SENTENCES, OPENERS, PHRASES, type PhraseRule } from '../data/phrases.ts';
import { choose, matchCase, type RuleCtx } from './context.ts';

function applyTable(sentence: string, table: readonly PhraseRule[], ctx: RuleCtx, prob: number): string {
  let s = sentence;
  for (const rule of table) {
    rule.re.lastIndex = 0;
    if (!rule.re.test(s)) continue;
    rule.re.lastIndex = 0;
    s = s.replace(rule.re, (m: string) => {
      if (ctx.rng() >= prob) return m;
      return matchCase(m, choose(ctx, rule.alts));
    });
  }
  return s;
}

/** Stock phrases and hedges (notes 2.E, 2.F). */
export function replacePhrases(sentence: string, ctx: RuleCtx, prob = 1): string {
  return applyTable(sentence, PHRASES, ctx, prob);
}

/** Stock sentence openers (notes 2.D); one opener at most, so only the first matching rule fires. */
export function replaceOpener(sentence: string, ctx: RuleCtx, prob = 1): string {
  for (const rule of OPENERS) {
    rule.re.lastIndex = 0;
    if (rule.re.test(sentence)) {
      rule.re.lastIndex = 0;
      if (ctx.rng() >= prob) return sentence;
      const alt = choose(ctx, rule.alts);
      return sentence.replace(rule.re, alt);
    }
  }
  return sentence;
}

/** Whole chatbot-leftover sentences are dropped (returns ''); inline leftovers are cut. */
export function removeArtifacts(sentence: string, ctx: RuleCtx): string {
  const t = sentence.trim();
  // Only short leftovers go whole; a long sentence that opens like one still carries content.
  if (t.split(/\s+/).length <= 14 && ARTIFACT_SENTENCES.some((re) => re.test(t))) return '';
  return applyTable(sentence, ARTIFACT_INLINE, ctx, 1);
}
