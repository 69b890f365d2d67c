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
/** The meaning report of a result: one line for the user, each fact checked, and the sentences put back. */
export interface MeaningCheck {
  summary: string;
  facts: MeaningFact[];
  /** Sentences put back as the user wrote them (empty when none was, and for a light edit). */
  putBack: PutBackSentence[];
  /** The ids of the meaning check's rules that fired, each once. */
  rules: string[];
}
