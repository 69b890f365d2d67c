/**
 * The light edit's candidates for one sentence, for "Rewrite this sentence" without a model: the checked
 * variants Deep's variant stage builds (every rule pass and structural operator whose result passes the
 * sentence checks, the grammar guard and the capital check), with the frozen phrases kept. Scoring them is
 * the caller's: a candidate is offered only if the whole text scores lower with it in place.
 */
import { detect } from '../detector.ts';
import { unmask, withKept } from '../protect.ts';
import type { WritingOptions } from '../types.ts';
import { prepare } from './prepare.ts';
import { renderBlock } from './render.ts';
import { localStyleSupport } from './style.ts';
import { buildVariants } from './variants.ts';

export function sentenceCandidates(
  sentence: string,
  o: { seed: number; keep?: readonly string[]; writing?: WritingOptions },
): string[] {
  return withKept(o.keep, () => {
    const doc = prepare(sentence);
    // One paragraph of prose only: a heading, a list or a code line is not a sentence to rewrite.
    if (doc.blocks.length !== 1 || doc.prose.length !== 1) return [];
    const contractions = o.writing ? localStyleSupport(o.writing).contractions : false;
    buildVariants(doc, o.seed, undefined, contractions);
    const pb = doc.prose[0]!;
    const out = new Set<string>();
    pb.sents.forEach((s, si) => {
      if (s.fixed) return;
      s.variants.forEach((v, vi) => {
        if (vi === 0 || v.merge || v.text.length === 0) return;
        const text = unmask(renderBlock(pb, { si, vi }), doc.spans).trim();
        if (text && text !== sentence.trim()) out.add(text);
      });
    });
    return [...out];
  });
}

/**
 * The candidates that make the whole text score lower (in whole percents) with the sentence
 * `text.slice(start, end)` replaced, lowest first, at most `max`, with the text's score as it is.
 */
export function sentenceAlternativesLocal(
  text: string,
  range: { start: number; end: number },
  o: { seed: number; keep?: readonly string[]; writing?: WritingOptions; max: number },
): { original: number; alternatives: { text: string; score: number }[] } {
  const sentence = text.slice(range.start, range.end);
  const lead = sentence.match(/^\s*/)?.[0] ?? '';
  const trail = sentence.match(/\s*$/)?.[0] ?? '';
  const scoreWith = (s: string) =>
    Math.round(detect(text.slice(0, range.start) + lead + s + trail + text.slice(range.end)).score);
  const original = Math.round(detect(text).score);
  const alternatives = sentenceCandidates(sentence, o)
    .map((c) => ({ text: c, score: scoreWith(c) }))
    .filter((a) => a.score < original)
    .sort((a, b) => a.score - b.score)
    .slice(0, o.max);
  return { original, alternatives };
}
