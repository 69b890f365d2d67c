// Short reasons attached to sentence scores. Heuristic tells come from the design notes; model
// reasons are named after the family that pushed the sentence up.
import { ngramHashes } from './features.ts';
import { AI_WORDS, CASUAL_PHRASES, CASUAL_WORDS, FUNCTION_WORDS, STOCK_PHRASES, TRANSITIONS } from './lexicon.ts';
import type { Detector } from './model.ts';
import { hasChatbotArtifact, isWord, letterRuns, tokenize, tokenOffsets } from './text.ts';

const NOMINAL_RE = /(?:tion|sion|ment|ness|ity|ance|ence)s?$/;

// Whether any stock phrase occurs, in one pass (all of them are case-insensitive and none refers back to a group).
const ANY_STOCK_PHRASE = new RegExp(STOCK_PHRASES.map((re) => `(?:${re.source})`).join('|'), 'i');

export const FAMILY_REASONS: Record<string, string> = {
  ngram: 'AI-typical wording',
  skeleton: 'AI-typical sentence pattern',
  lmratio: 'predictable phrasing',
};

const WORD_RE = /[A-Za-z]+(?:'[A-Za-z]+)*/g;

/**
 * Casual markers in a sentence (two or more are the pile-up a model told to "sound human" produces), with curly
 * apostrophes read as straight ones, as the features read them after normalisation ("y’know").
 */
function casualMarkers(sentence: string, words: readonly string[]): number {
  const s = sentence.includes('\u2019') ? sentence.replace(/\u2019/g, "'") : sentence;
  let n = (s.match(CASUAL_PHRASES) ?? []).length;
  for (const w of s === sentence ? words : (s.match(WORD_RE) ?? [])) if (CASUAL_WORDS.has(w.toLowerCase())) n++;
  return n;
}

export function heuristicReasons(sentence: string, ctx: { uniform: boolean; meanLen: number }): string[] {
  const out: string[] = [];
  if (hasChatbotArtifact(sentence)) out.push('chatbot phrase');
  if (ANY_STOCK_PHRASE.test(sentence)) out.push('stock phrase');
  const words = sentence.match(WORD_RE) ?? [];
  // One pass over the words: the AI-favoured ones (each once, in order) and the nominalisations.
  let hits: string[] | null = null;
  let nom = 0;
  for (const w of words) {
    const low = w.toLowerCase();
    if (AI_WORDS.has(low)) {
      hits ??= [];
      if (!hits.includes(low)) hits.push(low);
    }
    if (low.length > 6 && NOMINAL_RE.test(low)) nom++;
  }
  if (words.length > 0) {
    const f1 = words[0]!.toLowerCase();
    const f2 = words.length > 1 ? f1 + ' ' + words[1]!.toLowerCase() : f1;
    const f3 = words.length > 2 ? f2 + ' ' + words[2]!.toLowerCase() : f2;
    if (TRANSITIONS.has(f1) || TRANSITIONS.has(f2) || TRANSITIONS.has(f3)) out.push('formal transition opener');
  }
  if (hits) out.push(`AI-favoured word${hits.length > 1 ? 's' : ''}: ${hits.slice(0, 3).join(', ')}`);
  if (/—|\s--\s/.test(sentence)) out.push('em dash');
  if (/\bnot only\b.*\bbut (?:also)?\b/i.test(sentence)) out.push('not only … but also');
  if (/\b\w+(?: \w+)?, \w+(?: \w+)?,? and \w+/.test(sentence)) out.push('list of three');
  // ", highlighting ..." after a main clause; an opener like "Ultimately, embracing" does not count.
  const trail = /, (?!during\b|nothing\b|something\b|anything\b|everything\b)[a-z]+ing\b/.exec(sentence);
  if (trail && letterRuns(sentence.slice(0, trail.index)) >= 4) out.push('trailing -ing clause');
  if (nom >= 3) out.push('dense nominalisation');
  if (casualMarkers(sentence, words) >= 2) out.push('piled-up slang');
  if (ctx.uniform && words.length > 0 && Math.abs(words.length - ctx.meanLen) <= 0.25 * ctx.meanLen)
    out.push('uniform sentence length');
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Which words of a sentence raised its score, and whether a sentence has enough named evidence to be called
// machine-written (issue 57, docs/decisions/0058).

/** A word of the sentence counts towards a wording cue from this n-gram weight up (the families' logit scale). */
export const CUE_WORD_AT = 2.5;
/** A run of such words is named as a cue from this summed weight up. */
export const CUE_PHRASE_AT = 5;
/** At most this many phrases are named in a reason. */
const MAX_CUES = 3;

/**
 * The phrases of a normalised sentence that weigh most towards machine-written in the n-gram family, strongest
 * first: each word's share of the word, word-pair and character n-gram weights that cover it, then the runs of
 * words with a clear share. A run made only of function words ("to the") or AI-favoured words (named by their
 * own reason), or of capitalised words inside the sentence (a name), is not named.
 */
export function wordingCues(det: Detector, sentNorm: string): string[] {
  const tokens = tokenize(sentNorm);
  if (tokens.length === 0) return [];
  const lr = det.ngram;
  const w = lr.w;
  const keep = lr.keep;
  const shift = 32 - lr.keepBits;
  const mask = w.length - 1;
  // SparseLR.kept, inlined: this runs for every highlighted sentence of every detection.
  const weight = (h: number): number => {
    const bit = h >>> shift;
    return ((keep[bit >>> 3]! >>> (bit & 7)) & 1) === 1 ? w[h & mask]! : 0;
  };
  const at = tokenOffsets(sentNorm, tokens);
  // The hash buffers are shared with the document pass, which is over by the time sentences are reviewed.
  const h = ngramHashes(sentNorm, tokens, true);
  const share = new Float64Array(tokens.length);
  // Character n-grams: the one at padded position p with k + 1 characters covers sentNorm[p - 1, p + k); it goes
  // to the word under its middle character (none for a space or a punctuation mark).
  const owner = new Int32Array(sentNorm.length).fill(-1);
  for (let i = 0; i < tokens.length; i++) {
    if (!isWord(tokens[i]!)) continue;
    share[i] = weight(h.word[2 * i]!);
    owner.fill(i, at[i], at[i]! + tokens[i]!.length);
  }
  for (let i = 1; i < tokens.length; i++) {
    const b = weight(h.word[2 * i + 1]!) / 2;
    share[i]! += b;
    share[i - 1]! += b;
  }
  const len = h.s.length;
  for (let p = 0; p + 3 <= len; p++)
    for (let k = 2; k <= 4 && p + k < len; k++) {
      const mid = p - 1 + ((k + 1) >> 1);
      const i = mid >= 0 && mid < owner.length ? owner[mid]! : -1;
      if (i >= 0) share[i]! += weight(h.char[3 * p + k - 2]!);
    }
  const runs: { text: string; sum: number }[] = [];
  for (let i = 0; i < tokens.length;) {
    if (!isWord(tokens[i]!) || share[i]! < CUE_WORD_AT) {
      i++;
      continue;
    }
    let j = i;
    let sum = 0;
    let content = false;
    let name = i > 0;
    while (j < tokens.length && isWord(tokens[j]!) && share[j]! >= CUE_WORD_AT) {
      sum += share[j]!;
      const low = tokens[j]!.toLowerCase();
      // An AI-favoured word has its own reason: a run of those alone would count the same word twice.
      if (!FUNCTION_WORDS.has(low) && !AI_WORDS.has(low)) content = true;
      if (!/^[A-Z]/.test(tokens[j]!)) name = false;
      j++;
    }
    // A capitalised run inside the sentence is a name ("Brightline Solutions"): the writer's, not wording.
    if (content && !name && sum >= CUE_PHRASE_AT) {
      const last = j - 1;
      runs.push({ text: sentNorm.slice(at[i], at[last]! + tokens[last]!.length), sum });
    }
    i = j;
  }
  return runs
    .sort((a, b) => b.sum - a.sum)
    .slice(0, MAX_CUES)
    .map((r) => r.text);
}

/** The reason naming the wording cues of a sentence, or null when there are none. */
export function wordingReason(cues: readonly string[]): string | null {
  return cues.length === 0 ? null : `AI-typical wording: ${cues.map((c) => `“${c}”`).join(', ')}`;
}

/** Reasons that are a model family's name alone: they say that the figures rose, not what in the sentence did. */
const UNNAMED = new Set(Object.values(FAMILY_REASONS));
/** Reasons about the text around the sentence rather than the sentence itself. */
const CONTEXT = new Set(['uniform sentence length']);
/** Tells strong enough to count twice: a chatbot's own phrase, a stock phrase. */
const STRONG = new Set(['chatbot phrase', 'stock phrase']);

/**
 * The named evidence of a sentence from its reasons: each wording phrase and each heuristic tell counts one, a
 * chatbot or stock phrase two; a family's bare name and the text-wide uniform length count nothing.
 */
export function evidenceOf(reasons: readonly string[], wordingCueCount: number): number {
  let n = wordingCueCount;
  for (const r of reasons) {
    if (UNNAMED.has(r) || CONTEXT.has(r) || r.startsWith('AI-typical wording:')) continue;
    if (STRONG.has(r)) n += 2;
    else if (r.startsWith('AI-favoured words:')) n += Math.min(2, r.split(',').length);
    else n += 1;
  }
  return n;
}
