import { QUOTE_MIN_WORDS, TWO_DIGIT_YEAR_PIVOT } from '../thresholds.ts';
import { flat, oneSpelling } from '../words.ts';
import { namesOf } from './names.ts';
import { COMPOUND_NUMBER, figures, listCount, normNumber, NUMBER_WORDS, numberFormsOf, ordinal } from './numbers.ts';

/** The facts of one sentence: its numbers (and their other forms), names, links and quotations. */

export interface Facts {
  numbers: string[];
  /** Number words kept apart: "one" and "second" are ordinary words too. */
  numberWords: string[];
  /**
   * Other ways of writing the sentence's numbers, which count as stated but are never judged as new: "forty-five"
   * is 45, "£512m" and "512 million" are 512000000, "2,500,000" is also 2.5 million, "9-1-1" is 911, "3rd" is 3,
   * "both" is 2.
   */
  numberForms: string[];
  /** The number of a list item the sentence opens ("2." or "3)" at the start of a line). */
  item?: number;
  names: string[];
  links: string[];
  quotes: string[];
}

export const LINK_RE = /\bhttps?:\/\/[^\s)>\]]+|\bwww\.[^\s)>\]]+|[\w.+-]+@[\w-]+\.[\w.-]+/gi;
/**
 * A bare domain name on a common top-level domain ("lend-a-laptop.example.org", "Reason.com"). The domain is
 * matched in lower case only, so two sentences run together without a space ("the school.In May") are not a link.
 */
const DOMAIN_RE =
  /\b[A-Za-z0-9][A-Za-z0-9-]*(?:\.[A-Za-z0-9-]+)*\.(?:com|org|net|io|edu|gov|info|biz|uk)\b(?:\/[^\s)>\]"'”]*)?/g;
const QUOTE_RE = /"([^"\n]{3,300})"|“([^”\n]{3,300})”/g;

export function factsOf(sentence: string, sentenceStart: boolean, lineStart = false): Facts {
  const withoutLinks = sentence.replace(LINK_RE, ' ');
  // A link with or without its "https://" or "www." (and a closing slash) is the same link.
  const links = [...(sentence.match(LINK_RE) ?? []), ...(withoutLinks.match(DOMAIN_RE) ?? [])].map((l) =>
    l
      .replace(/[.,;:]+$/, '')
      .toLowerCase()
      .replace(/^(?:https?:\/\/)?(?:www\.)?/, '')
      .replace(/\/$/, ''),
  );
  // A list item's number ("2." or "3)" opening a line) counts items; it states no fact.
  const item = lineStart ? /^\s*(\d{1,2})[.)](?=\s|$)/.exec(withoutLinks) : null;
  const plain = withoutLinks
    .replace(DOMAIN_RE, ' ')
    .slice(item ? item[0].length : 0)
    // A year by its last two digits ("back in '08") is the year ("2008"); "the '80s" stays a decade.
    .replace(
      /(^|[\s(])['’](\d\d)\b(?!s)/g,
      (_m, before: string, d: string) => `${before}${Number(d) <= TWO_DIGIT_YEAR_PIVOT ? '20' : '19'}${d}`,
    );
  // A time on the hour is its hour ("9:00" is the "9" of "9 a.m."), not a 9 and a 0.
  const numbers = (plain.replace(/\b(\d{1,2}):00\b(?!:)/g, '$1').match(/\d+(?:[.,]\d+)*/g) ?? []).map(normNumber);
  const numberWords: string[] = [];
  const counted = listCount(plain);
  // Number words that make one number together are that number, not their parts: "twenty-first" is 21st (not 20),
  // "two and a half" is 2.5, "fifteen hundred" is 1500, "fifteen thousand" 15000. The parts still count as stated.
  const parts: string[] = [];
  const wordsLeft = plain
    .toLowerCase()
    .replace(COMPOUND_NUMBER, (_m, t: string, u: string) => {
      const unit = NUMBER_WORDS[u] as string;
      const v = Number(NUMBER_WORDS[t]) + Number(unit.replace(/\D/g, ''));
      numberWords.push(/\d(?:st|nd|rd|th)$/.test(unit) ? ordinal(v) : String(v));
      parts.push(NUMBER_WORDS[t] as string, unit);
      return ' ';
    })
    .replace(/\b([a-z]+) and a half\b/g, (m, w: string) => {
      const v = Number(NUMBER_WORDS[w] ?? (w === 'a' || w === 'an' ? 1 : NaN));
      if (!Number.isFinite(v)) return m;
      numberWords.push(figures(v + 0.5));
      parts.push(String(v), '0.5');
      return ' ';
    })
    .replace(/\b([a-z]+) (hundred|thousand|million|billion)\b/g, (m, w: string, scale: string) => {
      const v = Number(NUMBER_WORDS[w]);
      const x = Number(NUMBER_WORDS[scale]);
      if (!(v >= 2 && v <= 99) || (scale === 'hundred' && v <= 10)) return m;
      numberWords.push(figures(v * x));
      parts.push(String(v), String(x));
      return ' ';
    });
  for (const w of wordsLeft.match(/[a-z]+/g) ?? []) {
    const n = NUMBER_WORDS[w];
    if (n && n !== counted) numberWords.push(n);
  }
  const quotes: string[] = [];
  for (const m of plain.matchAll(QUOTE_RE)) {
    const q = (m[1] ?? m[2] ?? '').trim();
    // A quotation worth keeping word for word: three words or more (shorter ones are scare quotes).
    if (q.split(/\s+/).length >= QUOTE_MIN_WORDS) quotes.push(oneSpelling(flat(q)));
  }
  return {
    numbers,
    numberWords,
    // The item's number may still be written elsewhere ("1." inside a sentence).
    numberForms: [...numberFormsOf(plain, numbers), ...parts, ...(item ? [item[1] as string] : [])],
    ...(item ? { item: Number(item[1]) } : {}),
    names: namesOf(plain, sentenceStart),
    links,
    quotes,
  };
}
