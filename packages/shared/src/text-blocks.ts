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
