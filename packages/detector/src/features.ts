// Feature extractors for the families (the casual family reads two of the stylometric figures). Training and run time call exactly these functions.
import { AI_WORDS, CASUAL_PHRASES, CASUAL_WORDS, FUNCTION_WORDS, STOCK_PHRASES, TRANSITIONS } from './lexicon.ts';
import { hashString, isWord, mix, splitSentences, tokenOffsets } from './text.ts';

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

const STOCK_GLOBAL = STOCK_PHRASES.map((re) => new RegExp(re.source, 'gi'));

/**
 * Function words whose rates make the text's profile (the most frequent in English prose first). Models of every
 * family lean on a few of them more than people do ("the", "and", "such", "while") and on others less ("i", "just",
 * "so"), whatever the topic.
 */
const PROFILE_WORDS = `the of and to a in that is was it for on with as be by this are at from or have has had but not
which can their they its these such also more will would there been were who what when so if all into than very just
about some only through our we i you he she his her them one may most both each while however because`.split(/\s+/);
const PROFILE_AT = new Map(PROFILE_WORDS.map((w, i) => [w, i]));
const SUBORDINATE = new Set(
  'when while although though if as because since after before once whether unless until'.split(' '),
);
const PREPOSITIONS = new Set(
  'in on at for with by from during through over under among across within without despite throughout'.split(' '),
);
const DETERMINERS = new Set('the a an this these that those its their our his her my your'.split(' '));
const PRONOUNS = new Set('i we you he she it they'.split(' '));

export const STYLO_NAMES = [
  'log_sent_len',
  'sent_len_cv',
  'log_sent_len_sd',
  'short_sent',
  'long_sent',
  'adjacent_len_change',
  'word_len',
  'word_len_sd',
  'long_words',
  'mattr',
  'comma',
  'semicolon',
  'colon',
  'dash',
  'parens',
  'question',
  'exclaim',
  'quote',
  'contraction',
  'hyphenated',
  'first_sing',
  'first_plur',
  'second',
  'function_rate',
  'ai_words',
  'stock_phrases',
  'transition_openers',
  'nominalisation',
  'mid_caps',
  'digits',
  'and_but_openers',
  'repeat_openers',
  'triads',
  'participle_trailers',
  'third_pronoun',
  'casual_markers',
  'casual_pileup',
  ...PROFILE_WORDS.map((w) => `fw_${w}`),
  'len_autocorr',
  'commas_per_sentence',
  'commas_spread',
  'open_subordinate',
  'open_preposition',
  'open_determiner',
  'open_pronoun',
  'open_ing_ly',
  'open_shape_repeat',
  'frame_repeat',
];

/**
 * Casual markers per 100 words above which they read as piled up rather than used (`casual_pileup`). Human
 * texts in every genre of the development corpus stay below it but for a handful of blogs and reviews; text
 * written to a "sound human" or child's-voice prompt is mostly far above it.
 */
export const CASUAL_PILEUP = 3;

const CASUAL_AT = STYLO_NAMES.indexOf('casual_markers');

/** The casual family's input: the two casual-marker figures of a stylometric vector. */
export function casualFigures(stylo: readonly number[]): number[] {
  return [stylo[CASUAL_AT]!, stylo[CASUAL_AT + 1]!];
}

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
    if (i >= win - 1) {
      sum += distinct / win;
      nwin++;
    }
  }
  return sum / nwin;
}

export interface SentenceInfo {
  words: number;
  firstWord: string;
  firstTwo: string;
}

/**
 * Dense stylometric features of a whole text (normalised prose). `starts` are the tokens' offsets (tokenOffsets);
 * a sentence's words are the tokens within its span, since spans start and end next to whitespace.
 */
