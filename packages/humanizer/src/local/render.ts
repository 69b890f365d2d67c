/**
 * The rendering stage turns the chosen variants back into text. A prose block is rendered from its
 * sentences' current choices (or with one choice overridden, which is how the search tries a variant); a
 * merge variant swallows the following sentence and dropped sentences leave no gap. The whole document is
 * rebuilt from the rendered blocks with the protected spans unmasked; the search scores only a window of
 * blocks around the one being edited.
 */
import { unmask } from '../protect.ts';
import { joinBlocks } from '../segment.ts';
import type { Doc, ProseBlock } from './types.ts';

export function renderBlock(pb: ProseBlock, override?: { si: number; vi: number }): string {
  const parts: { text: string; gap: string }[] = [];
  let skip = false;
  pb.sents.forEach((s, si) => {
    if (skip) {
      skip = false;
      return;
    }
    const vi = override && override.si === si ? override.vi : s.choice;
    const v = s.variants[vi] ?? s.variants[0]!;
    if (v.merge) skip = true;
    const gap = v.merge ? (pb.sents[si + 1]?.gap ?? s.gap) : s.gap;
    if (v.text.length > 0) parts.push({ text: v.text, gap });
  });
  return parts.map((p, i) => p.text + (i < parts.length - 1 ? p.gap || ' ' : '')).join('');
}

export function render(doc: Doc, blockStrings: Map<number, string>): string {
  const blocks = doc.blocks.map((b, i) => {
    const s = blockStrings.get(i);
    return s === undefined ? b : { ...b, body: s };
  });
  return unmask(joinBlocks(blocks), doc.spans);
}

/**
 * The search scores a window of blocks around the one being edited rather than the whole document, so the
 * cost per evaluation stays flat on long inputs (whole-document scoring made 9,000 words quadratic).
 */
export function renderWindow(doc: Doc, blockStrings: Map<number, string>, proseIdx: number, radius = 2): string {
  const lo = doc.prose[Math.max(0, proseIdx - radius)]!.blockIdx;
  const hi = doc.prose[Math.min(doc.prose.length - 1, proseIdx + radius)]!.blockIdx;
  const parts: string[] = [];
  for (let i = lo; i <= hi; i++) {
    const b = doc.blocks[i]!;
    if (b.kind === 'verbatim' || b.kind === 'blank') continue;
    parts.push(b.prefix + (blockStrings.get(i) ?? b.body));
  }
  return unmask(parts.join('\n'), doc.spans);
}

export function renderAll(doc: Doc): string {
  const bs = new Map<number, string>();
  for (const pb of doc.prose) bs.set(pb.blockIdx, renderBlock(pb));
  return render(doc, bs);
}
