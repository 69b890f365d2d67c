/**
 * The words a text counts for: one function for the browser's counter and the server's caps and charges
 * (spec decision 3: words are what whitespace separates).
 *
 * The text is read in NFKC form, then:
 * - A joiner is deleted only where it is part of the spelling, and separates words everywhere else:
 *   - the zero-width joiner and non-joiner, the word joiner and the combining grapheme joiner between
 *     letters (or marks) of a script that joins or conjoins its letters (Arabic and Persian, Syriac, N'Ko,
 *     Mongolian, Hebrew, the Indic scripts, Tibetan, Myanmar, Khmer): Persian keeps its non-joiner inside a word;
 *   - the zero-width joiner inside an emoji sequence (a family), variation selectors after an emoji, a
 *     symbol, a digit, a Han character or a letter of a joining script, Mongolian variation selectors
 *     after a Mongolian letter, and the tag characters of an emoji flag sequence;
 *   - the soft hyphen between two letters (a compound with hyphenation points stays one word).
 *   Words glued with any of them elsewhere ("one\u2060two", "one\u200Ctwo") count one by one.
 * - Every other invisible character separates words, found by Unicode category rather than a list:
 *   default-ignorable code points and format characters (\p{Default_Ignorable_Code_Point}, \p{Cf}), plus the
 *   Braille blank, which draws as a space. Words glued together with characters nobody sees count one by one.
 * - An emoji sequence counts at most one word: emoji are not letters and add nothing to the length bound.
 * - A text counts at least one word per MAX_CHARS_PER_WORD characters (code points, single spaces
 *   included), so a request cannot carry unbounded text in a few enormous "words". Ordinary prose (about
 *   6 characters per word with its space) never reaches that bound.
 */
export const MAX_CHARS_PER_WORD = 15;

/** Letters and marks of scripts whose joiners are part of the spelling (Script_Extensions, so shared marks count). */
const JOINING =
  '\\p{scx=Arabic}\\p{scx=Syriac}\\p{scx=Nko}\\p{scx=Mandaic}\\p{scx=Mongolian}\\p{scx=Hebrew}' +
  '\\p{scx=Devanagari}\\p{scx=Bengali}\\p{scx=Gurmukhi}\\p{scx=Gujarati}\\p{scx=Oriya}\\p{scx=Tamil}' +
  '\\p{scx=Telugu}\\p{scx=Kannada}\\p{scx=Malayalam}\\p{scx=Sinhala}\\p{scx=Tibetan}\\p{scx=Myanmar}\\p{scx=Khmer}';
const JOINING_LETTER = `(?:(?=[${JOINING}])[\\p{L}\\p{M}])`;
const VARIATION_SELECTORS = '\\uFE00-\\uFE0F\\u{E0100}-\\u{E01EF}';
/** Joiners between two letters of a joining script (with any variation selectors among them). */
const SCRIPT_JOINERS = new RegExp(
  `(?<=${JOINING_LETTER})[\\u034F\\u200C\\u200D\\u2060\\u180B-\\u180D\\u180F${VARIATION_SELECTORS}]+(?=${JOINING_LETTER})`,
  'gu',
);
/** Variation selectors after the characters they select a form of (emoji, symbols, digits, Han, joining scripts). */
const SELECTORS = new RegExp(
  `(?<=[\\p{Extended_Pictographic}\\p{Emoji}\\p{S}\\p{N}\\p{scx=Han}${JOINING}])[${VARIATION_SELECTORS}]+`,
  'gu',
);
/** Mongolian free variation selectors after a Mongolian letter. */
const MONGOLIAN_SELECTORS = /(?<=\p{scx=Mongolian})[\u180B-\u180D\u180F]+/gu;
/** The zero-width joiner inside an emoji sequence (after the pictograph's selector or skin tone, if any). */
const EMOJI_JOINERS = /(?<=[\p{Extended_Pictographic}\p{Emoji_Modifier}])\u200D(?=\p{Extended_Pictographic})/gu;
/** The soft hyphen between two letters: a hyphenation point inside a word. */
const SOFT_HYPHENS = /(?<=[\p{L}\p{M}])\u00AD+(?=[\p{L}\p{M}])/gu;

/** Tag characters inside an emoji tag sequence (the flags of England, Scotland, Wales); elsewhere they separate. */
const EMOJI_TAGS = /(?<=\u{1F3F4}[\u{E0020}-\u{E007E}]*)[\u{E0020}-\u{E007F}]/gu;

/** Invisible characters that separate words (after the orthographic joiners are gone), and the Braille blank. */
const INVISIBLE_SEPARATORS = /[\p{Default_Ignorable_Code_Point}\p{Cf}\u2800]/gu;

/** Emoji: pictographs, skin-tone modifiers, flag letters and the keycap mark. */
const EMOJI = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u20E3]/gu;

export function countWords(text: string): number {
  const t = text
    .normalize('NFKC')
    .replace(EMOJI_TAGS, '')
    .replace(SELECTORS, '')
    .replace(MONGOLIAN_SELECTORS, '')
    .replace(EMOJI_JOINERS, '')
    .replace(SCRIPT_JOINERS, '')
    .replace(SOFT_HYPHENS, '')
    .replace(INVISIBLE_SEPARATORS, ' ')
    .trim();
  if (!t) return 0;
  const separated = t.split(/\s+/u).length;
  let chars = 0;
  for (const _ of t.replace(/\s+/gu, ' ').replace(EMOJI, '')) chars++;
  return Math.max(separated, Math.ceil(chars / MAX_CHARS_PER_WORD));
}
