import type { LanguageGuess } from './language.ts';
import type { RepairCounts } from './model/sentence-repair.ts';
import type { PutBack, SecondReading } from './meaning-report.ts';

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
  /**
   * The optional second opinion: at most this many extra calls per rewrite asking the provider whether
   * sentences the checks could not vouch for state a fact differently (it may only reject). 0 or unset: off.
   */
  secondOpinionCalls?: number;
}

export interface ProgressEvent {
  stage: 'detect' | 'rewrite' | 'candidates' | 'round' | 'checks' | 'done';
  round?: number;
  bestScore?: number;
}

export const TONES = ['neutral', 'casual', 'professional', 'academic', 'persuasive'] as const;
export type Tone = (typeof TONES)[number];
export const READING_LEVELS = ['simple', 'standard', 'advanced'] as const;
export type ReadingLevel = (typeof READING_LEVELS)[number];
/** How the rewrite should sound. The model gets both in its prompt; the local clean-up honours what it can. */
export interface WritingOptions {
  tone: Tone;
  readingLevel: ReadingLevel;
}

/**
 * Aim Deep at one outside detector: its scores of the faithful candidates choose the result (lowest wins,
 * ties by our own detector). Lightning and the local clean-up ignore it.
 */
export interface AimOptions {
  /** The detector's name as shown (e.g. 'GPTZero'). */
  name: string;
  /** The most texts this rewrite may have scored: candidates first, then the final text if the rounds changed it. */
  calls: number;
  /** The detector's 0-100 score of a text, or null when it gave none (a rejection counts as null). */
  score(text: string): Promise<number | null>;
}

/** What aiming did: the aimed detector's score of the returned text (null: it gave none, see `reason`). */
export interface AimResult {
  name: string;
  score: number | null;
  /** Texts sent to the detector for this rewrite (each distinct text once). */
  calls: number;
  reason?: string;
}

export interface HumanizeOptions {
  mode: Mode;
  /** Deep with a model only: choose among the faithful candidates by this detector's score. */
  aim?: AimOptions;
  writing?: WritingOptions;
  /** Frozen phrases: every occurrence is kept verbatim (protected like names and numbers) in every path. */
  keep?: string[];
  secondPass?: boolean;
  /** The result a second pass must differ from ('Humanize again'): the caller's previous rewrite of this text. */
  avoidText?: string;
  seed?: number;
  llm?: LlmConfig | null;
  /**
   * A model would write this rewrite were one reachable now (a provider seen up that has gone away): a local
   * result is then a fallback, with the reason 'unavailable' when no `llm` was given.
   */
  modelExpected?: boolean;
  /**
   * The text's language as the caller already found it (a server that refuses other languages before it
   * charges); found here when absent, so each rewrite reads the language once.
   */
  language?: LanguageGuess;
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
export type FallbackReason =
  | 'unreachable'
  | 'rate-limited'
  | 'provider-error'
  | 'timeout'
  | 'malformed'
  | 'meaning-changed'
  | 'checks-failed'
  /** The model's rewrite changed a phrase the user asked to keep as written. */
  | 'frozen-phrase'
  | 'repeated'
  | 'aborted'
  /** No model was connected, though one was expected (`modelExpected`). */
  | 'unavailable';

export type Outcome = 'model' | 'light-edit' | 'light-edit-fallback' | 'unchanged';

/**
 * A model rewrite that was made and passed the checks but not delivered: it did not score lower than the
 * light edit of the same text (or than the text, when the light edit changed nothing). Offered to look at
 * and copy, never charged (decision 0059).
 */
export interface ModelAlternative {
  /** The model's (repaired) rewrite. */
  text: string;
  /** Its detector score, 0-100. */
  score: number;
  /** The delivered result's score: the light edit's, or the text's own when it is returned unchanged. */
  deliveredScore: number;
  /** What was delivered instead: the light edit, or the text as written (the light edit did not lower it). */
  delivered: 'light-edit' | 'unchanged';
  /** Why it was not delivered: it scored higher than, or the same as, what was delivered. */
  reason: 'scored-higher' | 'scored-same';
  /** The model that wrote it. */
  model?: string;
  /** Sentences of it the faithfulness check fixed, and what the repairs were (as on a delivered rewrite). */
  repairedSentences: number;
  repairNote?: string;
  repairs?: RepairCounts;
  /** The sentences put back as the user wrote them, why, and the rule that found each. */
  putBack?: PutBack[];
}

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
  /** The model that wrote the result (model engine only). */
  model?: string;
  /** Prompt and completion tokens across every call of this rewrite (model tried), 0 otherwise. */
  tokensIn: number;
  tokensOut: number;
  /** Model answers received and checked (0 when no model was tried). */
  candidates: number;
  /** Deep model results of a rewrite aimed at an outside detector (`HumanizeOptions.aim`); absent otherwise. */
  aim?: AimResult;
  /**
   * Why a model that was given or expected did not write the result, as a short category. Present exactly
   * when the result is a fallback (it makes a light edit 'light-edit-fallback'); absent otherwise.
   */
  fallbackReason?: FallbackReason;
  /** The model's best-scoring answer changed the meaning and was set aside by the faithfulness guard. */
  guardRejected: boolean;
  /**
   * One entry per model draft set aside by the checks, its reason: a faithfulness drift ('number', 'name',
   * 'negation', ...) or a structural one ('structure', 'protected-span', 'empty'). Absent when no model ran.
   */
  setAside?: string[];
  /**
   * Sentences of a model rewrite the faithfulness check fixed: put back as the user wrote them (a fact
   * changed) or removed (added by the model). 0 for a rewrite used whole and for local results.
   */
  repairedSentences: number;
  /** What the repairs were, for the user ("2 sentences kept as written: a number changed"). */
  repairNote?: string;
  /** The same repairs counted, for a note in the product's words. Absent when nothing was repaired. */
  repairs?: RepairCounts;
  /** The sentences put back as the user wrote them, why, and the rule that found each (for the meaning report). */
  putBack?: PutBack[];
  /** A delivered model rewrite: what the second opinion read of it (for the meaning report). */
  secondReading?: SecondReading;
  /** The detector scores the result lower than the input (true when the text has no score). */
  improved: boolean;
  /** Writing options the local clean-up applied (e.g. 'contractions', 'plainer connectives'); model results: []. */
  styleApplied: string[];
  sentencesAfter: SentenceAfter[];
  /**
   * A model rewrite made for this text but not delivered because it did not score lower than the light edit
   * (the result is then the light edit or the text, engine 'local'). Absent otherwise.
   */
  alternative?: ModelAlternative;
  tokensUsed: number;
  ms: number;
  checks: { spansKept: boolean; lengthRatio: number; contentRecall: number };
}
