import type { AiCheckInput, AiCheckOutput } from '@plainspoken/shared';
import { api } from '@/config/paths';
import { apiFetch } from '@/lib/api';

/** Scores a text sentence by sentence; costs no words and works signed out (up to the anonymous limit). */
export function checkText(text: string): Promise<AiCheckOutput> {
  return apiFetch<AiCheckOutput>(api.aiCheck, { method: 'POST', body: { text } satisfies AiCheckInput });
}
