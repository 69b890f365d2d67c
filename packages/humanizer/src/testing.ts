/**
 * Test doubles for the model path, kept out of the public entry point: fakes for faults (timeouts, errors,
 * garbage, refusals) and the recorded provider, which answers with real rewrites by real models from the
 * development corpus. Import from `@plainspoken/humanizer/testing` in tests and benchmarks only.
 */
export { startFakeOllama } from './model/fake-ollama.ts';
export type { FakeOllama, FakeOllamaOptions, FakeChatMode } from './model/fake-ollama.ts';
export { startFakeProvider } from './model/fake-provider.ts';
export { startScriptedProvider } from './model/scripted-provider.ts';
export type { FakeProvider, FakeMode } from './model/fake-provider.ts';
export { startRecordedProvider } from './model/recorded/provider.ts';
export type { RecordedProvider, RecordedOptions } from './model/recorded/provider.ts';
export { loadPairs, pairSubset, PAIR_KINDS, type Pair, type PairKind } from './model/recorded/pairs.ts';
export { plantDrift, DRIFT_KINDS, type DriftKind } from './model/recorded/drift.ts';

import type { HumanizeResult } from './types.ts';

/**
 * The model's rewrite of a result, delivered or not: the result's text when the model wrote it, the offered
 * alternative when it did not score lower than the light edit (decision 0059), else null (no model rewrite).
 */
export function modelRewrite(r: Pick<HumanizeResult, 'engine' | 'text' | 'alternative'>): string | null {
  return modelPart(r)?.text ?? null;
}

/** The model's rewrite with its repairs, delivered or offered as the alternative; null when there is none. */
export function modelPart(
  r: Pick<HumanizeResult, 'engine' | 'text' | 'alternative'> &
    Partial<Pick<HumanizeResult, 'repairedSentences' | 'repairNote' | 'repairs' | 'model'>>,
): Pick<HumanizeResult, 'text' | 'repairedSentences' | 'repairNote' | 'repairs' | 'model'> | null {
  if (r.engine === 'model')
    return {
      text: r.text,
      repairedSentences: r.repairedSentences ?? 0,
      repairNote: r.repairNote,
      repairs: r.repairs,
      model: r.model,
    };
  const a = r.alternative;
  if (!a) return null;
  return {
    text: a.text,
    repairedSentences: a.repairedSentences,
    repairNote: a.repairNote,
    repairs: a.repairs,
    model: a.model,
  };
}
