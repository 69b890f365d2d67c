import { DETERMINERS } from '../../../nlp.ts';
import { antonymsOf, lemma } from '../../lexical.ts';
import { AMOUNT_DENIERS } from '../negation/lexicon.ts';

/**
 * Claims turned around without "not": the closed-class opposites WordNet leaves out ("more" / "less", "many" /
 * "few", "all" / "some"), and two things compared the other way round.
 */

/**
 * Closed-class opposites: a sentence that says one side where the original sentence it follows says the
 * other, and not the first, reverses a comparison or an amount. Each side lists words that say the same.
 */
const OPPOSITES: readonly [string, RegExp, string, RegExp][] = [
  ['more', /\b(?:more|greater number of)\b/i, 'less', /\b(?:less|fewer)\b/i],
  [
    'many',
    /\b(?:many|numerous|countless|multiple|plenty of|lots of|a lot of|a great deal of)\b/i,
    'few',
    /(?<!\ba )\bfew\b/i,
  ],
  ['most', /\bmost\b/i, 'least', /\b(?:least|fewest)\b/i],
  // "Most residents" and "few residents" are opposite shares of one group.
  ['most', /\b(?:most|the majority of)\b/i, 'few', /(?<!\ba |quite a )\bfew\b/i],
  // Only where "much" and "little" are amounts ("as much as", "too little"): "a little" also softens.
  ['much', /\b(?:as|so|too|how|very) much\b/i, 'little', /\b(?:as|so|too|how|very) little\b/i],
  ['never', /\bnever\b/i, 'always', /\b(?:always|every time|all the time)\b/i],
  // Bounds on a figure: "no more than 8" is "at most 8" and "up to 8"; "at least 20" is "20 or more".
  [
    'at most',
    /\b(?:at most|no more than|not more than|up to|a maximum of|no longer than)\s+[$£€]?\d|\d\S*\s+or (?:fewer|less)\b/i,
    'at least',
    /\b(?:at least|no fewer than|no less than|not less than|not fewer than|a minimum of)\s+[$£€]?\d|\d\S*\s+or more\b/i,
  ],
  // "Over 100" is "more than 100"; "under 10" is "fewer than 10".
  [
    'more than',
    /\b(?:over|more than|above|in excess of|upwards of|greater than)\s+[$£€]?\d/i,
    'fewer than',
    /\b(?:under|fewer than|less than|below)\s+[$£€]?\d/i,
  ],
  // "Unlike the first film" only compares; said where the original says "like", it reverses a likeness.
  ['like', /\b(?:like|alike|similar(?:ly)?|resembl\w*|such as)\b/i, 'unlike', /\bunlike\b/i],
  ['all', /\b(?:all|every|each|entire|whole|always)\b/i, 'some', /\b(?:some|certain)\b/i],
  [
    'different',
    /\b(?:different|differ\w*|other|another|distinct|various|diverse|separate)\b/i,
    'same',
    /\b(?<!at the |all the |in the |the very )same\b(?! (?:time|way|goes)\b)|\bidentical\b/i,
  ],
];

/** "Safer" or "more safe" where one side says "less safe" (and not the other way round as well). */
function reversedComparative(original: string, answer: string): [string, string] | null {
  const compared = (text: string, x: string): boolean =>
    new RegExp(`\\b(?:${x}r|${x}er|${x.replace(/y$/, 'i')}er|more\\s+${x})\\b`, 'i').test(text);
  for (const [from, to, a, b] of [
    ['more', 'less', original, answer],
    ['less', 'more', answer, original],
  ] as const)
    for (const m of b.matchAll(/\bless\s+([a-z]{3,})\b/gi)) {
      const x = (m[1] as string).toLowerCase();
      if (compared(a, x) && !compared(b, x) && !new RegExp(`\\bless\\s+${x}\\b`, 'i').test(a)) return [from, to];
    }
  return null;
}

