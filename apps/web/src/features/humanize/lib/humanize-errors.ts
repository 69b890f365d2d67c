import { MSG, type LimitsInfo, type Tier } from '@plainspoken/shared';
import { isApiError } from '@/lib/api';
import type { ToastMessage } from '@/lib/toast';

export interface FlowContext {
  wordCount: number;
  cap: number;
  tier: Tier;
  balance: number;
}

export function tierDisplayName(tier: Tier): string {
  return tier === 'FREE' ? 'Free' : tier;
}

export const minWordsToast: ToastMessage = { title: MSG.minWordsTitle, description: MSG.minWordsText };

export function pleaseWaitToast(retryAfter: number | undefined): ToastMessage {
  return { title: MSG.pleaseWaitTitle, description: MSG.pleaseWait(Math.max(1, Math.ceil(retryAfter ?? 3))) };
}

export function insufficientToast(ctx: FlowContext): ToastMessage {
  return { title: MSG.insufficientTitle, description: MSG.insufficient(ctx.wordCount, ctx.balance) };
}

export function limitExceededToast(ctx: FlowContext): ToastMessage {
  return { title: MSG.limitExceededTitle, description: MSG.limitExceeded(ctx.cap, tierDisplayName(ctx.tier)) };
}

/** Codes both server functions share; the rest differ per step. */
function knownCodeToast(err: unknown, ctx: FlowContext): ToastMessage | null {
  if (!isApiError(err)) return null;
  switch (err.code) {
    case 'RATE_LIMITED':
      return pleaseWaitToast(err.retryAfter);
    case 'INSUFFICIENT_BALANCE':
      return insufficientToast(ctx);
    case 'WORD_LIMIT_EXCEEDED':
      return limitExceededToast(ctx);
    case 'MIN_WORDS':
      return minWordsToast;
    default:
      return null;
  }
}

/**
 * The caller's limits a refused rewrite carries (400 over the cap, 402 over the balance: `details.limits`),
 * or null for any other failure.
 */
export function refusedLimits(err: unknown): LimitsInfo | null {
  if (!isApiError(err) || (err.code !== 'WORD_LIMIT_EXCEEDED' && err.code !== 'INSUFFICIENT_BALANCE')) return null;
  const limits: unknown = (err.details as { limits?: unknown } | null | undefined)?.limits;
  const ok =
    typeof limits === 'object' &&
    limits !== null &&
    typeof (limits as LimitsInfo).currentBalance === 'number' &&
    typeof (limits as LimitsInfo).requestLimit === 'number' &&
    typeof (limits as LimitsInfo).subscriptionTier === 'string';
  return ok ? (limits as LimitsInfo) : null;
}

/** The toasts' numbers for a word count under the given limits. */
export function flowContext(wordCount: number, limits: LimitsInfo): FlowContext {
  return { wordCount, cap: limits.requestLimit, tier: limits.subscriptionTier, balance: limits.currentBalance };
}

/** The toast for a failed rewrite. */
export function humanizeErrorToast(err: unknown, ctx: FlowContext): ToastMessage {
  const known = knownCodeToast(err, ctx);
  if (known) return known;
  const message = err instanceof Error && err.message.trim() ? err.message : MSG.humanizeFailed;
  return { title: 'Error', description: message };
}