export function stylometric(norm: string, tokens: string[], starts: Int32Array = tokenOffsets(norm, tokens)): number[] {
  const sents = splitSentences(norm);
  const lens: number[] = [];
  const openers: string[] = [];
  let transitionOpen = 0;
  let andBut = 0;
  let ti = 0;
  const first: string[] = [];
  const sentCommas: number[] = [];
  const openShapes: string[] = [];
  for (const s of sents) {
    while (ti < tokens.length && starts[ti]! < s.start) ti++;
    let nw = 0;
    let commas = 0;
    first.length = 0;
    for (; ti < tokens.length && starts[ti]! < s.end; ti++) {
      if (!isWord(tokens[ti]!)) {
        if (tokens[ti] === ',') commas++;
        continue;
      }
      if (nw < 3) first.push(tokens[ti]!);
      nw++;
    }
    if (nw === 0) continue;
    lens.push(nw);
    sentCommas.push(commas);
    let shape = '';
    for (let i = 0; i < first.length; i++) {
      const low = first[i]!.toLowerCase();
      shape += (i ? ' ' : '') + (i === 0 || FUNCTION_WORDS.has(low) ? low : 'W');
    }
    openShapes.push(shape);
    const f = first[0]!.toLowerCase();
    const f2 = nw > 1 ? f + ' ' + first[1]!.toLowerCase() : f;
    const f3 = nw > 2 ? f2 + ' ' + first[2]!.toLowerCase() : f2;
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
  let casual = 0;
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
      if (CASUAL_WORDS.has(low)) casual++;
      if (/(?:tion|sion|ment|ness|ity|ance|ence)s?$/.test(low) && low.length > 6) nom++;
      if (!prevPunct && t.charCodeAt(0) <= 90 && low !== 'i' && low !== 'name') midCaps++;
      if (low.includes("'")) contr++;
      if (low === 'i' || low === 'me' || low === 'my' || low === 'mine' || low.startsWith("i'")) p1s++;
      else if (low === 'we' || low === 'us' || low === 'our' || low === 'ours' || low.startsWith("we'")) p1p++;
      else if (low === 'you' || low === 'your' || low === 'yours' || low.startsWith("you'")) p2++;
      else if (
        low === 'he' ||
        low === 'she' ||
        low === 'they' ||
        low === 'him' ||
        low === 'her' ||
        low === 'them' ||
        low === 'their' ||
        low === 'his'
      )
        p3++;
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
  casual += (norm.match(CASUAL_PHRASES) ?? []).length;
  const casualRate = (100 * casual) / nw;
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
    per100(casual),
    Math.log1p(Math.max(0, casualRate - CASUAL_PILEUP)),
    ...profile(words, lens, sentCommas, openShapes),
  ];
}

/**
 * The figures that carry across model families (docs/decisions/0044): the function-word profile (square roots of
 * the rates), the rhythm of sentence lengths and commas, how sentences open, and how often the text repeats one
 * opening or one frame of function words around content slots ("the W of the W").
 */
function profile(words: string[], lens: number[], commas: number[], shapes: string[]): number[] {
  const nw = Math.max(1, words.length);
  const out = new Array<number>(PROFILE_WORDS.length).fill(0);
  // Each word as it stands in a frame: itself if a profile word, else one content slot.
  const slots = new Array<string>(words.length);
  for (let j = 0; j < words.length; j++) {
    const w = words[j]!;
    const i = PROFILE_AT.get(w);
    if (i !== undefined) out[i]!++;
    slots[j] = i !== undefined ? w : 'W';
  }
  for (let i = 0; i < out.length; i++) out[i] = Math.sqrt(out[i]! / nw);
  const n = lens.length;
  const mean = n ? lens.reduce((a, b) => a + b, 0) / n : 0;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    den += (lens[i]! - mean) ** 2;
    if (i > 0) num += (lens[i]! - mean) * (lens[i - 1]! - mean);
  }
  out.push(n > 2 && den > 0 ? num / den : 0);
  const cm = n ? commas.reduce((a, b) => a + b, 0) / n : 0;
  const csd = n ? Math.sqrt(commas.reduce((a, b) => a + (b - cm) ** 2, 0) / n) : 0;
  out.push(Math.log1p(cm), cm > 0 ? csd / cm : 0);
  let sub = 0;
  let prep = 0;
  let det = 0;
  let pro = 0;
  let ingly = 0;
  let repeat = 0;
  const seen = new Set<string>();
  for (const sh of shapes) {
    const sp = sh.indexOf(' ');
    const f = sp < 0 ? sh : sh.slice(0, sp);
    if (SUBORDINATE.has(f)) sub++;
    else if (PREPOSITIONS.has(f)) prep++;
    if (DETERMINERS.has(f)) det++;
    if (PRONOUNS.has(f)) pro++;
    if (f.endsWith('ing') || f.endsWith('ly')) ingly++;
    if (seen.has(sh)) repeat++;
    seen.add(sh);
  }
  const ns = Math.max(1, shapes.length);
  out.push(sub / ns, prep / ns, det / ns, pro / ns, ingly / ns, repeat / ns);
  const frames = new Map<string, number>();
  let total = 0;
  for (let i = 2; i < words.length; i++) {
    const a = slots[i - 2]!;
    const b = slots[i - 1]!;
    const c = slots[i]!;
    if (a === 'W' && b === 'W' && c === 'W') continue;
    const k = a + ' ' + b + ' ' + c;
    frames.set(k, (frames.get(k) ?? 0) + 1);
    total++;
  }
  let repeated = 0;
  for (const c of frames.values()) if (c > 1) repeated += c;
  out.push(total ? repeated / total : 0);
  return out;
}
