import { derivedSensesOf, lemma, sensesOf } from '../lexical.ts';
import type { Has } from './types.ts';

/**
 * The check's word layer: closed-class words, content lemmas, and how two words count as the same (the same
 * lemma, or a shared frequent WordNet sense).
 */

/** Closed-class words: never content, never names when they open a sentence. */
export const STOP = new Set(
  (
    'a an the and or but nor so yet of in on at to by with from into onto over under about above below after before between through during within across against among around toward towards upon via as than ' +
    'is are was were be been being am has have had having do does did doing can could will would should may might must shall ' +
    'i me my mine we us our ours you your yours he him his she her hers it its they them their theirs this that these those there here what which who whom whose when where why how ' +
    'all any both each few more most other some such only own same too very just also then now even still again further once really quite rather much many lot lots ' +
    'if because while although though since unless until whether either one ones thing things way get got make made like well'
  ).split(' '),
);

/** The content lemmas of a sentence (closed-class words left out), in order. */
export function contentLemmas(s: string): string[] {
  const out: string[] = [];
  for (const raw of s.toLowerCase().match(/[a-z][a-z'’-]*/g) ?? []) {
    const w = raw.replace(/['’]s$/, '').replace(/['’-]+$/, '');
    if (w.length < 3 || STOP.has(w) || /n['’]t$/.test(w)) continue;
    for (const part of w.split('-')) if (part.length >= 3 && !STOP.has(part)) out.push(lemma(part));
  }
  return out;
}

/** Lower case, letters and digits only, one space between words: how quotations are compared. */
export const flat = (t: string): string =>
  t
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * British and American spellings of a word compared as one ("organisational" / "organizational", "colour" /
 * "color", "analyse", "centre", "catalogue"): a quotation respelled is not misquoted. Applied to both texts.
 */
export const oneSpelling = (flatText: string): string =>
  flatText
    .replace(/\b([a-z]{3,})is(ation|ations|ational|e|ed|es|er|ers|ing)\b/g, '$1iz$2')
    .replace(/\b([a-z]{2,})our(s|ed|ing|able)?\b/g, '$1or$2')
    .replace(/\b([a-z]{2,})ys(e|ed|es|ing)\b/g, '$1yz$2')
    .replace(/\b([a-z]{3,})tre(s)?\b/g, '$1ter$2')
    .replace(/\b([a-z]{2,})ogue(s)?\b/g, '$1og$2');

/** Letters without their accents ("schrödinger" → "schrodinger"), so a name spelled with or without them agrees. */
export const foldMarks = (t: string): string => t.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/**
 * For coverage, recall and the invented-sentence test: kept, or said as another part of speech ("announced" /
 * "the announcement", "quickly" / "quick"). The alignment and the fact checks keep to `keptIn`.
 */
export function keptOrDerived(l: string, lemmaSet: Has, senseSet: Has): boolean {
  if (keptIn(l, lemmaSet, senseSet)) return true;
  for (const k of derivedSensesOf(l)) if (senseSet.has(k)) return true;
  return false;
}

/** Whether the lemma, or a word sharing one of its frequent senses, is in the set. */
export function keptIn(l: string, lemmaSet: Has, senseSet: Has): boolean {
  if (lemmaSet.has(l)) return true;
  for (const k of sensesOf(l)) if (senseSet.has(k)) return true;
  return false;
}
