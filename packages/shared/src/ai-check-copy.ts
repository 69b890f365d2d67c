/**
 * What the AI check says about a text: the verdict's title and the line under it, and how sure the check is for
 * short texts and emails (issue 57, decision 0058). Every figure a line names is the composition the page shows
 * beside it, so the wording cannot disagree with the highlighted sentences.
 */

/** The AI check's verdicts: the detector's three, and "hard to judge" for a kind of text it cannot tell apart. */
export const AI_CHECK_VERDICTS = ['ai', 'mixed', 'human', 'unclear'] as const;
export type AiCheckVerdict = (typeof AI_CHECK_VERDICTS)[number];

/** Shares of the scored words, whole percents summing to 100 (AiCheckOutput.composition). */
export interface CheckComposition {
  ai: number;
  mixed: number;
  human: number;
}

/** The verdict titles, as the AI check page, the extension and the API docs say them. */
export const AI_CHECK_TITLES: Record<AiCheckVerdict, string> = {
  ai: 'Reads as machine-written',
  mixed: 'Mixed: part of it reads as machine-written',
  human: 'Reads as human-written',
  unclear: 'Hard to judge',
};

/** Why a text is hard to judge, as the detector's textReliability() gives it (null: the usual figures hold). */
export type CheckCautionReason = 'too_short' | 'short_text' | 'email_like' | null;

/** A kind's figures measured on held-out texts (the detector's KindFigures). */
export interface CheckKindFigures {
  humans: number;
  humansFlagged: number;
  ai: number;
  aiFlagged: number;
}

const pct = (n: number, d: number) => `${Math.round((100 * n) / Math.max(1, d))}%`;

/**
 * How sure the check is for this text, in one or two sentences, or null when the usual figures hold (80 words or
 * more, not an email or letter the check cannot tell apart). `short` is a text under 80 words; `emailLike` one
 * with a greeting or sign-off line; `measured`, the figures for its kind where the detector has them.
 */
export function aiCheckCaution(r: {
  reason: CheckCautionReason;
  short: boolean;
  emailLike: boolean;
  measured: CheckKindFigures | null;
}): string | null {
  const guide = 'so read the score as a rough guide, not a finding';
  if (r.reason === 'email_like' || (r.reason && r.emailLike))
    return r.short
      ? `Short emails are hard to judge: people write them in the same set phrases models use, ${guide}.`
      : `Emails and letters are hard to judge: people write them in the same set phrases models use, ${guide}.`;
  if (r.reason) return `Short texts are hard to judge: under 80 words there is little to go on, ${guide}.`;
  if (!r.short) return null;
  const m = r.measured;
  if (m && m.humans > 0 && m.ai > 0)
    return `Under 80 words there is less to go on. On short texts we tested, our estimate flagged ${pct(m.humansFlagged, m.humans)} of those people wrote and ${pct(m.aiFlagged, m.ai)} of those models wrote.`;
  return 'Under 80 words there is less to go on than usual, so the score is less sure than for a longer text.';
}

/**
 * The line under the verdict. It names the shares the composition bar shows (flagged, some signs, human) so
 * that what it says and what is highlighted agree; for "hard to judge" it is the caution itself.
 */
export function aiCheckVerdictDetail(
  verdict: AiCheckVerdict,
  c: CheckComposition,
  caution: string | null = null,
): string {
  const start = 'The highlighted sentences are the place to start.';
  switch (verdict) {
    case 'unclear': {
      const lead = caution ?? 'This kind of text is hard to judge.';
      if (c.ai > 0) return `${lead} ${c.ai}% of it reads as machine-written, too little to call for a text like this.`;
      if (c.mixed > 0)
        return `${lead} No sentence reads as machine-written; ${c.mixed}% shows some machine-like signs.`;
      return `${lead} No sentence stands out as machine-written.`;
    }
    case 'ai':
      if (c.ai === 0)
        return `No one sentence reads as machine-written on its own, but taken together the text has the patterns our estimate links to AI writing; ${c.mixed}% of it shows some machine-like signs.`;
      if (c.human === 0)
        return c.mixed === 0
          ? `All of it reads as machine-written by our estimate. ${start}`
          : `None of it reads as human-written by our estimate: ${c.ai}% reads as machine-written and ${c.mixed}% shows some machine-like signs. ${start}`;
      return `Most of this text has the patterns our estimate links to AI writing: ${c.ai}% reads as machine-written, ${c.mixed}% shows some signs and ${c.human}% reads as human-written. ${start}`;
    case 'mixed':
      return `By our estimate ${c.ai}% of it reads as machine-written and ${c.human}% as human-written${c.mixed > 0 ? `, with ${c.mixed}% showing some signs` : ''}. The highlighted sentences show which.`;
    case 'human':
      if (c.ai + c.mixed === 0) return 'Little in this text stands out as machine-written by our estimate.';
      if (c.ai === 0)
        return `Taken as a whole it reads as human-written by our estimate; ${c.mixed}% of it shows some machine-like signs, no sentence reads as machine-written. The highlighted sentences show where.`;
      return `Taken as a whole it reads as human-written by our estimate, though ${c.ai}% of it reads as machine-written and ${c.mixed}% shows some signs. The highlighted sentences show where.`;
  }
}
