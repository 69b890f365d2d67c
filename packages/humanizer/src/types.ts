export type Mode = 'deep' | 'lightning';

export interface LlmConfig {
  baseURL: string;
  apiKey?: string;
  model: string;
  modelDeep?: string;
  modelLightning?: string;
  callTimeoutMs?: number;
  deadlineMs?: number;
  maxConcurrency?: number;
}

export interface ProgressEvent {
  stage: 'detect' | 'rewrite' | 'candidates' | 'round' | 'checks' | 'done';
  round?: number;
  bestScore?: number;
}

export interface HumanizeOptions {
  mode: Mode;
  secondPass?: boolean;
  /** The result a second pass must differ from ('Humanize again'): the caller's previous rewrite of this text. */
  avoidText?: string;
  seed?: number;
  llm?: LlmConfig | null;
  onProgress?: (e: ProgressEvent) => void;
  signal?: AbortSignal;
}

/** A sentence of the result by UTF-16 offsets into `HumanizeResult.text`, with its score and reasons. */
export interface SentenceAfter {
  start: number;
  end: number;
  score: number;
  flagged: boolean;
  reasons: string[];
}

/** What the rewrite did, for the user: a model rewrite, a light edit (by choice or as fallback), or nothing. */
export type Outcome = 'model' | 'light-edit' | 'light-edit-fallback' | 'unchanged';

export interface HumanizeResult {
  text: string;
  /** Integer 0-100; null when the text is not English (the detector reads English only). */
  scoreBefore: number | null;
  scoreAfter: number | null;
  engine: 'model' | 'local';
  outcome: Outcome;
  /** ISO 639-1 code of the input's language ('en' when English or undecided). */
  language: string;
  /** Operator-facing detail when the engine is not the obvious choice (e.g. the provider failed). */
  engineNote?: string;
  sentencesAfter: SentenceAfter[];
  tokensUsed: number;
  ms: number;
  checks: { spansKept: boolean; lengthRatio: number; contentRecall: number };
}
