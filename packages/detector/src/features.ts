// Feature extractors for the four families. Training and run time call exactly these functions.
import { AI_WORDS, FUNCTION_WORDS, STOCK_PHRASES, TRANSITIONS } from './lexicon.ts';
import { hashString, isWord, mix, splitSentences, tokenize } from './text.ts';

/** Hashed n-gram counts as parallel arrays: distinct keys and their counts. */
export interface Counts { k: Uint32Array; v: Float32Array }

const SEED_WORD = 0x1234567;
const SEED_CHAR = 0x2345678;
const SEED_SKEL = 0x3456789;

// One growing scratch buffer: scoring runs in hot loops, and per-call Maps cost more in GC than in work.
let scratch = new Uint32Array(1 << 15);
function ensure(n: number): void {
  if (scratch.length < n) scratch = new Uint32Array(Math.max(n, scratch.length * 2));
}

// Open-addressing table for counting distinct hashes in one pass (cheaper than sorting the scratch buffer).
let tKeys = new Uint32Array(1 << 12);
let tVals = new Float32Array(1 << 12);
let tUsed = new Uint8Array(1 << 12);
let tOrder = new Uint32Array(1 << 12);

/** Distinct hashes among scratch[0..n) and how often each occurs (in first-seen order). */
function countsOf(n: number): Counts {
  let size = 1 << 6;
  while (size < n * 2) size <<= 1;
  if (tKeys.length < size) { tKeys = new Uint32Array(size); tVals = new Float32Array(size); tUsed = new Uint8Array(size); }
  if (tOrder.length < n) tOrder = new Uint32Array(size);
  const order = tOrder;
  const keys = tKeys, vals = tVals, used = tUsed;
  const mask = size - 1;
  let distinct = 0;
  for (let i = 0; i < n; i++) {
    const h = scratch[i]!;
    let slot = h & mask;
    while (used[slot] === 1 && keys[slot] !== h) slot = (slot + 1) & mask;
    if (used[slot] === 1) vals[slot]! += 1;
    else { used[slot] = 1; keys[slot] = h; vals[slot] = 1; order[distinct++] = slot; }
  }
  const k = new Uint32Array(distinct);
  const v = new Float32Array(distinct);
  for (let j = 0; j < distinct; j++) {
    const slot = order[j]!;
    k[j] = keys[slot]!;
    v[j] = vals[slot]!;
    used[slot] = 0;
  }
  return { k, v };
}

/** Combines two 32-bit hashes (order matters). */
export function pair(a: number, b: number): number {
  return mix((Math.imul(a, 0x9e3779b1) ^ b) >>> 0);
}

function lowerWord(tok: string): string {
  const c = tok.charCodeAt(0);
  if (c >= 48 && c <= 57) return '0';
  return tok.toLowerCase();
}

/** Word 1-2-grams and character 3-5-grams, hashed. */
export function ngramCounts(norm: string, tokens: string[]): Counts {
  // Lower case and digits folded: capitalisation habits are left to the skeleton family.
  const s = ' ' + norm.toLowerCase().replace(/\d/g, '0') + ' ';
  const len = s.length;
  ensure(tokens.length * 2 + len * 3 + 8);
  let n = 0;
  let prev = hashString('<s>', SEED_WORD);
  for (const t of tokens) {
    const w = hashString(lowerWord(t), SEED_WORD);
    scratch[n++] = w;
    scratch[n++] = pair(prev, w);
    prev = w;
  }
  for (let i = 0; i + 3 <= len; i++) {
    let h = SEED_CHAR;
    for (let k = 0; k < 5 && i + k < len; k++) {
      h ^= s.charCodeAt(i + k);
      h = Math.imul(h, 0x01000193);
      if (k >= 2) scratch[n++] = mix(h ^ k);
    }
  }
  return countsOf(n);
}

const SUFFIXES: [string, string][] = [
  ['ing', 'G'], ['tion', 'N'], ['sion', 'N'], ['ment', 'M'], ['ness', 'S'], ['ity', 'Y'], ['ly', 'L'], ['ed', 'D'],
  ['ous', 'O'], ['ive', 'V'], ['able', 'A'], ['ible', 'A'], ['al', 'l'], ['ful', 'F'], ['ic', 'C'], ['er', 'R'],
  ['est', 'E'], ['s', 's'],
];

