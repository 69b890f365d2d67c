/**
 * The words a text counts for: one function for the browser's counter and the server's caps and charges
 * (spec decision 3: words are what whitespace separates).
 *
 * The text is read in NFKC form with invisible characters (zero-width spaces and joiners, word joiners,
 * the Mongolian vowel separator, soft hyphens, direction marks, byte-order marks) taken as separators, so
 * words glued together with characters nobody sees still count one by one. A text also counts at least one
 * word per MAX_CHARS_PER_WORD characters, so a request cannot carry unbounded text in a few enormous
 * "words". Ordinary prose (about 6 characters per word with its space) never reaches that bound.
 */
export const MAX_CHARS_PER_WORD = 15;

const INVISIBLE =
  /[\u00AD\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]/g;

export function countWords(text: string): number {
  const t = text.normalize('NFKC').replace(INVISIBLE, ' ').trim();
  if (!t) return 0;
  const separated = t.split(/\s+/u).length;
  const chars = t.replace(/\s+/gu, ' ').length;
  return Math.max(separated, Math.ceil(chars / MAX_CHARS_PER_WORD));
}
