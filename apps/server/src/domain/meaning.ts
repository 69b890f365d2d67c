import { meaningReport } from '@plainspoken/humanizer/meaning';
import type { MeaningCheck } from '@plainspoken/shared';

/**
 * The meaning report of a result, read from the user's text and the result itself (so it is true for that result,
 * whatever wrote it, and History reads the same report again from the two texts it keeps).
 */
export function meaningOf(original: string, result: string): MeaningCheck {
  const r = meaningReport(original, result);
  return {
    summary: r.summary,
    facts: r.facts.map((f) => ({ kind: f.kind, text: f.text, original: f.original, kept: f.kept, result: f.result })),
  };
}
