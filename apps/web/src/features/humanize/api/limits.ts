/**
 * The humanize flow's local deduction. The limits themselves are the subscription query's `select`
 * view (`@/lib/subscription`); the flow writes the balance check's numbers back into that cache.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LimitsInfo } from '@plainspoken/shared';
import { applyLimits } from '@/lib/subscription';

/** After a successful balance check the words are taken off the cached balance, never below 0. */
export function deductLocally(qc: QueryClient, userId: string, limits: LimitsInfo, words: number): void {
  applyLimits(qc, userId, { ...limits, currentBalance: Math.max(0, limits.currentBalance - words) });
}
