import { createRequire } from 'node:module';
import { SENTINEL_RE } from './protect.ts';

/**
 * wink-nlp is loaded lazily (about 130 ms) and only for the finite-verb check that structural edits need;
 * Lightning never pays for it.
 */
interface WinkDoc {
  tokens(): { out(f?: unknown): string[] };
}
interface Wink {
  readDoc(s: string): WinkDoc;
  its: { pos: unknown; value: unknown };
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
