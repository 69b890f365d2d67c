import { AI_CHECK, limitsFor, MSG, type DocVerdict, type LimitsInfo, type Tier } from '@plainspoken/shared';
import { isApiError } from '@/lib/api';

/** An error shown inline under the box; `signIn` offers the auth dialog (a visitor over the limit). */
export interface CheckProblem {
  message: string;
  signIn?: boolean;
}

function tierName(tier: Tier): string {
  return tier === 'FREE' ? 'Free' : tier;
}

/** The most words the caller may check at once: the anonymous limit signed out, the plan's cap (at least that) signed in. */
export function checkWordLimit(signedIn: boolean, limits: LimitsInfo | undefined): number {
  if (!signedIn) return AI_CHECK.anonymousWords;
  const cap = limits?.requestLimit ?? limitsFor(limits?.subscriptionTier ?? 'FREE').requestCap;
  return Math.max(cap, AI_CHECK.anonymousWords);
}

export function overLimitProblem(signedIn: boolean, limit: number, tier: Tier): CheckProblem {
  return signedIn
    ? { message: MSG.aiCheckLimitExceeded(limit, tierName(tier)) }
    : { message: MSG.aiCheckAnonymousLimit(limit), signIn: true };
}

/** The fast check before a request: empty does nothing, too short or too long says so. */
export function precheck(opts: { words: number; limit: number; signedIn: boolean; tier: Tier }): CheckProblem | null {
  if (opts.words < AI_CHECK.minWords) return { message: MSG.aiCheckMinWords };
  if (opts.words > opts.limit) return overLimitProblem(opts.signedIn, opts.limit, opts.tier);
  return null;
}

/** A failed check in words for the user: the server's own sentence where it sent one. */
export function checkErrorProblem(err: unknown, ctx: { signedIn: boolean; limit: number; tier: Tier }): CheckProblem {
  if (!isApiError(err)) return { message: MSG.aiCheckFailed };
  const own = err.message.trim();
  switch (err.code) {
    case 'MIN_WORDS':
      return { message: own || MSG.aiCheckMinWords };
    case 'WORD_LIMIT_EXCEEDED': {
      const fallback = overLimitProblem(ctx.signedIn, ctx.limit, ctx.tier);
      return { ...fallback, message: own || fallback.message };
    }
    case 'RATE_LIMITED':
      return { message: own || MSG.aiCheckWait(Math.max(1, Math.ceil(err.retryAfter ?? 3))) };
    case 'UNSUPPORTED_LANGUAGE':
      return { message: own || MSG.aiCheckFailed };
    default:
      return { message: own || MSG.aiCheckFailed };
  }
}

export type Verdict = 'high' | 'mid' | 'low';

export const verdictText: Record<Verdict, { title: string; detail: string }> = {
  high: {
    title: 'Reads as machine-written',
    detail:
      'Much of this text has the patterns our estimate links to AI writing. The highlighted sentences are the place to start.',
  },
  mid: {
    title: 'Some machine-like signs',
    detail: 'Parts of this text read as AI-written by our estimate. Look at the highlighted sentences.',
  },
  low: {
    title: 'Reads as human-written',
    detail: 'Little in this text stands out as machine-written by our estimate.',
  },
};

/** The document verdict (AI, mixed, human) as the result card shows it, with the tone of its colour. */
export const docVerdictText: Record<DocVerdict, { title: string; detail: string; tone: Verdict }> = {
  ai: {
    title: 'Reads as machine-written',
    detail:
      'Most of this text has the patterns our estimate links to AI writing. The highlighted sentences are the place to start.',
    tone: 'high',
  },
  mixed: {
    title: 'Mixed: part of it reads as machine-written',
    detail:
      'Some parts read as AI-written by our estimate and others as human-written. The highlighted sentences show which.',
    tone: 'mid',
  },
  human: {
    title: 'Reads as human-written',
    detail: 'Little in this text stands out as machine-written by our estimate.',
    tone: 'low',
  },
};

/** From this share of the words (in sentences with machine-like signs) a human verdict says so. */
export const HUMAN_WITH_SIGNS = 50;

/**
 * The line under the verdict. A text the estimate calls human-written as a whole, though most of its words are in
 * sentences with machine-like signs (the composition bar shows them), says that, not "little stands out".
 */
export function verdictDetail(verdict: DocVerdict, composition: { ai: number; mixed: number; human: number }): string {
  const signs = composition.ai + composition.mixed;
  if (verdict === 'human' && signs >= HUMAN_WITH_SIGNS)
    return `Taken as a whole it reads as human-written by our estimate, but ${signs}% of it shows machine-like signs. The highlighted sentences show where.`;
  return docVerdictText[verdict].detail;
}
