import type { HumanizeOutput } from '@plainspoken/shared';

/**
 * "Humanize again" keeps the better of the two results on screen (both are saved in History): the new one
 * unless the one on screen, a rewrite of the same text not edited since, scores lower. The kept result
 * carries the new balance and a note saying what happened.
 */
export function keepBetter(
  shown: { output: HumanizeOutput; original: string; edited?: boolean } | null,
  next: HumanizeOutput,
  submitted: string,
): { output: HumanizeOutput; keptPrevious: boolean } {
  const comparable =
    shown !== null &&
    !shown.edited &&
    shown.original === submitted &&
    shown.output.score_after !== null &&
    next.score_after !== null;
  if (!comparable || (next.score_after as number) <= (shown.output.score_after as number))
    return { output: next, keptPrevious: false };
  const note = `Humanize again wrote a version that reads as more machine-written (AI score ${next.score_after}% against ${shown.output.score_after}%), so the better one stays on screen. Both are in your History.`;
  return {
    output: {
      ...shown.output,
      remaining_balance: next.remaining_balance,
      notes: [...(shown.output.notes ?? []).filter((n) => !n.startsWith('Humanize again wrote')), note],
    },
    keptPrevious: true,
  };
}
