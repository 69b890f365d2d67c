/**
 * The preparation stage turns the input text into a `Doc`. The text is segmented into blocks; headings are
 * put into sentence case right away, verbatim blocks (code, tables and the like) are left alone, and each
 * prose block has its protected spans (numbers, names, quotations, links...) masked and is split into
 * sentences. Every sentence starts with a single variant, the original, chosen. The document hash seeds the
 * per-sentence random streams of the later stages.
 */
import { mask, unmask, type Span } from '../protect.ts';
import { fnv1a } from '../rng.ts';
import { sentenceCaseHeading } from '../rules/heading-case.ts';
import { segment } from '../segment.ts';
import { splitMasked, type Piece } from '../sentences.ts';
import type { Doc, ProseBlock } from './types.ts';

export function prepare(text: string): Doc {
  const blocks = segment(text);
  const spans: Span[] = [];
  const prose: ProseBlock[] = [];
  blocks.forEach((b, blockIdx) => {
    if (b.kind === 'heading') {
      b.body = sentenceCaseHeading(b.body);
      return;
    }
    if (b.kind !== 'prose' || b.body.length === 0) return;
    const m = mask(b.body, { startId: spans.length });
    spans.push(...m.spans);
    const ends = (sent: string): boolean => /[.!?]["'\u201d\u2019]$/.test(unmask(sent, m.spans));
    const pieces: Piece[] = splitMasked(m.text, ends);
    prose.push({
      blockIdx,
      sents: pieces.map((p) => ({ orig: p.text, gap: p.gap, variants: [{ text: p.text, merge: false }], choice: 0 })),
    });
  });
  return { blocks, prose, spans, docHash: fnv1a(text.normalize('NFC')) };
}
