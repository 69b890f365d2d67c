// Short reasons attached to sentence scores. Heuristic tells come from the design notes; model
// reasons are named after the family that pushed the sentence up.
import { AI_WORDS, CASUAL_PHRASES, CASUAL_WORDS, STOCK_PHRASES, TRANSITIONS } from './lexicon.ts';
import { hasChatbotArtifact, letterRuns } from './text.ts';

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