/** Closed-class words and punctuation stay; open-class words become shape classes. */
export function skeletonToken(tok: string): string {
  if (!isWord(tok)) {
    const c = tok.charCodeAt(0);
    return c >= 48 && c <= 57 ? '#' : tok;
  }
  const low = tok.toLowerCase();
  if (FUNCTION_WORDS.has(low)) return low;
  let shape = 'w';
  if (tok.length > 1 && tok === tok.toUpperCase()) shape = 'U';
  else if (tok.charCodeAt(0) <= 90) shape = 'C';
  let suf = '_';
  for (const [sf, code] of SUFFIXES) {
    if (low.length > sf.length + 2 && low.endsWith(sf)) { suf = code; break; }
  }
  const len = low.length <= 4 ? 1 : low.length <= 7 ? 2 : 3;
  return shape + suf + len + (low.includes("'") ? "'" : '');
}

/** Skeleton token of every token (closed-class words, punctuation and shape classes). */
export function skeletonTokens(tokens: string[]): string[] {
  return tokens.map(skeletonToken);
}

export function skeletonCounts(skel: string[]): Counts {
  const len = skel.length;
  const sk = new Uint32Array(len);
  for (let i = 0; i < len; i++) sk[i] = hashString(skel[i]!, SEED_SKEL);
  ensure(len * 4 + 8);
  let n = 0;
  for (let i = 0; i < len; i++) {
    let h = sk[i]!;
    scratch[n++] = h;
    for (let k = 1; k < 4 && i + k < len; k++) {
      h = pair(h, sk[i + k]!);
      scratch[n++] = h;
    }
  }
  return countsOf(n);
}

/** Tokens for the word language models. */
export function lmTokens(tokens: string[]): string[] {
  return tokens.map(lowerWord);
}

const STOCK_GLOBAL = STOCK_PHRASES.map((re) => new RegExp(re.source, 'gi'));

export const STYLO_NAMES = [
  'log_sent_len', 'sent_len_cv', 'log_sent_len_sd', 'short_sent', 'long_sent', 'adjacent_len_change',
  'word_len', 'word_len_sd', 'long_words', 'mattr', 'comma', 'semicolon', 'colon', 'dash', 'parens', 'question',
  'exclaim', 'quote', 'contraction', 'hyphenated', 'first_sing', 'first_plur', 'second', 'function_rate',
  'ai_words', 'stock_phrases', 'transition_openers', 'nominalisation', 'mid_caps', 'digits', 'and_but_openers',
  'repeat_openers', 'triads', 'participle_trailers', 'third_pronoun',
] as const;

function mattr(words: string[], win = 50): number {
  if (words.length === 0) return 0;
  if (words.length <= win) return new Set(words).size / words.length;
  const counts = new Map<string, number>();
  let distinct = 0;
  let sum = 0;
  let nwin = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const c = counts.get(w) ?? 0;
    if (c === 0) distinct++;
    counts.set(w, c + 1);
    if (i >= win) {
      const old = words[i - win]!;
      const oc = counts.get(old)!;
      if (oc === 1) distinct--;
      counts.set(old, oc - 1);
    }
    if (i >= win - 1) { sum += distinct / win; nwin++; }
  }
  return sum / nwin;
}

export interface SentenceInfo { words: number; firstWord: string; firstTwo: string }

