/**
 * Sentence splitting on masked text. Decimal numbers, abbreviations, URLs and initialisms are already
 * sentinels, so a period followed by space and a capital (or a sentinel, quote or digit) is a boundary.
 */
export interface Piece {
  text: string;
  /** Whitespace that followed the sentence in the block. */
  gap: string;
}

const BOUNDARY =
  /([.!?\u2026]+["'\u201d\u2019)\]]*|\uE000[\uE100-\uE7FF][\uE100-\uE7FF]\uE001)(\s+)(?=["'\u201c\u2018(\[]?[A-Z\uE000\d])/g;

/**
 * `endsSentence` says whether a sentinel's span ends with terminal punctuation (a quotation like
 * "it is done." closes its sentence).
 */
export function splitMasked(body: string, endsSentence: (sentinel: string) => boolean = () => false): Piece[] {
  const out: Piece[] = [];
  let last = 0;
  BOUNDARY.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = BOUNDARY.exec(body)) !== null) {
    if ((m[1] ?? '').startsWith('\uE000') && !endsSentence(m[1] ?? '')) continue;
    const end = m.index + (m[1]?.length ?? 0);
    out.push({ text: body.slice(last, end), gap: m[2] ?? ' ' });
    last = end + (m[2]?.length ?? 0);
  }
  const tail = body.slice(last);
  if (tail.length > 0 || out.length === 0) out.push({ text: tail, gap: '' });
  return out;
}

export function joinPieces(pieces: readonly Piece[]): string {
  return pieces
    .filter((p) => p.text.length > 0)
    .map((p, i, arr) => p.text + (i < arr.length - 1 ? p.gap || ' ' : p.gap))
    .join('');
}
