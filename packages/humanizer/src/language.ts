/**
 * Which language a text is written in. The detector and the local clean-up know English only, so the
 * product must say so before it charges for or scores text in another language. franc-min (trigram
 * profiles of 82 languages) guesses. A text counts as English unless three things agree: another language
 * ranks first, English trails it clearly, and English function words are rare. So English with names,
 * code, URLs, lists or a foreign quote is never refused.
 */
import { francAll } from 'franc-min';

/**
 * English's score relative to the best language must fall under this. franc's relative scores crowd
 * together as texts grow (a French paragraph leaves English at about 0.9), so this only separates near-ties.
 */
const ENGLISH_MARGIN = 0.97;
/** Share of words that are common English function words: 0.06 at the lowest in English prose, under 0.05 in other languages. */
const FUNCTION_WORD_FLOOR = 0.1;
const FUNCTION_WORDS = new Set(
  'the of and to a in is that it for was on are as with be by this at from or have an they which not but you were his her he she we i their has had been its would there can all will one more if so about what when who my our your them these than also into no some do does did how other like just only may could should very most'.split(
    ' ',
  ),
);

function functionWordRate(text: string): number {
  const words = text.toLowerCase().match(/[a-z\u00c0-\u024f']+/g) ?? [];
  let n = 0;
  for (const w of words) if (FUNCTION_WORDS.has(w)) n++;
  return n / Math.max(1, words.length);
}
/** Only this much of a long text is read: enough to decide, and it keeps the check well under a millisecond. */
const SAMPLE_CHARS = 2_000;

export interface LanguageGuess {
  /** ISO 639-1 code where one exists ('en', 'fr'), otherwise ISO 639-3; 'en' when undecided. */
  code: string;
  english: boolean;
}

function toShortCode(iso3: string): string {
  try {
    return Intl.getCanonicalLocales(iso3)[0] ?? iso3;
  } catch {
    return iso3;
  }
}

export function detectLanguage(text: string): LanguageGuess {
  // Sample from the middle of long texts too: a foreign title or quote at the top should not decide.
  const t =
    text.length <= SAMPLE_CHARS
      ? text
      : text.slice(0, SAMPLE_CHARS / 2) +
        '\n' +
        text.slice(Math.floor(text.length / 2), Math.floor(text.length / 2) + SAMPLE_CHARS / 2);
  const ranked = francAll(t, { minLength: 20 });
  const [top, topScore] = ranked[0] ?? ['und', 0];
  if (top === 'und' || top === 'eng' || topScore <= 0) return { code: 'en', english: true };
  const eng = ranked.find(([code]) => code === 'eng')?.[1] ?? 0;
  if (eng >= ENGLISH_MARGIN * topScore || functionWordRate(t) >= FUNCTION_WORD_FLOOR)
    return { code: 'en', english: true };
  return { code: toShortCode(top), english: false };
}
