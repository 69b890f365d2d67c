/**
 * pdf.js gives positioned runs of text; this puts them back into lines, paragraphs, headings and lists.
 * Lines come from baselines; a paragraph ends where the gap to the next line is clearly larger than the
 * page's usual line spacing; a short line in a clearly larger font is a heading; a line that starts
 * with a bullet or a number is a list item.
 */
export interface TextRun {
  str: string;
  /** [a, b, c, d, e, f]: e/f are the position, the scale gives the font size. */
  transform: number[];
  height: number;
  hasEOL?: boolean;
}

interface Line {
  text: string;
  size: number;
  y: number;
}

const BULLET = /^[•◦▪‣∙●○■□–\-*]\s*/;
const NUMBERED = /^(\d{1,3}|[a-z])[.)]\s+/;

function toLines(runs: TextRun[]): Line[] {
  const lines: Line[] = [];
  let cur: Line | null = null;
  let endsLine = false;
  for (const r of runs) {
    const size = Math.abs(r.transform[3] ?? 0) || Math.abs(r.transform[0] ?? 0) || r.height || 0;
    const y = r.transform[5] ?? 0;
    if (!cur || endsLine || Math.abs(y - cur.y) > Math.max(2, size * 0.5)) {
      if (cur) lines.push(cur);
      cur = { text: '', size: 0, y };
    }
    if (r.str) {
      if (cur.text && !/\s$/.test(cur.text) && !/^\s/.test(r.str) && Math.abs(y - cur.y) > 0.5) cur.text += ' ';
      cur.text += r.str;
      if (r.str.trim()) cur.size = Math.max(cur.size, size);
    }
    endsLine = !!r.hasEOL;
  }
  if (cur) lines.push(cur);
  return lines.map((l) => ({ ...l, text: l.text.replace(/\s+/g, ' ').trim() })).filter((l) => l.text);
}

/** The most common value, weighted: the body text's font size. */
function mode(values: { v: number; w: number }[]): number {
  const m = new Map<number, number>();
  for (const { v, w } of values) m.set(Math.round(v * 2) / 2, (m.get(Math.round(v * 2) / 2) ?? 0) + w);
  let best = 0;
  let bestW = -1;
  for (const [v, w] of m) if (w > bestW) [best, bestW] = [v, w];
  return best;
}

/** One page's runs as blocks of text (each a paragraph, heading or list item). */
export function pageBlocks(runs: TextRun[], bodySize?: number): string[] {
  const lines = toLines(runs).filter((l) => !/^\d{1,4}$/.test(l.text)); // bare page numbers
  if (!lines.length) return [];
  const body = bodySize ?? mode(lines.map((l) => ({ v: l.size, w: l.text.length })));
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const g = lines[i - 1]!.y - lines[i]!.y;
    if (g > 0) gaps.push(g);
  }
  gaps.sort((a, b) => a - b);
  const usual = gaps.length ? gaps[Math.floor(gaps.length / 3)]! : body * 1.2;
  const blocks: string[] = [];
  let para = '';
  let paraIsList = false;
  const end = () => {
    if (para) blocks.push(para);
    para = '';
    paraIsList = false;
  };
  lines.forEach((l, i) => {
    const heading = body > 0 && l.size >= body * 1.15 && l.text.length <= 150;
    const gap = i > 0 ? lines[i - 1]!.y - l.y : 0;
    const breakBefore =
      i === 0 || gap > usual * 1.35 || gap < 0 || (i > 0 && Math.abs(lines[i - 1]!.size - l.size) > body * 0.1);
    if (heading) {
      end();
      blocks.push(`${l.size >= body * 1.6 ? '#' : '##'} ${l.text}`);
      return;
    }
    const bullet = BULLET.exec(l.text);
    if (bullet && l.text.length > bullet[0].length) {
      end();
      para = `- ${l.text.slice(bullet[0].length)}`;
      paraIsList = true;
      return;
    }
    if (NUMBERED.test(l.text) && (breakBefore || paraIsList)) {
      end();
      para = l.text;
      paraIsList = true;
      return;
    }
    if (breakBefore && !paraIsList) end();
    else if (breakBefore && paraIsList && gap > usual * 1.35) end();
    if (!para) para = l.text;
    else if (/[A-Za-z]-$/.test(para) && /^[a-z]/.test(l.text))
      para = para.slice(0, -1) + l.text; // hyphenated line end
    else para += ` ${l.text}`;
  });
  end();
  return blocks;
}

/** Joins blocks: list items on consecutive lines, everything else apart by a blank line. */
export function joinBlocks(blocks: string[]): string {
  const isItem = (b: string) => /^(- |\d{1,3}[.)] |[a-z][.)] )/.test(b);
  let out = '';
  blocks.forEach((b, i) => {
    if (i > 0) out += isItem(b) && isItem(blocks[i - 1]!) ? '\n' : '\n\n';
    out += b;
  });
  return out;
}

const LIST_OR_HEADING = /^(#{1,6} |- |\d{1,3}[.)] |[a-z][.)] )/;

/**
 * The pages' blocks in reading order, with a paragraph that runs over a page break put back together:
 * a page's last paragraph that does not end a sentence continues in the next page's first paragraph.
 */
export function joinPages(pages: string[][]): string[] {
  const out: string[] = [];
  for (const page of pages) {
    const blocks = [...page];
    const last = out.at(-1);
    const first = blocks[0];
    if (last && first && !LIST_OR_HEADING.test(last) && !LIST_OR_HEADING.test(first) && !/[.!?:;"”’)\]]$/.test(last)) {
      out[out.length - 1] =
        /[A-Za-z]-$/.test(last) && /^[a-z]/.test(first) ? last.slice(0, -1) + first : `${last} ${first}`;
      blocks.shift();
    }
    out.push(...blocks);
  }
  return out;
}
