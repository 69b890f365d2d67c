/**
 * The meaning report's shape, shared by the server that builds it and the pages that show it (decision 0055): the
 * facts of the user's text checked in the result, and the sentences put back as written (decision 0060).
 */
/** What of the text a result was checked for (the meaning report): the kinds of fact it lists. */
export const MEANING_FACT_KINDS = ['number', 'date', 'name', 'link', 'quotation', 'negation'] as const;
export type MeaningFactKind = (typeof MEANING_FACT_KINDS)[number];
/** One fact of the text: where it stands in the text and, when the result says it as written, in the result. */
export interface MeaningFact {
  kind: MeaningFactKind;
  text: string;
  /** [start, end) UTF-16 offsets in the text. */
  original: [number, number];
  kept: boolean;
  /** [start, end) in the result, or null when the result does not say it as written. */
  result: [number, number] | null;
}
/** A sentence of the user's text put back as written in a model rewrite, why, and the rule that found it. */
export interface PutBackSentence {
  sentence: string;
  why: string;
  rule: string | null;
}
/**
 * The model's second reading of a delivered model rewrite (decisions 0066, 0067): of the result's sentences the
 * model wrote, how many it compared with the user's and found the same.
 */
export interface SecondReading {
  heard: number;
  rewritten: number;
}
/** The meaning report of a result: one line for the user, each fact checked, and the sentences put back. */
export interface MeaningCheck {
  summary: string;
  facts: MeaningFact[];
  /** Sentences put back as the user wrote them (empty when none was, and for a light edit). */
  putBack: PutBackSentence[];
  /** The ids of the meaning check's rules that fired, each once. */
  rules: string[];
  /** The second reading, when the model gave one for a delivered model rewrite. */
  secondReading?: SecondReading;
}
