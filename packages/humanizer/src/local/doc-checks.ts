/**
 * The document checks, run on the choices of either mode before the text is returned. No sentence opens
 * with an inserted word that opens one of the sentences just before it (or an earlier paragraph). A prose
 * block whose sentences were all dropped as chatbot leftovers gets its original sentences back, since the
 * paragraph structure belongs to the user. Then the whole text must keep its length within 15% and at
 * least 90% of the original's content words (dropped leftovers do not count against it); while it does not,
 * the sentence whose chosen variant strays furthest is reverted, first to its conservative variant when it
 * has one, then to the original.
 */
import { contentRecall, contentStems, recallOfStems, wordCount } from '../checks.ts';
import { unmask } from '../protect.ts';
import { render, renderBlock } from './render.ts';
import type { Doc, ProseBlock, Sent } from './types.ts';

/**
 * A line made only of chatbot leftovers keeps them: emptying it would remove a paragraph, and the
 * paragraph structure belongs to the user.
 */
export function keepBlocksNonEmpty(doc: Doc): void {
  for (const pb of doc.prose) {
    if (pb.sents.every((s) => s.variants[s.choice]?.text === '')) {
      for (const s of pb.sents) {
        s.variants = [{ text: s.orig, merge: false }];
        s.choice = 0;
        s.fixed = false;
        s.conservative = undefined;
      }
    }
  }
}

/** A chatbot leftover that the rules drop entirely; its words do not count against the length check. */
const isArtifact = (s: Sent): boolean => s.variants.length >= 2 && s.variants[s.choice]?.text === '' && s.choice > 0;

const firstWord = (t: string): string => (/^[^A-Za-z\uE000]*([A-Za-z]+|\uE000)/.exec(t)?.[1] ?? '').toLowerCase();

/**
 * An opener the edit put at the front of a sentence ("So", "Also", "But") is never the same word that
 * opens one of the five sentences before it or, for a paragraph's first sentence, an earlier paragraph
 * ("So I finally…" / "So the culinary…"): such a sentence takes another of its variants that keeps its
 * own first word, or its original.
 */
export function noRepeatedOpeners(doc: Doc, blockStrings: Map<number, string>): void {
  const recent: string[] = [];
  const paragraphStarts = new Set<string>();
  for (const pb of doc.prose) {
    let changed = false;
    pb.sents.forEach((s, si) => {
      const chosen = s.variants[s.choice]?.text ?? s.orig;
      if (chosen === '') return;
      const own = firstWord(s.orig);
      const repeated = (w: string): boolean =>
        w !== own && (recent.includes(w) || (si === 0 && paragraphStarts.has(w)));
      if (s.choice > 0 && !s.fixed && repeated(firstWord(chosen))) {
        const order = [s.conservative, ...s.variants.keys()].filter((i): i is number => i !== undefined && i > 0);
        const alt = order.find((i) => {
          const v = s.variants[i]!;
          return !v.merge && v.text !== '' && !repeated(firstWord(v.text));
        });
        s.choice = alt ?? 0;
        changed = true;
      }
      const w = firstWord(s.variants[s.choice]?.text ?? s.orig);
      if (si === 0) paragraphStarts.add(w);
      recent.push(w);
      if (recent.length > 5) recent.shift();
    });
    if (changed) blockStrings.set(pb.blockIdx, renderBlock(pb));
  }
}

/** Document checks: recall and length; revert the most changed sentences until both hold. */
export function enforceDocChecks(text: string, doc: Doc, blockStrings: Map<number, string>): string {
  noRepeatedOpeners(doc, blockStrings);
  let out = render(doc, blockStrings);
  let dropped = '';
  for (const pb of doc.prose) for (const s of pb.sents) if (isArtifact(s)) dropped += ` ${unmask(s.orig, doc.spans)}`;
  const baseWords = Math.max(1, wordCount(text) - wordCount(dropped));
  const origStems = contentStems(text);
  // How far a sentence's chosen variant strays (recall minus length change); it changes only with the choice.
  const strayCache = new Map<Sent, { choice: number; r: number }>();
  const stray = (s: Sent): number => {
    const hit = strayCache.get(s);
    if (hit && hit.choice === s.choice) return hit.r;
    const v = s.variants[s.choice]!;
    const r = contentRecall(s.orig, v.text) - Math.abs(wordCount(v.text) / Math.max(1, wordCount(s.orig)) - 1);
    strayCache.set(s, { choice: s.choice, r });
    return r;
  };
  // The word count is kept up to date by difference and confirmed on the rendered text before the
  // (costlier) recall is computed, so a text that needs many reverts costs one render per confirmation.
  let words = wordCount(out);
  let rendered = true;
  const lenOk = (n: number) => n / baseWords >= 0.85 && n / baseWords <= 1.15;
  for (let guard = 0; guard < 500; guard++) {
    if (lenOk(words)) {
      if (!rendered) {
        out = render(doc, blockStrings);
        rendered = true;
        words = wordCount(out);
      }
      if (lenOk(words) && recallOfStems(origStems, `${out} ${dropped}`) >= 0.9) break;
    }
    let worst: { pb: ProseBlock; si: number; r: number } | null = null;
    for (const pb of doc.prose) {
      pb.sents.forEach((s, si) => {
        if (s.choice === 0 || isArtifact(s)) return;
        const r = stray(s);
        if (!worst || r < worst.r) worst = { pb, si, r };
      });
    }
    if (!worst) break;
    const w = worst as { pb: ProseBlock; si: number; r: number };
    const ws = w.pb.sents[w.si]!;
    const was = ws.variants[ws.choice]!.text;
    ws.choice = ws.conservative !== undefined && ws.choice !== ws.conservative ? ws.conservative : 0;
    words += wordCount(ws.variants[ws.choice]!.text) - wordCount(was);
    blockStrings.set(w.pb.blockIdx, renderBlock(w.pb));
    rendered = false;
  }
  return rendered ? out : render(doc, blockStrings);
}
