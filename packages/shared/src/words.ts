/**
 * The words a text counts for: one function for the browser's counter and the server's caps and charges
 * (spec decision 3: words are what whitespace separates).
 *
 * The text is read in NFKC form, then:
 * - Joiners and the soft hyphen are deleted, not split on: a word keeps them inside (Persian with its
 *   zero-width non-joiner, a compound with soft hyphens, an emoji family joined by zero-width joiners
 *   each stay one word). So are variation selectors, which only change how the character before them
 *   looks, and the tag characters of an emoji flag sequence.
 * - Every other invisible character separates words, found by Unicode category rather than a list:
 *   default-ignorable code points and format characters (\p{Default_Ignorable_Code_Point}, \p{Cf}), plus the
 *   Braille blank, which draws as a space. Words glued together with characters nobody sees count one by one.
 * - An emoji sequence counts at most one word: emoji are not letters and add nothing to the length bound.
 * - A text counts at least one word per MAX_CHARS_PER_WORD characters (code points, single spaces
 *   included), so a request cannot carry unbounded text in a few enormous "words". Ordinary prose (about
 *   6 characters per word with its space) never reaches that bound.
 */
export const MAX_CHARS_PER_WORD = 15;

/** Characters that live inside a word: deleted before counting. */
const JOINERS = /[\u00AD\u034F\u180B-\u180D\u180F\u200C\u200D\u2060\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;

/** Tag characters inside an emoji tag sequence (the flags of England, Scotland, Wales); elsewhere they separate. */
const EMOJI_TAGS = /(?<=\u{1F3F4}[\u{E0020}-\u{E007E}]*)[\u{E0020}-\u{E007F}]/gu;

/** Invisible characters that separate words (after JOINERS are gone), and the Braille blank. */
const INVISIBLE_SEPARATORS = /[\p{Default_Ignorable_Code_Point}\p{Cf}\u2800]/gu;

/** Emoji: pictographs, skin-tone modifiers, flag letters and the keycap mark. */
const EMOJI = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u20E3]/gu;

export function countWords(text: string): number {
  const t = text
    .normalize('NFKC')
    .replace(EMOJI_TAGS, '')
    .replace(JOINERS, '')
    .replace(INVISIBLE_SEPARATORS, ' ')
    .trim();
  if (!t) return 0;
  const separated = t.split(/\s+/u).length;
  let chars = 0;
  for (const _ of t.replace(/\s+/gu, ' ').replace(EMOJI, '')) chars++;
  return Math.max(separated, Math.ceil(chars / MAX_CHARS_PER_WORD));
}
