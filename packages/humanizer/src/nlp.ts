import { createRequire } from 'node:module';
import { SENTINEL_RE } from './protect.ts';

/**
 * wink-nlp is loaded lazily (about 130 ms) and only for the finite-verb check that structural edits need;
 * Lightning never pays for it.
 */
interface WinkDoc {
  tokens(): { out(f: unknown): string[] };
}
interface Wink {
  readDoc(s: string): WinkDoc;
  its: { pos: unknown };
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

const AUX = /\b(?:is|are|was|were|am|be|been|has|have|had|do|does|did|can|could|will|would|should|may|might|must|shall)\b|n't\b|'(?:s|re|ll|ve|d|m)\b/i;
const cache = new Map<string, boolean>();

export function hasFiniteVerb(sentence: string): boolean {
  const s = sentence.replace(SENTINEL_RE, 'Sam');
  if (AUX.test(s)) return true;
  const hit = cache.get(s);
  if (hit !== undefined) return hit;
  const w = load();
  const pos = w.readDoc(s).tokens().out(w.its.pos);
  const ok = pos.includes('VERB') || pos.includes('AUX');
  if (cache.size > 5000) cache.clear();
  cache.set(s, ok);
  return ok;
}
