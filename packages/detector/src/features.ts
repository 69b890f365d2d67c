// Hashed n-gram and skeleton counts for the `ngram`, `skeleton` and `lmratio` families (the stylometric figures are
// in stylometry.ts). Training and run time call exactly these functions.
import { FUNCTION_WORDS } from './lexicon.ts';
import { hashString, isWord, mix } from './text.ts';

/** Hashed n-gram counts as parallel arrays: distinct keys and their counts. */
export interface Counts {
  k: Uint32Array;
  v: Float32Array;
}

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

/**
 * The last count: its distinct hashes and how often each occurs, in first-seen order, in k[0..n) and v[0..n).
 * Reused by every count, so read it before counting again.
 */
export const counted: { k: Uint32Array; v: Float32Array; n: number } = {
  k: new Uint32Array(1 << 12),
  v: new Float32Array(1 << 12),
  n: 0,
};

/** Counts the distinct hashes among scratch[0..n) into `counted`. */
function countScratch(n: number): void {
  let size = 1 << 6;
  while (size < n * 2) size <<= 1;
  if (tKeys.length < size) {
    tKeys = new Uint32Array(size);
    tVals = new Float32Array(size);
    tUsed = new Uint8Array(size);
  }
  if (tOrder.length < n) tOrder = new Uint32Array(size);
  const order = tOrder;
  const keys = tKeys,
    vals = tVals,
    used = tUsed;
  const mask = size - 1;
  let distinct = 0;
  for (let i = 0; i < n; i++) {
    const h = scratch[i]!;
    let slot = h & mask;
    while (used[slot] === 1 && keys[slot] !== h) slot = (slot + 1) & mask;
    if (used[slot] === 1) vals[slot]! += 1;
    else {
      used[slot] = 1;
      keys[slot] = h;
      vals[slot] = 1;
      order[distinct++] = slot;
    }
  }
  if (counted.k.length < distinct) {
    counted.k = new Uint32Array(size);
    counted.v = new Float32Array(size);
  }
  const k = counted.k;
  const v = counted.v;
  for (let j = 0; j < distinct; j++) {
    const slot = order[j]!;
    k[j] = keys[slot]!;
    v[j] = vals[slot]!;
    used[slot] = 0;
  }
  counted.n = distinct;
}

