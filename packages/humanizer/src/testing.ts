/**
 * Test doubles for the model path, kept out of the public entry point: fakes for faults (timeouts, errors,
 * garbage, refusals) and the recorded provider, which answers with real rewrites by real models from the
 * development corpus. Import from `@plainspoken/humanizer/testing` in tests and benchmarks only.
 */
export { startFakeOllama } from './model/fake-ollama.ts';
export type { FakeOllama, FakeOllamaOptions, FakeChatMode } from './model/fake-ollama.ts';
export { startFakeProvider } from './model/fake-provider.ts';
export type { FakeProvider, FakeMode } from './model/fake-provider.ts';
export { startRecordedProvider } from './model/recorded/provider.ts';
export type { RecordedProvider, RecordedOptions } from './model/recorded/provider.ts';
export { loadPairs, pairSubset, PAIR_KINDS, type Pair, type PairKind } from './model/recorded/pairs.ts';
export { plantDrift, DRIFT_KINDS, type DriftKind } from './model/recorded/drift.ts';
