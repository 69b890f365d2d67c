/**
 * Lightning mode: one seeded rule pass per sentence with every edit firing, no search. When a cut
 * opener would leave a sentence starting with a lower-case protected span, the pass is redone without
 * deletions (or the original kept). A sentence that changed also gets a conservative variant, the same pass
 * without deletions, which the document checks fall back to before the original. The alternatives a pass
 * uses are collected here too, so a second pass can steer away from them.
 */
import type { RuleCtx } from '../rules/context.ts';
import { enforceDocChecks, keepBlocksNonEmpty } from './doc-checks.ts';
import { prepare } from './prepare.ts';
import { renderBlock } from './render.ts';
import { rulePass, sentRng, startsLower } from './rule-pass.ts';
import type { LocalOpts, LocalResult } from './types.ts';

export function lightning(text: string, o: LocalOpts): LocalResult {
  const doc = prepare(text);
  const cp = o.contractions ? 0.65 : 0;
  const usage = new Map<string, number>();
  doc.prose.forEach((pb, bi) => {
    pb.sents.forEach((s, si) => {
      const ctx: RuleCtx = {
        rng: sentRng(o.seed, doc, bi, si, 0),
        usage,
        contractProb: cp,
        avoid: o.avoidAlts,
        recent: pb.sents[si - 1]?.orig,
      };
      let out = rulePass(s.orig, ctx, { prob: 1, contractProb: cp, dashBreak: false, spans: doc.spans });
      if (startsLower(out, s.orig, doc.spans)) {
        // Cutting an opener exposed a protected span that starts in lower case ("one", a quoted word).
        const keep = rulePass(
          s.orig,
          { ...ctx, noDelete: true },
          { prob: 1, contractProb: cp, dashBreak: false, spans: doc.spans },
        );
        out = startsLower(keep, s.orig, doc.spans) ? s.orig : keep;
      }
      if (out !== s.orig) {
        s.variants.push({ text: out, merge: false });
        s.choice = 1;
        if (out === '') return;
        const keep = rulePass(
          s.orig,
          { ...ctx, rng: sentRng(o.seed, doc, bi, si, 0), usage: new Map(usage), noDelete: true },
          { prob: 1, contractProb: cp, dashBreak: false, spans: doc.spans },
        );
        if (keep !== out && keep !== s.orig && !startsLower(keep, s.orig, doc.spans)) {
          s.variants.push({ text: keep, merge: false });
          s.conservative = 2;
        }
      }
    });
  });
  keepBlocksNonEmpty(doc);
  const bs = new Map<number, string>();
  for (const pb of doc.prose) bs.set(pb.blockIdx, renderBlock(pb));
  return { text: enforceDocChecks(text, doc, bs) };
}

/** Alternatives used by a pass: collected so a second pass can avoid them. */
export function usedAlternatives(text: string, seed: number): Set<string> {
  const usage = new Map<string, number>();
  const doc = prepare(text);
  doc.prose.forEach((pb, bi) => {
    pb.sents.forEach((s, si) => {
      const ctx: RuleCtx = { rng: sentRng(seed, doc, bi, si, 0), usage, contractProb: 0.65 };
      rulePass(s.orig, ctx, { prob: 1, contractProb: 0.65, dashBreak: false, spans: doc.spans });
    });
  });
  return new Set(usage.keys());
}
