import type { CheckBalanceInput, LimitsInfo } from '@plainspoken/shared';
import { api } from '@/config/paths';
import { apiFetch } from '@/lib/api';

export function checkBalance(wordCount: number): Promise<LimitsInfo> {
  return apiFetch<LimitsInfo>(api.checkBalance, {
    method: 'POST',
    body: { word_count: wordCount } satisfies CheckBalanceInput,
  });
}
