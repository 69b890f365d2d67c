// The stylometric figures (the `stylometric`, `casual` and `stylotrees` families read them). Training and run
// time call exactly these functions.
import { AI_WORDS, CASUAL_PHRASES, CASUAL_WORDS, FUNCTION_WORDS, STOCK_PHRASES, TRANSITIONS } from './lexicon.ts';
import { isWord, splitSentences, tokenOffsets } from './text.ts';

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
