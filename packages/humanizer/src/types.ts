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

export interface SentenceAfter {
  text: string;
  score: number;
  flagged: boolean;
}

export interface HumanizeResult {
  text: string;
  scoreBefore: number;
  scoreAfter: number;
  engine: 'model' | 'local';
  /** Why the engine is what it is when that is not the obvious choice (e.g. the provider failed). */
  engineNote?: string;
  sentencesAfter: SentenceAfter[];
  tokensUsed: number;
  ms: number;
  checks: { spansKept: boolean; lengthRatio: number; contentRecall: number };
}