/** Dense stylometric features of a whole text (normalised prose). */
export function stylometric(norm: string, tokens: string[]): number[] {
  const sents = splitSentences(norm);
  const lens: number[] = [];
  const openers: string[] = [];
  let transitionOpen = 0;
  let andBut = 0;
  for (const s of sents) {
    const toks = tokenize(s.text).filter(isWord);
    if (toks.length === 0) continue;
    lens.push(toks.length);
    const f = toks[0]!.toLowerCase();
    const f2 = toks.length > 1 ? f + ' ' + toks[1]!.toLowerCase() : f;
    const f3 = toks.length > 2 ? f2 + ' ' + toks[2]!.toLowerCase() : f2;
    openers.push(f);
    if (TRANSITIONS.has(f) || TRANSITIONS.has(f2) || TRANSITIONS.has(f3)) transitionOpen++;
    if (f === 'and' || f === 'but' || f === 'so' || f === 'or') andBut++;
  }
  const ns = Math.max(1, lens.length);
  const meanLen = lens.reduce((a, b) => a + b, 0) / ns;
  const sd = Math.sqrt(lens.reduce((a, b) => a + (b - meanLen) ** 2, 0) / ns);
  let adj = 0;
  for (let i = 1; i < lens.length; i++) adj += Math.abs(lens[i]! - lens[i - 1]!);
  adj = lens.length > 1 ? adj / (lens.length - 1) / Math.max(1, meanLen) : 0;
  let repeat = 0;
  for (let i = 1; i < openers.length; i++) if (openers[i] === openers[i - 1]) repeat++;

  const words: string[] = [];
  let wl = 0;
  let wl2 = 0;
  let longW = 0;
  let fn = 0;
  let ai = 0;
  let nom = 0;
  let midCaps = 0;
  let contr = 0;
  let p1s = 0;
  let p1p = 0;
  let p2 = 0;
  let p3 = 0;
  let prevPunct = true;
  const punct = { ',': 0, ';': 0, ':': 0, '—': 0, '(': 0, '?': 0, '!': 0, '"': 0, '-': 0 } as Record<string, number>;
  let digits = 0;
  for (const t of tokens) {
    if (isWord(t)) {
      const low = t.toLowerCase();
      words.push(low);
      wl += low.length;
      wl2 += low.length * low.length;
      if (low.length >= 8) longW++;
      if (FUNCTION_WORDS.has(low)) fn++;
      if (AI_WORDS.has(low)) ai++;
      if (/(?:tion|sion|ment|ness|ity|ance|ence)s?$/.test(low) && low.length > 6) nom++;
      if (!prevPunct && t.charCodeAt(0) <= 90 && low !== 'i' && low !== 'name') midCaps++;
      if (low.includes("'")) contr++;
      if (low === 'i' || low === 'me' || low === 'my' || low === 'mine' || low.startsWith("i'")) p1s++;
      else if (low === 'we' || low === 'us' || low === 'our' || low === 'ours' || low.startsWith("we'")) p1p++;
      else if (low === 'you' || low === 'your' || low === 'yours' || low.startsWith("you'")) p2++;
      else if (low === 'he' || low === 'she' || low === 'they' || low === 'him' || low === 'her' || low === 'them' || low === 'their' || low === 'his') p3++;
      prevPunct = false;
    } else {
      const c = t.charCodeAt(0);
      if (c >= 48 && c <= 57) digits++;
      else if (t in punct) punct[t]!++;
      prevPunct = t === '.' || t === '!' || t === '?' || t === '"' || t === ':';
    }
  }
  const nw = Math.max(1, words.length);
  const per100 = (x: number): number => Math.log1p((100 * x) / nw);
  const wMean = wl / nw;
  const wSd = Math.sqrt(Math.max(0, wl2 / nw - wMean * wMean));
  let stock = 0;
  for (const re of STOCK_GLOBAL) stock += (norm.match(re) ?? []).length;
  const triads = (norm.match(/\b\w+(?: \w+)?, \w+(?: \w+)?,? and \w+/g) ?? []).length;
  const trailers = (norm.match(/, \w+ing\b/g) ?? []).length;
  const hyph = (norm.match(/[a-z]-[a-z]/gi) ?? []).length;
  return [
    Math.log(Math.max(1, meanLen)),
    meanLen > 0 ? sd / meanLen : 0,
    Math.log1p(sd),
    lens.filter((l) => l <= 7).length / ns,
    lens.filter((l) => l >= 30).length / ns,
    adj,
    wMean,
    wSd,
    longW / nw,
    mattr(words),
    per100(punct[',']!),
    per100(punct[';']!),
    per100(punct[':']!),
    per100(punct['—']! + punct['-']!),
    per100(punct['(']!),
    per100(punct['?']!),
    per100(punct['!']!),
    per100(punct['"']!),
    per100(contr),
    per100(hyph),
    per100(p1s),
    per100(p1p),
    per100(p2),
    fn / nw,
    per100(ai),
    per100(stock),
    transitionOpen / ns,
    per100(nom),
    per100(midCaps),
    per100(digits),
    andBut / ns,
    openers.length > 1 ? repeat / (openers.length - 1) : 0,
    per100(triads),
    per100(trailers),
    per100(p3),
  ];
}
