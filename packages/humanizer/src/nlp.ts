import { createRequire } from 'node:module';
import { SENTINEL_RE } from './protect.ts';

/**
 * wink-nlp is loaded lazily (about 130 ms) on the first sentence that needs it: the finite-verb check of
 * structural edits, and the part-of-speech tags the word rules and the grammar guard read (subject number,
 * attributive or predicative adjective).
 */
interface WinkDoc {
  tokens(): { out(f?: unknown): string[] };
}
interface Wink {
  readDoc(s: string): WinkDoc;
  its: { pos: unknown; value: unknown; lemma: unknown };
}

let nlp: Wink | null = null;

function load(): Wink {
  if (nlp) return nlp;
  const require = createRequire(import.meta.url);
  const winkNLP = require('wink-nlp') as (model: unknown) => Wink;
  const model = require('wink-eng-lite-web-model') as unknown;
  nlp = winkNLP(model);
  return nlp;
}

const AUX =
  /\b(?:is|are|was|were|am|be|been|has|have|had|do|does|did|can|could|will|would|should|may|might|must|shall)\b|n't\b|'(?:s|re|ll|ve|d|m)\b/i;
const cache = new Map<string, boolean>();

export function hasFiniteVerb(sentence: string): boolean {
  const s = sentence.replace(SENTINEL_RE, 'Sam');
  if (AUX.test(s)) return true;
  const hit = cache.get(s);
  if (hit !== undefined) return hit;
  const w = load();
  const toks = w.readDoc(s).tokens();
  const pos = toks.out(w.its.pos);
  const words = toks.out(w.its.value);
  // A gerund or a "to" infinitive alone does not make a clause ("Ensuring accuracy as a goal.").
  const ok = pos.some((p, i) => {
    if (p === 'AUX') return true;
    if (p !== 'VERB') return false;
    const word = (words[i] ?? '').toLowerCase();
    const prev = (words[i - 1] ?? '').toLowerCase();
    return !word.endsWith('ing') && prev !== 'to';
  });
  if (cache.size > 5000) cache.clear();
  cache.set(s, ok);
  return ok;
}

/** A token of a tagged sentence: its text, universal POS tag, lemma and UTF-16 offset in the sentence. */
export interface Tok {
  text: string;
  pos: string;
  lemma: string;
  start: number;
}

const tagCache = new Map<string, Tok[]>();

/**
 * The sentence's tokens with wink-nlp's POS tags and lemmas. Protected-span placeholders are read as the
 * name "Sam" (one character each, so offsets stay those of the masked sentence). Cached per sentence.
 */
export function tagSentence(sentence: string): Tok[] {
  const hit = tagCache.get(sentence);
  if (hit) return hit;
  const s = sentence.replace(SENTINEL_RE, (m) => (m.length === 1 ? 'S' : 'Sam'.padEnd(m.length, 'm')));
  const w = load();
  const toks = w.readDoc(s).tokens();
  const values = toks.out(w.its.value);
  const pos = toks.out(w.its.pos);
  const lemma = toks.out(w.its.lemma);
  const out: Tok[] = [];
  let at = 0;
  values.forEach((v, i) => {
    const idx = s.indexOf(v, at);
    const start = idx < 0 ? at : idx;
    out.push({ text: sentence.slice(start, start + v.length), pos: pos[i] ?? 'X', lemma: lemma[i] ?? v, start });
    at = start + v.length;
  });
  if (tagCache.size > 5000) tagCache.clear();
  tagCache.set(sentence, out);
  return out;
}

/** Words that open a noun phrase before its noun ("the", "this", "their", "whose"). */
export const DETERMINERS = new Set([
  'the',
  'a',
  'an',
  'this',
  'that',
  'these',
  'those',
  'its',
  'their',
  'our',
  'his',
  'her',
  'my',
  'your',
  'whose',
  "'s",
]);
