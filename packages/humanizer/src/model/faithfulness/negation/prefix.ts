import { allSensesOf, antonymsOf, lemma, sensesOf } from '../../lexical.ts';
import { NOT_DENIALS, PREFIX } from './lexicon.ts';

/** Words a negating prefix denies ("unready" denies "ready"), read with the lexicon's prefix lists. */

/**
 * The word a negating prefix denies ("unready" → "ready"), or null. Both must be dictionary words; for in-,
 * im-, il-, ir-, dis-, ab- and contra- WordNet must also list them as antonyms ("invent", "discover" and
 * "import" deny nothing); un- and non- deny their stem unless listed above.
 */
export function deniedStem(l: string): string | null {
  const m = PREFIX.exec(l);
  if (!m || NOT_DENIALS.has(l) || l.startsWith('under')) return null;
  const stem = lemma(m[2] as string);
  if (sensesOf(stem).length === 0 || sensesOf(l).length === 0) return null;
  if (antonymsOf(l).has(stem) || antonymsOf(stem).has(l)) return stem;
  if ((m[1] === 'un' || m[1] === 'non') && stem.length >= 4) return stem;
  return null;
}

/** Whether a word looks like a denial of another (a negating prefix on a dictionary word, "insanitary"). */
export function looksDenied(l: string): boolean {
  if (deniedStem(l) !== null) return true;
  // An adjective on an adjective ("insanitary", "insufferable"): "information" and "discover" are not.
  const m = PREFIX.exec(l);
  if (!m || NOT_DENIALS.has(l)) return false;
  const adjective = (x: string): boolean => allSensesOf(x).some((k) => k.startsWith('a'));
  return adjective(l) && adjective(lemma(m[2] as string));
}

/** An adjective or adverb (never a verb: "not unplug" denies) that a negating prefix denies. */
export function deniedDescription(l: string): boolean {
  if (deniedStem(l) === null) return false;
  const senses = allSensesOf(l);
  return senses.some((k) => k.startsWith('a') || k.startsWith('r')) && !senses.some((k) => k.startsWith('v'));
}
