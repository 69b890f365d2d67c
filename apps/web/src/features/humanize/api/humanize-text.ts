import type { HumanizeInput, HumanizeOutput } from '@plainspoken/shared';
import { api } from '@/config/paths';
import { apiFetch } from '@/lib/api';

export function humanizeText(input: HumanizeInput): Promise<HumanizeOutput> {
  return apiFetch<HumanizeOutput>(api.humanizeText, {
    method: 'POST',
    body: { text: input.text, useSecondPrompt: input.useSecondPrompt ?? false, mode: input.mode },
  });
}