function countsOf(n: number): Counts {
  countScratch(n);
  return { k: counted.k.slice(0, counted.n), v: counted.v.slice(0, counted.n) };
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

const BOS_WORD = hashString('<s>', SEED_WORD);

/**
 * Every n-gram hash of a text by position, before counting. `word` holds two per token (the word, then the pair
 * with the word before it); `char` holds three per position of the padded lower-case string `s` (index 3i + k - 2
 * for the k + 1 characters from i; set only where i + k < s.length).
 */
export interface NgramHashes {
  word: Uint32Array;
  char: Uint32Array;
  s: string;
}

// Buffers kept between calls of ngramHashes and skeletonHashes with `reuse` (run-time scoring, one text at a time).
let keptWord = new Uint32Array(1 << 10);
let keptChar = new Uint32Array(1 << 14);
let keptSkel = new Uint32Array(1 << 12);

/** With `reuse`, the arrays are buffers shared by the next such call (and may be longer than needed). */
/** The padded string the character n-grams are read from: lower case and digits folded, a space on each side. */
export function ngramString(norm: string): string {
  // Capitalisation habits are left to the skeleton family.
  return ' ' + norm.toLowerCase().replace(/\d/g, '0') + ' ';
}

export function ngramHashes(norm: string, tokens: string[], reuse = false): NgramHashes {
  const s = ngramString(norm);
  const len = s.length;
  const nChar = 3 * Math.max(0, len - 2);
  if (reuse && keptWord.length < tokens.length * 2) keptWord = new Uint32Array(tokens.length * 4);
  if (reuse && keptChar.length < nChar) keptChar = new Uint32Array(nChar * 2);
  const word = reuse ? keptWord : new Uint32Array(tokens.length * 2);
  let prev = BOS_WORD;
  for (let i = 0; i < tokens.length; i++) {
    const w = hashString(lowerWord(tokens[i]!), SEED_WORD);
    word[2 * i] = w;
    word[2 * i + 1] = pair(prev, w);
    prev = w;
  }
  const char = reuse ? keptChar : new Uint32Array(nChar);
  for (let i = 0; i + 3 <= len; i++) {
    let h = SEED_CHAR;
    for (let k = 0; k < 5 && i + k < len; k++) {
      h ^= s.charCodeAt(i + k);
      h = Math.imul(h, 0x01000193);
      if (k >= 2) char[3 * i + k - 2] = mix(h ^ k);
    }
  }
  return { word, char, s };
}

/**
 * Counts of the n-grams of one stretch of a text: its tokens [a, b) and the m padded characters of `h.s` from p.
 * A stretch that starts a text pairs its first word with the start symbol, as ngramCounts does for a whole text.
 */
export function ngramCountsOf(h: NgramHashes, a: number, b: number, p: number, m: number): Counts {
  return countsOf(ngramScratch(h, a, b, p, m));
}

/** ngramCountsOf into `counted`, without allocating. */
export function countNgrams(h: NgramHashes, a: number, b: number, p: number, m: number): void {
  countScratch(ngramScratch(h, a, b, p, m));
}

function ngramScratch(h: NgramHashes, a: number, b: number, p: number, m: number): number {
  ensure((b - a) * 2 + m * 3 + 8);
  let n = 0;
  for (let i = a; i < b; i++) {
    scratch[n++] = h.word[2 * i]!;
    scratch[n++] = i === a && a > 0 ? pair(BOS_WORD, h.word[2 * i]!) : h.word[2 * i + 1]!;
  }
  const c = h.char;
  for (let i = 0; i + 3 <= m; i++) {
    const o = 3 * (p + i);
    scratch[n++] = c[o]!;
    if (i + 3 < m) scratch[n++] = c[o + 1]!;
    if (i + 4 < m) scratch[n++] = c[o + 2]!;
  }
  return n;
}

/** Word 1-2-grams and character 3-5-grams, hashed. */
export function ngramCounts(norm: string, tokens: string[]): Counts {
  const h = ngramHashes(norm, tokens);
  return ngramCountsOf(h, 0, tokens.length, 0, h.s.length);
}

const SUFFIXES: [string, string][] = [
  ['ing', 'G'],
  ['tion', 'N'],
  ['sion', 'N'],
  ['ment', 'M'],
  ['ness', 'S'],
  ['ity', 'Y'],
  ['ly', 'L'],
  ['ed', 'D'],
  ['ous', 'O'],
  ['ive', 'V'],
  ['able', 'A'],
  ['ible', 'A'],
  ['al', 'l'],
  ['ful', 'F'],
  ['ic', 'C'],
  ['er', 'R'],
  ['est', 'E'],
  ['s', 's'],
];

/** Whether a word token (ASCII letters and apostrophes) has a lower-case letter: tok !== tok.toUpperCase(). */
function hasLower(tok: string): boolean {
  for (let i = 0; i < tok.length; i++) {
    const c = tok.charCodeAt(i);
    if (c >= 97 && c <= 122) return true;
  }
  return false;
}

/** Closed-class words and punctuation stay; open-class words become shape classes. */
export function skeletonToken(tok: string): string {
  if (!isWord(tok)) {
    const c = tok.charCodeAt(0);
    return c >= 48 && c <= 57 ? '#' : tok;
  }
  const low = tok.toLowerCase();
  if (FUNCTION_WORDS.has(low)) return low;
  let shape = 0;
  if (tok.length > 1 && !hasLower(tok)) shape = 1;
  else if (tok.charCodeAt(0) <= 90) shape = 2;
  let suf = 0;
  for (let i = 0; i < SUFFIXES.length; i++) {
    const sf = SUFFIXES[i]![0];
    if (low.length > sf.length + 2 && low.endsWith(sf)) {
      suf = i + 1;
      break;
    }
  }
  const len = low.length <= 4 ? 0 : low.length <= 7 ? 1 : 2;
  return SKELETON_SHAPES[((shape * (SUFFIXES.length + 1) + suf) * 3 + len) * 2 + (low.includes("'") ? 1 : 0)]!;
}

// Every shape class as one string made once: shape (w, U, C), suffix code or _, length class 1-3, apostrophe.
const SKELETON_SHAPES: string[] = [];
for (const shape of ['w', 'U', 'C']) {
  for (const suf of ['_', ...SUFFIXES.map(([, code]) => code)]) {
    for (const len of [1, 2, 3]) for (const ap of ['', "'"]) SKELETON_SHAPES.push(shape + suf + len + ap);
  }
}

/** Skeleton token of every token (closed-class words, punctuation and shape classes). */
export function skeletonTokens(tokens: string[]): string[] {
  return tokens.map(skeletonToken);
}

/**
 * Skeleton 1-4-gram hashes by position: index 4i + k for the k + 1 tokens from i (set only where i + k < length).
 * With `reuse`, the array is a buffer shared by the next such call.
 */
export function skeletonHashes(skel: string[], reuse = false): Uint32Array {
  const len = skel.length;
  if (reuse && keptSkel.length < len * 4) keptSkel = new Uint32Array(len * 8);
  const out = reuse ? keptSkel : new Uint32Array(len * 4);
  for (let i = 0; i < len; i++) out[4 * i] = hashString(skel[i]!, SEED_SKEL);
  for (let i = 0; i < len; i++) {
    let h = out[4 * i]!;
    for (let k = 1; k < 4 && i + k < len; k++) {
      h = pair(h, out[4 * (i + k)]!);
      out[4 * i + k] = h;
    }
  }
  return out;
}

/** Counts of the skeleton n-grams that lie within tokens [a, b). */
export function skeletonCountsOf(h: Uint32Array, a: number, b: number): Counts {
  return countsOf(skeletonScratch(h, a, b));
}

/** skeletonCountsOf into `counted`, without allocating. */
export function countSkeleton(h: Uint32Array, a: number, b: number): void {
  countScratch(skeletonScratch(h, a, b));
}

function skeletonScratch(h: Uint32Array, a: number, b: number): number {
  ensure((b - a) * 4 + 8);
  let n = 0;
  for (let i = a; i < b; i++) {
    for (let k = 0; k < 4 && i + k < b; k++) scratch[n++] = h[4 * i + k]!;
  }
  return n;
}

export function skeletonCounts(skel: string[]): Counts {
  return skeletonCountsOf(skeletonHashes(skel), 0, skel.length);
}

/** Tokens for the word language models. */
export function lmTokens(tokens: string[]): string[] {
  return tokens.map(lowerWord);
}
