import {
  AI_CHECK,
  AI_CHECK_TITLES,
  aiCheckVerdictDetail,
  limitsFor,
  MSG,
  type AiCheckVerdict,
  type LimitsInfo,
  type Tier,
} from '@plainspoken/shared';
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

/** The verdict's title (shared with the extension and the API docs) and the tone of its colour. */
export const verdictTitle: Record<AiCheckVerdict, { title: string; tone: Verdict }> = {
  ai: { title: AI_CHECK_TITLES.ai, tone: 'high' },
  mixed: { title: AI_CHECK_TITLES.mixed, tone: 'mid' },
  human: { title: AI_CHECK_TITLES.human, tone: 'low' },
  unclear: { title: AI_CHECK_TITLES.unclear, tone: 'mid' },
};

/**
 * The line under the verdict: it names the shares the composition bar shows, so it agrees with the highlighted
 * sentences, and for a text that is hard to judge it says why (aiCheckVerdictDetail in the shared strings).
 */
export function verdictDetail(
  verdict: AiCheckVerdict,
  composition: { ai: number; mixed: number; human: number },
  caution: string | null = null,
): string {
  return aiCheckVerdictDetail(verdict, composition, caution);
}
