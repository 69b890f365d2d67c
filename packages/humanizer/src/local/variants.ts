/**
 * Deep's variant stage: for every sentence, K seeded rule passes with sampled edit and contraction
 * rates (odd passes may also break dashes), then the structural operators (split, clause move; sentences are
 * never merged) on top of the first distinct rule variants. Each candidate is kept only if it passes the
 * sentence checks and the grammar guard and does not leave a sentence starting in lower case. A sentence the rules drop
 * entirely (a chatbot leftover) is fixed to the empty variant and not searched.
 */
import { checkSentence } from '../checks.ts';
import { unmask } from '../protect.ts';
import { repairSentence } from '../repair.ts';
import type { RuleCtx } from '../rules/context.ts';
import { moveClause, splitSentence } from '../rules/structure.ts';
import { grammarKept, rulePass, sentRng, startsLower } from './rule-pass.ts';
import type { Doc } from './types.ts';

// Measured: K=16 or a second sweep changed the mean score by 0.1 and doubled the time; the limit is the
// operator space, not the search effort.
const K = 8;

const lowerStarts = (s: string): number => (s.match(/[.!?]["'\u201d\u2019)]*\s+[a-z]/g) ?? []).length;

export function buildVariants(doc: Doc, seed: number, avoidAlts?: Set<string>, contractions = false): void {
  const usage = new Map<string, number>();
  doc.prose.forEach((pb, bi) => {
    pb.sents.forEach((s, si) => {
      const seen = new Set<string>([s.orig]);
      const add = (text: string, merge: boolean, structural: boolean): void => {
        if (seen.has(text)) return;
        seen.add(text);
        const orig = merge ? `${s.orig} ${pb.sents[si + 1]?.orig ?? ''}` : s.orig;
        if (!checkSentence(orig, text, { structural, minRecall: 0.8 }).ok) return;
        if (!grammarKept(orig, text, doc.spans)) return;
        if (startsLower(text, orig, doc.spans)) return;
        // A new sentence may begin with a protected span that starts in lower case ("one", a quoted word);
        // the masked check cannot see that, the unmasked text can.
        if (structural && lowerStarts(unmask(text, doc.spans)) > lowerStarts(unmask(orig, doc.spans))) return;
        s.variants.push({ text, merge });
      };
      const base: string[] = [];
      for (let k = 0; k < K; k++) {
        const rng = sentRng(seed, doc, bi, si, k);
        const sampled = k === 0 ? 0.65 : rng() < 0.5 ? 0.9 : 0.3;
        const ctx: RuleCtx = {
          rng,
          usage,
          contractProb: contractions ? sampled : 0,
          avoid: avoidAlts,
          recent: pb.sents[si - 1]?.orig,
        };
        const prob = k === 0 ? 1 : 0.6 + 0.4 * rng();
        const lit = rulePass(s.orig, ctx, {
          prob,
          contractProb: ctx.contractProb,
          dashBreak: k % 2 === 1,
          spans: doc.spans,
        });
        if (lit === '') {
          // Chatbot leftovers are always dropped; there is nothing to search.
          s.variants = [
            { text: s.orig, merge: false },
            { text: '', merge: false },
          ];
          s.choice = 1;
          s.fixed = true;
          return;
        }
        base.push(lit);
        add(lit, false, k % 2 === 1);
      }
      // Structural operators on top of the first rule variants.
      for (const b of [...new Set(base)].slice(0, 3)) {
        for (let w = 0; w < 2; w++) {
          const sp = splitSentence(b, w);
          if (sp) add(repairSentence(sp), false, true);
        }
        const mv = moveClause(b);
        if (mv) add(repairSentence(mv), false, true);
      }
      // Sentences are never joined: a mechanical ", and" between two sentences reads worse than either.
    });
  });
}
