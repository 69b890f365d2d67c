/**
 * pdf.js gives positioned runs of text; this puts them back into lines, paragraphs, headings and lists.
 * Lines come from baselines; a paragraph ends where the gap to the next line is clearly larger than the
 * page's usual line spacing; a short line in a clearly larger font is a heading; a line that starts
 * with a bullet or a number is a list item. Bullets drawn as shapes leave no text: there, lines indented
 * past the page's left margin, one after another at the same indent, are list items, and an item ends
 * where its line ends short of the right margin.
 */
export interface TextRun {
  str: string;
  /** [a, b, c, d, e, f]: e/f are the position, the scale gives the font size. */
  transform: number[];
  height: number;
  /** Advance width in page units (pdf.js gives it); without it a line's right end is not known. */
  width?: number;
  hasEOL?: boolean;
}

interface Line {
  text: string;
  size: number;
  y: number;
  /** Left end of the line's first run with text, and right end of its last. */
  x: number;
  right: number;
}

/**
 * A bullet glyph: the usual ones, Word's Symbol and Wingdings bullets (private-use code points such as
 * U+F0B7 and U+F0A7, or a middle dot when the font maps them so), arrows and check marks.
 */
const BULLET = /^[•◦▪‣∙●○■□–\-*·➢➤►▸▹◆◇❖✓✔✗✘→⇒\uF000-\uF0FF]\s*/;
const ONLY_BULLET = /^[•◦▪‣∙●○■□·➢➤►▸▹◆◇❖✓✔→⇒\uF000-\uF0FF]$/;
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
      cur = { text: '', size: 0, y, x: Infinity, right: -Infinity };
    }
    if (r.str) {
      if (cur.text && !/\s$/.test(cur.text) && !/^\s/.test(r.str) && Math.abs(y - cur.y) > 0.5) cur.text += ' ';
      cur.text += r.str;
      if (r.str.trim()) {
        cur.size = Math.max(cur.size, size);
        const x = r.transform[4] ?? 0;
        cur.x = Math.min(cur.x, x);
        cur.right = Math.max(cur.right, x + (r.width ?? 0));
      }
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
  const textLines = lines.filter((l) => !ONLY_BULLET.test(l.text));
  for (let i = 1; i < textLines.length; i++) {
    const g = textLines[i - 1]!.y - textLines[i]!.y;
    if (g > 0) gaps.push(g);
  }
  gaps.sort((a, b) => a - b);
  const usual = gaps.length ? gaps[Math.floor(gaps.length / 3)]! : body * 1.2;
  // The left margin (where most text starts) and the right one (where full lines end).
  // The left margin is the smallest indent that holds a tenth of the text (a list may hold most of it).
  const byX = lines.filter((l) => Number.isFinite(l.x)).sort((a, b) => a.x - b.x);
  const total = byX.reduce((n, l) => n + l.text.length, 0);
  let left = byX[0]?.x ?? 0;
  for (let i = 0, n = 0; i < byX.length; i++) {
    n += byX[i]!.text.length;
    if (n >= total * 0.1) {
      left = byX[i]!.x;
      break;
    }
  }
  const rights = lines
    .filter((l) => Number.isFinite(l.right) && l.right > l.x)
    .map((l) => l.right)
    .sort((a, b) => a - b);
  const fullRight = rights.length ? rights[Math.floor((rights.length - 1) * 0.9)]! : Infinity;
  const em = body || 10;
  const endsShort = (l: Line) => Number.isFinite(fullRight) && l.right > l.x && fullRight - l.right > em * 8;
  const sameX = (a: Line | undefined, b: Line) => !!a && Math.abs(a.x - b.x) <= 2;
  /** An indented line beside another at the same indent: an item (or its next line) of a list drawn without glyphs. */
  const inIndentedRun = (i: number) => {
    const l = lines[i]!;
    return l.x > left + em * 0.8 && (sameX(lines[i - 1], l) || sameX(lines[i + 1], l));
  };
  const blocks: string[] = [];
  let para = '';
  let paraIsList = false;
  let listIndent = -Infinity; // the indent of an item from a list without glyphs
  let pendingBullet = false; // a bullet glyph that pdf.js gave as a line of its own
  const end = () => {
    if (para) blocks.push(para);
    para = '';
    paraIsList = false;
    listIndent = -Infinity;
  };
  lines.forEach((l, i) => {
    const heading = body > 0 && l.size >= body * 1.15 && l.text.length <= 150;
    const prev = lines[i - 1];
    const gap = prev ? prev.y - l.y : 0;
    const breakBefore =
      i === 0 || gap > usual * 1.35 || gap < 0 || (!!prev && Math.abs(prev.size - l.size) > body * 0.1);
    if (heading) {
      end();
      pendingBullet = false;
      blocks.push(`${l.size >= body * 1.6 ? '#' : '##'} ${l.text}`);
      return;
    }
    if (ONLY_BULLET.test(l.text)) {
      pendingBullet = true;
      return;
    }
    const bullet = BULLET.exec(l.text);
    if (pendingBullet || (bullet && l.text.length > bullet[0].length)) {
      end();
      para = `- ${pendingBullet || !bullet ? l.text : l.text.slice(bullet[0].length)}`;
      paraIsList = true;
      pendingBullet = false;
      return;
    }
    const afterShort = !!prev && endsShort(prev);
    if (
      inIndentedRun(i) &&
      (breakBefore || !paraIsList || afterShort || (listIndent !== -Infinity && !sameX(prev, l)))
    ) {
      end();
      para = NUMBERED.test(l.text) ? l.text : `- ${l.text}`;
      paraIsList = true;
      listIndent = l.x;
      return;
    }
    if (paraIsList && l.x < listIndent - 2) end();
    if (afterShort) end(); // the line before ended well short of the margin: a new line of its own
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
