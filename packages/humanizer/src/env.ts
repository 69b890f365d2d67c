import type { LlmConfig } from './types.ts';

/** The command-line tools read the provider from the environment; the library itself never does. */
export function llmFromEnv(env: NodeJS.ProcessEnv = process.env): LlmConfig | null {
  const baseURL = env.HUMANIZER_LLM_BASE_URL?.trim();
  const model = env.HUMANIZER_LLM_MODEL?.trim();
  if (!baseURL || !model) return null;
  return {
    baseURL,
    model,
    apiKey: env.HUMANIZER_LLM_API_KEY?.trim() || undefined,
    modelDeep: env.HUMANIZER_LLM_MODEL_DEEP?.trim() || undefined,
    modelLightning: env.HUMANIZER_LLM_MODEL_LIGHTNING?.trim() || undefined,
  };
}