/** A closed-class opposite the answer sentence says where the original says the other side. */
export function reversedAmount(original: string, answer: string): [string, string] | null {
  const comparative = reversedComparative(original, answer);
  if (comparative) return comparative;
  for (const [a, ra, b, rb] of OPPOSITES) {
    for (const [from, rFrom, to, rTo] of [
      [a, ra, b, rb],
      [b, rb, a, ra],
    ] as const) {
      if (!rTo.test(answer) || rTo.test(original) || !rFrom.test(original)) continue;
      // The original denies the first side ("not many came"): the other side restates it ("few came").
      if (deniedIn(rFrom, original) && !deniedIn(rTo, answer)) continue;
      // The answer denies the other side ("not many came" for "few came"): the same amount.
      if (deniedIn(rTo, answer) && !deniedIn(rFrom, original)) continue;
      if (!rFrom.test(answer)) return [from, to];
      // The answer keeps another use of the first side ("30% less power and 40% more moving parts" where the
      // original says "30% less power and 40% fewer moving parts"): reversed where the other side now stands
      // next to a word that stood next to the first side, and the first side is said fewer times.
      const before = uses(rFrom, original);
      if (uses(rFrom, answer).length >= before.length) continue;
      const beside = new Set(before.flatMap((u) => u.beside));
      if (uses(rTo, answer).some((u) => u.beside.some((w) => beside.has(w)))) return [from, to];
    }
  }
  return null;
}

/** Whether a denial (`AMOUNT_DENIERS`) stands right before one side of an opposite, one word between at most. */
function deniedIn(r: RegExp, text: string): boolean {
  return new RegExp(
    `\\b(?:${AMOUNT_DENIERS.join('|')})\\s+(?:[a-z]+\\s+)?(?:${r.source})|n['’]t\\s+(?:[a-z]+\\s+)?(?:${r.source})`,
    'i',
  ).test(text);
}

/** Each use of one side of an opposite, with the words just before and after it (closed-class words too). */
function uses(r: RegExp, text: string): { beside: string[] }[] {
  const global = new RegExp(r.source, 'gi');
  const out: { beside: string[] }[] = [];
  for (const m of text.matchAll(global)) {
    const before = /([a-z0-9%$]+)\W*$/i.exec(text.slice(Math.max(0, m.index - 30), m.index))?.[1];
    const after = /^\W*([a-z0-9%$]+)/i.exec(text.slice(m.index + m[0].length, m.index + m[0].length + 30))?.[1];
    out.push({
      beside: [before && `<${before.toLowerCase()}`, after && `>${after.toLowerCase()}`].filter(
        (x): x is string => typeof x === 'string',
      ),
    });
  }
  return out;
}

interface Comparison {
  /** The lemma of the thing after "than", and the lemmas before the comparative. */
  object: string;
  before: Set<string>;
  /** The quality compared and which way: "more expensive" and "dearer" up, "less expensive" down. */
  quality: string;
  up: boolean;
}

/** The one comparison a sentence makes with "than", or null (none, or more than one). */
function comparisonIn(sentence: string): Comparison | null {
  const words: string[] = sentence.toLowerCase().match(/[a-z][a-z'’-]*/g) ?? [];
  const at = words.indexOf('than');
  if (at < 1 || words.indexOf('than', at + 1) >= 0) return null;
  let k = at + 1;
  // The thing compared with comes after its determiner ("than the bus", "than my car").
  while (k < words.length && DETERMINERS.has(words[k] as string)) k++;
  const object = words[k];
  if (object === undefined) return null;
  const word = words[at - 1] as string;
  const degree = words[at - 2];
  const quality = lemma(word);
  const up = degree !== 'less' && degree !== 'fewer';
  const start = degree === 'more' || degree === 'less' ? at - 2 : at - 1;
  return { object: lemma(object), before: new Set(words.slice(0, start).map((w) => lemma(w))), quality, up };
}

/**
 * Two things compared the other way round. "The bus is cheaper than the train" for "the train is more expensive
 * than the bus" says the same ('converse'); "the bus is more expensive than the train" turns it around
 * ('swapped').
 */
export function turnedComparison(original: string, answer: string): 'converse' | 'swapped' | null {
  if (!/\bthan\b/i.test(answer) || !/\bthan\b/i.test(original)) return null;
  const o = comparisonIn(original);
  const a = comparisonIn(answer);
  if (!o || !a || o.object === a.object || !o.before.has(a.object) || !a.before.has(o.object)) return null;
  const opposed = antonymsOf(o.quality).has(a.quality) || antonymsOf(a.quality).has(o.quality);
  if (o.quality === a.quality) return o.up === a.up ? 'swapped' : 'converse';
  if (opposed) return o.up === a.up ? 'converse' : 'swapped';
  return null;
}
