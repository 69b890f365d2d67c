/**
 * The product's text structure, read back from plain text: what an uploaded document becomes (see the
 * server's documents feature) and what a rewrite keeps. Blank lines part paragraphs, `#`…`######` start
 * a heading, `- `/`* `/`• ` or `1. `/`1) ` start a list item (two spaces of indent per level).
 */
export type TextBlock =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; text: string }
  | { kind: 'item'; ordered: boolean; level: number; text: string }
  | { kind: 'para'; text: string };

const HEADING = /^(#{1,6})\s+(.*\S)\s*#*\s*$/;
const ITEM = /^(\s*)([-*+•]|\d{1,3}[.)])\s+(.*\S)\s*$/;

export function textBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n[^\S\n]*\n/)) {
    let para: string[] = [];
    const endPara = () => {
      if (para.length) blocks.push({ kind: 'para', text: para.join('\n') });
      para = [];
    };
    for (const raw of chunk.split('\n')) {
      const line = raw.replace(/\s+$/, '');
      if (!line.trim()) continue;
      const h = HEADING.exec(line);
      if (h) {
        endPara();
        blocks.push({ kind: 'heading', level: h[1]!.length as 1, text: h[2]!.replace(/\s+#+$/, '') });
        continue;
      }
      const it = ITEM.exec(line);
      if (it) {
        endPara();
        blocks.push({
          kind: 'item',
          ordered: /\d/.test(it[2]!),
          level: Math.min(5, Math.floor(it[1]!.replace(/\t/g, '  ').length / 2)),
          text: it[3]!,
        });
        continue;
      }
      const last = blocks.at(-1);
      if (!para.length && last?.kind === 'item' && /^\s+/.test(line)) {
        last.text += `\n${line.trim()}`; // a continuation line of a list item
        continue;
      }
      para.push(line.trim());
    }
    endPara();
  }
  return blocks;
}

/** Plain text for a .txt file: heading markers dropped (each heading stays its own paragraph), lists kept. */
export function toPlainText(text: string): string {
  return `${text
    .replace(/\r\n?/g, '\n')
    .replace(/^#{1,6}[^\S\n]+(.*?)(?:[^\S\n]+#+)?[^\S\n]*$/gm, '$1')
    .trim()}\n`;
}

/** A file name from the text: its first heading or first words, else a default. */
export function fileBaseName(text: string, fallback = 'plainspoken-result'): string {
  const first = textBlocks(text)[0];
  const words = (first?.text ?? '')
    .split(/\s+/)
    .slice(0, 8)
    .join(' ')
    .replace(/[^\p{L}\p{N} _-]+/gu, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase()
    .slice(0, 60);
  return words || fallback;
}
