import { MSG, type Tier } from '@plainspoken/shared';
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

/** The toast for a failed balance check. */
export function checkBalanceErrorToast(err: unknown, ctx: FlowContext): ToastMessage {
  return knownCodeToast(err, ctx) ?? { title: 'Error', description: MSG.balanceCheckFailed };
}

/** The toast for a failed rewrite. */
export function humanizeErrorToast(err: unknown, ctx: FlowContext): ToastMessage {
  const known = knownCodeToast(err, ctx);
  if (known) return known;
  const message = err instanceof Error && err.message.trim() ? err.message : MSG.humanizeFailed;
  return { title: 'Error', description: message };
}
