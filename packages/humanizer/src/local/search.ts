/**
 * Deep's search stage: starting from the Lightning variant of every sentence, it visits the sentences
 * in order and keeps, for each, the variant whose rendered window of nearby blocks the detector scores
 * lowest (one detector family held out, chosen by seed), plus one point per remaining tell. The unchanged
 * original carries a small penalty so ties go to a rewrite; on a second pass it carries a larger one and
 * variants found in the earlier rewrite are skipped. The search stops early at the deadline; the document
 * checks then run on the choices.
 */
import { familyNames, scoreFamilies } from '../detector.ts';
import { unmask } from '../protect.ts';
import { hash32 } from '../rng.ts';
import { countTells as detectTells } from '../rules/words.ts';
import { enforceDocChecks, keepBlocksNonEmpty } from './doc-checks.ts';
import { prepare } from './prepare.ts';
import { renderBlock, renderWindow } from './render.ts';
import type { LocalOpts, LocalResult } from './types.ts';
import { buildVariants } from './variants.ts';

/** Each remaining tell costs this many detector points, so the search cleans up unless the detector clearly disagrees. */
const TELL_WEIGHT = 1;

function tellCount(s: string): number {
  const t = detectTells(s);
  return t;
}

export function deep(text: string, o: LocalOpts): LocalResult {
  const doc = prepare(text);
  buildVariants(doc, o.seed, o.avoidAlts, o.contractions === true);
  keepBlocksNonEmpty(doc);
  const names = familyNames();
  // One family is held out of the search so the reported score is not only the thing we optimized.
  const heldOut = names.length > 1 ? [names[hash32(o.seed, 'held-out') % names.length] as string] : [];
  const blockStrings = new Map<number, string>();
  for (const pb of doc.prose) {
    for (const s of pb.sents) {
      // Start from the Lightning variant (index 1 when it exists), never a merge.
      if (s.variants.length > 1 && !s.variants[1]!.merge && !s.fixed) s.choice = 1;
    }
    blockStrings.set(pb.blockIdx, renderBlock(pb));
  }
  const avoidText = o.avoidText;
  const avoided = (masked: string): boolean =>
    avoidText !== undefined && masked.length > 0 && avoidText.includes(unmask(masked, doc.spans));
  const avoidSents = avoidText !== undefined;
  const deadline = o.deadline ?? Infinity;
  for (const [pi, pb] of doc.prose.entries()) {
    for (let si = 0; si < pb.sents.length; si++) {
      const s = pb.sents[si]!;
      if (s.variants.length <= 1 || s.fixed) continue;
      if (si > 0 && pb.sents[si - 1]!.variants[pb.sents[si - 1]!.choice]?.merge) continue;
      if (Date.now() > deadline) break;
      let best = s.choice;
      let bestScore = Infinity;
      for (let vi = 0; vi < s.variants.length; vi++) {
        const v = s.variants[vi]!;
        if (avoidSents && avoided(v.text) && s.variants.length > 2) continue;
        const bs = new Map(blockStrings);
        bs.set(pb.blockIdx, renderBlock(pb, { si, vi }));
        // Unchanged original costs a little, so ties go to a rewrite; an edit is only kept if it does not hurt.
        const sc =
          scoreFamilies(renderWindow(doc, bs, pi), heldOut) +
          TELL_WEIGHT * tellCount(v.text) +
          (vi === 0 ? (avoidSents ? 5 : 1e-4) : 0);
        if (sc < bestScore - 1e-9) {
          bestScore = sc;
          best = vi;
        }
      }
      s.choice = best;
      blockStrings.set(pb.blockIdx, renderBlock(pb));
    }
  }
  return { text: enforceDocChecks(text, doc, blockStrings) };
}
