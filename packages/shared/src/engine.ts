import { z } from './z';
import type { HumanizeMode } from './modes';

/** The operator's engine page (GET /api/admin/engine and friends). */
export interface EngineInstalledModel {
  name: string;
  size: number;
  parameterSize?: string;
  quantization?: string;
  family?: string;
}

export interface EngineModeStatus {
  model: string;
  /** Rewrites in this mode go to the model now. */
  active: boolean;
  /** Why not, when not. */
  reason: string | null;
  /** Extra calls per rewrite that ask the model whether the rewritten sentences keep the facts (0: none; decision 0066). */
  secondOpinionCalls: number;
}

export interface EngineProviderStatus {
  kind: 'ollama' | 'openai-compatible' | 'none';
  endpoint: string | null;
  healthy: boolean;
  seenUp: boolean;
  lastCheckAt: string | null;
  lastOkAt: string | null;
  lastError: string | null;
  checkMs: number | null;
  installed: EngineInstalledModel[];
  modes: Record<HumanizeMode, EngineModeStatus>;
  probeSeconds: number;
  recommendedModel: string;
}

export interface EngineModeStats {
  rewrites: number;
  modelRewrites: number;
  fallbacks: number;
  words: number;
  latencyP50Ms: number | null;
  latencyP95Ms: number | null;
  /** Tokens per 1,000 words rewritten (all rewrites of the window, fallbacks included). */
  tokensInPer1k: number | null;
  tokensOutPer1k: number | null;
  /** USD per 1,000 words processed (every rewrite's words) at the configured token prices. */
  costPer1k: number | null;
  /** Words charged for the window's results (free results charge none), from the history entries. */
  wordsCharged: number;
  /** The same model cost per 1,000 words charged: what a plan's price per word has to cover. */
  costPer1kCharged: number | null;
}

export interface EngineBucket {
  /** ISO start of the hour (24 h) or YYYY-MM-DD (30 days), UTC. */
  at: string;
  model: number;
  local: number;
  fallbacks: number;
  tokensIn: number;
  tokensOut: number;
  p95Ms: number | null;
}

export interface EngineWindow {
  label: '24h' | '30d';
  from: string;
  modes: Record<HumanizeMode, EngineModeStats>;
  all: EngineModeStats;
  fallbackReasons: { reason: string; count: number }[];
  /** Rewrites whose best-scoring model draft was set aside because it changed the meaning. */
  guardRejected: number;
  /** Model drafts set aside by the checks, by reason ('number', 'name', 'structure', ...), most first. */
  setAsideReasons: { reason: string; count: number }[];
  /** All model drafts set aside (the sum of setAsideReasons). */
  setAsideDrafts: number;
  series: EngineBucket[];
}

export interface EnginePlanMargin {
  tier: string;
  period: 'monthly' | 'yearly';
  /** Plan price per 1,000 words of its monthly allowance (USD). */
  pricePer1k: number;
  /** pricePer1k minus the model cost per 1,000 words charged over the last 30 days (null without charged words). */
  marginPer1k: number | null;
  marginPct: number | null;
}

export interface EnginePull {
  model: string;
  status: string;
  total: number | null;
  completed: number | null;
  state: 'running' | 'done' | 'failed' | 'cancelled';
  error: string | null;
  startedAt: string;
}

export interface EngineOverview {
  provider: EngineProviderStatus;
  prices: { inPerMillion: number; outPerMillion: number };
  windows: { day: EngineWindow; month: EngineWindow };
  plans: EnginePlanMargin[];
  pull: EnginePull | null;
  /** The outside AI detectors: configured or not, scans sent this UTC month, the operator's price per call. */
  outside?: EngineOutsideDetector[];
}

export interface EngineOutsideDetector {
  detector: string;
  name: string;
  configured: boolean;
  scansThisMonth: number;
  /** USD per call from OUTSIDE_DETECTOR_PRICES (null when not set). */
  costPerCall: number | null;
  monthCost: number | null;
}

export const enginePullInput = z.object({
  model: z
    .string()
    .trim()
    .min(1, 'model is required')
    .max(200)
    .regex(/^[\w.:/-]+$/, 'not a model name (letters, digits, . : / - _)'),
});
export const engineModelsInput = z.object({
  mode: z.enum(['deep', 'lightning']),
  /** null: back to the configured model. */
  model: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[\w.:/-]+$/, 'not a model name')
    .nullable(),
});

/** A fallback reason (engine_usage.fallback_reason) in words, for the engine page. */
export const FALLBACK_LABELS: Record<string, string> = {
  'meaning-changed': 'every draft changed the meaning',
  'checks-failed': 'drafts failed the structure checks',
  'frozen-phrase': 'the draft changed a kept phrase',
  repeated: 'the draft repeated the previous result',
  timeout: 'the model took too long',
  'rate-limited': 'the provider was rate-limiting',
  unreachable: 'the model could not be reached',
  unavailable: 'no model was connected',
  'provider-error': 'the provider answered with an error',
  malformed: 'the answer could not be used',
  aborted: 'the rewrite was stopped',
  unknown: 'reason not recorded',
};
export const fallbackLabel = (reason: string): string => FALLBACK_LABELS[reason] ?? reason.replace(/-/g, ' ');
