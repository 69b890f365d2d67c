/**
 * What a rewrite's result says and costs, from the engine's output: whether it scores lower than the user's
 * text (as the whole percents shown), the one-sentence summary, the notes, and the aimed detector's block.
 * Every claim here is checked against this result (decision 0051).
 */
import {
  ALTERNATIVE_MSG,
  AIM_MSG,
  OUTSIDE_DETECTOR_NAMES,
  meaningNote,
  repairedNote,
  resultSummary,
  styleShown,
  writingNote,
  type AimResult,
  type OutsideDetectorId,
  type StoredAlternative,
  type WritingOptions,
} from '@plainspoken/shared';
import type { EngineOutput } from '../../lib/engine/engine';

export interface Judged {
  /** Both scores exist (English text). */
  scored: boolean;
  before: number | null;
  after: number | null;
  /** The result scores lower than the text, in the whole percents the user sees (unscored: the engine's word). */
  lower: boolean;
}

export function judge(out: EngineOutput): Judged {
  const scored = out.scoreBefore !== null && out.scoreAfter !== null;
  const before = scored ? Math.round(out.scoreBefore!) : null;
  const after = scored ? Math.round(out.scoreAfter!) : null;
  return { scored, before, after, lower: scored ? after! < before! : out.improved !== false };
}

/**
 * Whether the result is free (decision 0051, after 0024): the text came back unchanged, a light edit was given
 * instead of the full rewrite a connected model was expected to write, or the result does not score lower
 * than the text — in every mode, with or without a model.
 */
export function isFree(text: string, out: EngineOutput, j: Judged): boolean {
  return out.text === text || (out.fallbackReason ?? null) !== null || !j.lower;
}

/** The summary and the notes a result shows (History keeps the same words). */
export function describeResult(
  text: string,
  out: EngineOutput,
  writing: WritingOptions,
  j: Judged,
): { summary: string; notes: string[] } {
  const model = out.engine === 'model';
  const unchanged = out.outcome === 'unchanged';
  const notes = [
    out.guardRejected ? meaningNote(model, unchanged) : null,
    // Empty, and left out, when the repairs put no sentence back and took none out.
    model && out.repairs ? repairedNote(out.repairs) : null,
    unchanged
      ? null
      : writingNote(writing, {
          fullRewrite: model,
          applied: out.styleApplied ?? [],
          ...(model ? { shown: styleShown(text, out.text, writing) } : { fullRewriteBelow: !!out.alternative }),
        }),
    // A model rewrite that did not score lower than what was delivered: said, with both scores (decision 0059).
    out.alternative ? ALTERNATIVE_MSG.note(storedAlternative(out)!) : null,
  ].filter((n): n is string => !!n);
  const summary = resultSummary(out.outcome, j.scored, {
    fallbackReason: out.fallbackReason ?? null,
    improved: j.lower,
    before: j.before,
    after: j.after,
  });
  return { summary, notes };
}

/** The answer's `aim` block: the aimed detector's score of the rewrite, or why there is none. */
export function aimBlock(aimAt: OutsideDetectorId, out: EngineOutput, lastReason: string | null): AimResult {
  const name = OUTSIDE_DETECTOR_NAMES[aimAt];
  if (!out.aim) return { detector: aimAt, name, score: null, calls: 0, reason: AIM_MSG.notAimed };
  const score = out.aim.score === null ? null : Math.round(out.aim.score);
  return {
    detector: aimAt,
    name,
    score,
    calls: out.aim.calls,
    reason: score === null ? (lastReason ?? AIM_MSG.gaveNone(name)) : null,
  };
}

/** The model's rewrite not delivered (decision 0059), as the history entry keeps it; null when there is none. */
export function storedAlternative(out: EngineOutput): StoredAlternative | null {
  const a = out.alternative;
  if (!a) return null;
  const repairs = a.repairs ? repairedNote(a.repairs) : '';
  return {
    text: a.text,
    score: Math.round(a.score),
    delivered_score: Math.round(a.deliveredScore),
    delivered: a.delivered,
    model: a.model ?? null,
    repair_note: repairs || null,
  };
}
