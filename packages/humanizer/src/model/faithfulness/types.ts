/**
 * The shapes the faithfulness check works with: what it reports (`Faithfulness`, one `SentenceFailure` per
 * failing sentence) and what a rule is (`Rule`: an id, the drift it reports, a one-line why and its exceptions).
 */
export type Drift =
  | 'number'
  | 'name'
  | 'negation'
  | 'antonym'
  | 'certainty'
  | 'added'
  | 'quote'
  | 'link'
  | 'invented'
  | 'disputed'
  | 'dropped'
  | 'unrelated'
  | 'length';

/** Drift a reader would object to in the sentence where it happens; repaired sentence by sentence. */
export const SENTENCE_DRIFTS: readonly Drift[] = [
  'number',
  'name',
  'negation',
  'antonym',
  'certainty',
  'added',
  'quote',
  'link',
  'invented',
  'disputed',
];

/**
 * Drift repaired where the repair has room, but never the verdict on a whole answer: how surely a claim is
 * stated, and an added claim, are read from a few words, so a rewrite is not set aside for them.
 */
export const SOFT_DRIFTS: readonly Drift[] = ['certainty', 'added'];

export interface Sentence {
  text: string;
  start: number;
  end: number;
  paragraph: number;
}

export interface SentenceFailure {
  drift: Drift;
  detail: string;
  /** Index of the answer sentence at fault (-1 when the fault is a lost original sentence). */
  answer: number;
  /** Indexes of the original sentences aligned with it. */
  original: number[];
  /** The id of the rule that found it (absent for failures added outside the check, such as a second opinion). */
  rule?: string;
}

export interface Faithfulness {
  ok: boolean;
  /** The first failure's kind and detail (the whole answer's verdict). */
  drift?: Drift;
  detail?: string;
  /** The id of the rule behind the verdict, when it is not ok. */
  rule?: string;
  /** Share of the original's content lemmas kept in the answer (synonyms count). */
  recall: number;
  /** Share of the original's content in sentences the answer does not cover. */
  droppedShare: number;
  /** Share of the original's content in the longest run of sentences the answer does not align with. */
  gapShare: number;
  /** Share of the original's content after the last sentence the answer aligns with. */
  tailShare: number;
  /** Answer words / original words. */
  lengthRatio: number;
  failures: SentenceFailure[];
  /** Original sentences no answer sentence covers. */
  dropped: number[];
  /** Of those, the ones the answer as a whole does not cover either (not said loosely across other sentences). */
  missing: number[];
  /** Original sentences covered only thinly (part of what they say may be missing): put back when there is room. */
  thin: number[];
  /** Original sentences (with content) no answer sentence reaches closely: the gaps and a missing end. */
  unreached: number[];
  originalSentences: Sentence[];
  answerSentences: Sentence[];
  /** answer sentence index → aligned original sentence indexes. */
  alignment: number[][];
  /** answer sentence index → similarity with each original sentence (content lemmas shared, synonyms count). */
  similarity: number[][];
  /**
   * Answer sentences the checks let pass but cannot vouch for (the grey band): a "not" gained or lost with no
   * word to point at, inside a merge of several original sentences. An optional second opinion may reject them.
   */
  doubts: number[];
  /**
   * Answer sentences that state a claim in a word the text does not have in any form: a word with an opposite
   * ("a useful guide" where the text says "a guide"), which the checks cannot hold against anything. The second
   * opinion hears them after the doubts, while its budget lasts.
   */
  claims: number[];
}

/** Tolerances by mode, on the whole answer (the values are in `thresholds.ts`). */
export interface Tolerance {
  /** Answer words / original words. */
  minLength: number;
  maxLength: number;
  /** Share of the original's content after the last aligned sentence at which the end counts as dropped. */
  maxTail: number;
  /** The same, with each answer sentence reaching only the original sentence it is closest to. */
  maxClosestTail: number;
  /** The same for the longest unaligned run of sentences anywhere. */
  maxGap: number;
  /**
   * A much shorter answer (under `shortTailLength`) has left the end out from a smaller missing end
   * (`shortTail`): shorter and stopping early is how a model that runs out of room fails.
   */
  shortTail: number;
  shortTailLength: number;
  /** A much shorter answer (under `shortLength`) must keep at least `shortRecall` of the content. */
  shortLength: number;
  shortRecall: number;
  /** Content recall under this is an unrelated text. */
  minRecall: number;
}

/** A set as the checks read it: only whether it holds a key. */
export interface Has {
  has(key: string): boolean;
}

/** What a rule found: the detail shown to the user, and the drift when it differs from the rule's own. */
export interface Finding {
  detail: string;
  drift?: Drift;
}

/**
 * An exception to a rule, as data: a case where the rule's condition holds but the text is faithful. `words`
 * holds the word list it reads, where it reads one.
 */
export interface Exception {
  id: string;
  why: string;
  words?: readonly string[];
}

/**
 * A rule of the check: one kind of drift it reports and why that is a drift, the exceptions it makes, and the
 * check itself on what `C` gives it (an answer sentence, the whole text, or the whole verdict), finding `R`.
 */
export interface Rule<C, R = Finding | null> {
  id: string;
  drift: Drift;
  why: string;
  exceptions?: readonly Exception[];
  check: (c: C) => R;
}

/** What a rule over the whole text finds: placed on an answer sentence (-1: none) and the original sentences. */
export interface Located {
  detail: string;
  answer: number;
  original: number[];
  drift?: Drift;
}
