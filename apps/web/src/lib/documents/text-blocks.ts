/**
 * The product's text structure, read back from plain text (shared with the server, which builds the Word
 * file with tracked changes from it): see packages/shared/src/text-blocks.ts.
 */
import { textBlocks } from '@plainspoken/shared';

export { textBlocks, type TextBlock } from '@plainspoken/shared';

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
