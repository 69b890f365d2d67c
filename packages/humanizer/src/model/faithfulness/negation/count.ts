import { lemma } from '../../lexical.ts';
import { DENIAL_NEIGHBOURS } from '../thresholds.ts';
import { STOP } from '../words.ts';
import {
  ECHOED_DENIAL,
  IDIOMS,
  LEXICAL_NEGATIONS,
  LITOTES,
  NEGATOR,
  NOT_ONLY,
  OTHER_DENIALS,
  QUESTION_TAG,
  SECOND_PART,
} from './lexicon.ts';
import { deniedDescription, deniedStem, looksDenied } from './prefix.ts';

/** Counting a sentence's denials: its "not"s, its litotes, and the words that deny without "not". */

/** How many denials a sentence (its set phrases taken out) makes: "neither … nor" is one. */
export function negationsIn(text: string): number {
  let n = (text.match(NEGATOR) ?? []).length;
  n -= Math.min((text.match(/\bneither\b/gi) ?? []).length, (text.match(/\bnor\b/gi) ?? []).length);
  // "…, and neither did the council": the denial already made, said of one more thing.
  n -= (text.match(ECHOED_DENIAL) ?? []).length;
  return Math.max(0, n);
}

/**
 * How many of a sentence's denials (its set phrases taken out) fall on an adjective or adverb that a prefix already denies ("not
 * uncommon", "isn't unusual", "not impossible"): each states its claim plainly, so two sides whose counts
 * differ by these agree ("not uncommon" / "often").
 */
export function litotesIn(text: string): number {
  let n = 0;
  for (const m of text.matchAll(LITOTES)) if (deniedDescription(lemma((m[1] ?? m[2] ?? '').toLowerCase()))) n++;
  return n;
}

/**
 * `s` with its set phrases ("not only … but", "no doubt", question tags) blanked out character for character, so
 * offsets stay those of `s`.
 */
export function withoutIdioms(s: string): string {
  const blank = (m: string): string => m.replace(/[^\n]/g, ' ');
  return s
    .replace(NOT_ONLY, (m, at: number) =>
      /^\W*$/.test(s.slice(0, at)) || SECOND_PART.test(s.slice(at + m.length)) ? blank(m) : m,
    )
    .replace(IDIOMS, blank)
    .replace(QUESTION_TAG, blank);
}

/**
 * Where each "not" of a text stands, as the check counts them (set phrases, question tags and "not only … but"
 * left out): the whole word for a contraction ("didn't"). The meaning report lists these and no others.
 */
export function negationSpans(text: string): { start: number; end: number }[] {
  const masked = withoutIdioms(text);
  const out: { start: number; end: number }[] = [];
  for (const m of masked.matchAll(NEGATOR)) {
    let start = m.index;
    // "n't" is matched on its own: the word it ends is the negation a reader sees.
    if (/^n['’]t$/i.test(m[0])) while (start > 0 && /[A-Za-z]/.test(text[start - 1] as string)) start--;
    out.push({ start, end: m.index + m[0].length });
  }
  return out;
}

export interface Denials {
  count: number;
  reach: Map<string, Set<string>>;
}

/**
 * The content lemmas next to each word that denies without "not" (see `Prepared.denialsOf`), and how many times
 * the sentence matches the lexical denials.
 */
export function denialReachOf(sentence: string): { matched: number; reach: Map<string, Set<string>> } {
  const out = new Map<string, Set<string>>();
  let matched = 0;
  const text = sentence.toLowerCase();
  const words = [...text.matchAll(/[a-z][a-z'’-]*/g)]
    .map((m) => ({ at: m.index, end: m.index + m[0].length, w: m[0].replace(/['’]s$/, '') }))
    .filter(({ w }) => w.length >= 3 && !STOP.has(w))
    .map((x) => ({ ...x, l: lemma(x.w) }));
  const around = (key: string, from: number, to: number): Set<string> => {
    const before = words.filter((x) => x.end <= from).slice(-DENIAL_NEIGHBOURS);
    // The words inside a longer denial count too ("kept them from visiting").
    const inside = words.filter((x) => x.at >= from && x.end <= to);
    const after = words.filter((x) => x.at >= to).slice(0, DENIAL_NEIGHBOURS);
    const near = out.get(key) ?? new Set<string>();
    for (const x of [...before, ...inside, ...after]) near.add(x.l);
    out.set(key, near);
    return near;
  };
  for (const r of [LEXICAL_NEGATIONS, OTHER_DENIALS])
    for (const m of text.matchAll(r)) {
      matched++;
      around(m[0], m.index, m.index + m[0].length);
    }
  for (const x of words) {
    if (!looksDenied(x.l)) continue;
    const near = around(x.l, x.at, x.end);
    const stem = deniedStem(x.l);
    if (stem) near.add(stem);
  }
  return { matched, reach: out };
}
