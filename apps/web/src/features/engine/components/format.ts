/** Labels and number formats shared by the engine page's cards. */
import type { EngineOverview, HumanizeMode } from '@plainspoken/shared';
import { isApiError } from '@/lib/api';

export const MODE_LABEL: Record<HumanizeMode, string> = { deep: 'Deep Humanize', lightning: 'Lightning' };
export const KIND_LABEL: Record<EngineOverview['provider']['kind'], string> = {
  ollama: 'Ollama',
  'openai-compatible': 'OpenAI-compatible service',
  none: 'None (local clean-up only)',
};

/** Why the checks set a model draft aside, in the operator's words (unknown codes are shown as they are). */
export const SET_ASIDE_LABEL: Record<string, string> = {
  number: 'a number changed',
  name: 'a name changed',
  negation: 'a "not" added or dropped',
  antonym: 'a word turned into its opposite',
  quote: 'a quotation changed',
  link: 'a link changed',
  invented: 'added claims',
  dropped: 'dropped sentences',
  unrelated: 'unrelated to the text',
  length: 'length far off',
  structure: 'paragraphs or markdown changed',
  'protected-span': 'a protected span lost or changed',
  'frozen-phrase': 'a frozen phrase changed',
  empty: 'empty answer',
  'needed-repair': 'a round needed repairs',
};

export const int = (n: number | null | undefined): string => (n == null ? '–' : Math.round(n).toLocaleString('en-US'));
export const ms = (n: number | null | undefined): string =>
  n == null ? '–' : n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${Math.round(n).toLocaleString('en-US')} ms`;

/** Latencies that sit side by side share one unit: seconds when any of them reaches 10 s, else milliseconds. */
export function latencyFormat(values: (number | null | undefined)[]): (n: number | null | undefined) => string {
  const seconds = values.some((v) => v != null && v >= 10_000);
  return (n) =>
    n == null ? '–' : seconds ? `${(n / 1000).toFixed(1)} s` : `${Math.round(n).toLocaleString('en-US')} ms`;
}
export const usd = (n: number | null | undefined, digits = 4): string => (n == null ? '–' : `$${n.toFixed(digits)}`);
export const bytes = (n: number): string =>
  n >= 1e9 ? `${(n / 1e9).toFixed(1)} GB` : n >= 1e6 ? `${(n / 1e6).toFixed(0)} MB` : `${Math.round(n / 1e3)} KB`;

export function ago(iso: string | null): string {
  if (!iso) return 'never';
  const s = Math.max(0, Math.round((Date.now() - new Date(iso).getTime()) / 1000));
  if (s < 5) return 'just now';
  if (s < 90) return `${s} s ago`;
  return `${Math.round(s / 60)} min ago`;
}

export function errorText(e: unknown): string {
  return isApiError(e) ? e.message : 'Something went wrong. Try again.';
}
