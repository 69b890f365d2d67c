// Short reasons attached to sentence scores. Heuristic tells come from the design notes; model
// reasons are named after the family that pushed the sentence up.
import { AI_WORDS, STOCK_PHRASES, TRANSITIONS } from './lexicon.ts';
import { hasChatbotArtifact } from './text.ts';

export const FAMILY_REASONS: Record<string, string> = {
  ngram: 'AI-typical wording',
  skeleton: 'AI-typical sentence pattern',
  lmratio: 'predictable phrasing',
};

export function heuristicReasons(sentence: string, ctx: { uniform: boolean; meanLen: number }): string[] {
  const out: string[] = [];
  if (hasChatbotArtifact(sentence)) out.push('chatbot phrase');
  if (STOCK_PHRASES.some((re) => re.test(sentence))) out.push('stock phrase');
  const words = sentence.match(/[A-Za-z]+(?:'[A-Za-z]+)*/g) ?? [];
  const lower = words.map((w) => w.toLowerCase());
  const first = lower.slice(0, 3);
  if (first.length > 0 && (TRANSITIONS.has(first[0]!) || TRANSITIONS.has(first.slice(0, 2).join(' ')) || TRANSITIONS.has(first.join(' ')))) {
    out.push('formal transition opener');
  }
  const hits = [...new Set(lower.filter((w) => AI_WORDS.has(w)))];
  if (hits.length > 0) out.push(`AI-favoured word${hits.length > 1 ? 's' : ''}: ${hits.slice(0, 3).join(', ')}`);
  if (/—|\s--\s/.test(sentence)) out.push('em dash');
  if (/\bnot only\b.*\bbut (?:also)?\b/i.test(sentence)) out.push('not only … but also');
  if (/\b\w+(?: \w+)?, \w+(?: \w+)?,? and \w+/.test(sentence)) out.push('list of three');
  // ", highlighting ..." after a main clause; an opener like "Ultimately, embracing" does not count.
  const trail = /, (?!during\b|nothing\b|something\b|anything\b|everything\b)[a-z]+ing\b/.exec(sentence);
  if (trail && (sentence.slice(0, trail.index).match(/[A-Za-z]+/g) ?? []).length >= 4) out.push('trailing -ing clause');
  const nom = lower.filter((w) => w.length > 6 && /(?:tion|sion|ment|ness|ity|ance|ence)s?$/.test(w)).length;
  if (nom >= 3) out.push('dense nominalisation');
  if (ctx.uniform && words.length > 0 && Math.abs(words.length - ctx.meanLen) <= 0.25 * ctx.meanLen) out.push('uniform sentence length');
  return out;
}
