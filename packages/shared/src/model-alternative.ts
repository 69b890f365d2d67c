/**
 * Never hand over worse (decision 0059): with a model connected, its rewrite is delivered only when it scores
 * lower than the light edit of the same text. Otherwise the light edit (or the text, when the light edit does
 * not lower the score) is delivered and the model's rewrite is offered beside it, to look at and copy, free.
 * The stored shape, the shape every answer carries, and the words, for browser and server alike.
 */
import type { MeaningCheck } from './meaning';
import type { Score } from './modes';

/** What was delivered instead of the model's rewrite. */
export const ALTERNATIVE_DELIVERED = ['light-edit', 'unchanged'] as const;
export type AlternativeDelivered = (typeof ALTERNATIVE_DELIVERED)[number];

/** The model's rewrite not used, as a history entry keeps it (the reason's words are made when read). */
export interface StoredAlternative {
  text: string;
  /** Its AI score (our detector), whole percent. */
  score: Score;
  /** The delivered result's score, whole percent: the light edit's, or the text's own when left unchanged. */
  delivered_score: Score;
  delivered: AlternativeDelivered;
  /** The model that wrote it, when known. */
  model: string | null;
  /** What the meaning check put back in it, in words (null when nothing). */
  repair_note: string | null;
}

/** The model's version as an answer carries it: what History keeps, the reason in words and its meaning report. */
export interface ModelVersion extends StoredAlternative {
  /** Why it was not used, in one sentence for the user. */
  reason: string;
  /** What of the text was checked in this version (read from the two texts, like the result's report). */
  meaning: MeaningCheck;
}

/** The model's version as a History card lists it: what the entry keeps and the reason (no meaning report). */
export type ModelVersionBrief = StoredAlternative & Pick<ModelVersion, 'reason'>;

/** The kept values with the reason in words. */
export function withReason(a: StoredAlternative): ModelVersionBrief {
  return { ...a, reason: ALTERNATIVE_MSG.reason(a) };
}

export const ALTERNATIVE_MSG = {
  title: "Model's version (not used)",
  copy: 'Copy',
  copied: "Copied the model's version",
  free: 'Free to look at and copy: it is not charged.',
  scoreLabel: (score: Score) => `AI score ${score}%`,
  /** The panel's reason and the result's note: the two scores and what was delivered. */
  reason: (a: Pick<StoredAlternative, 'score' | 'delivered_score' | 'delivered'>): string =>
    a.delivered === 'light-edit'
      ? `The model's rewrite scored ${a.score}%; the light edit scored ${a.delivered_score}%, so you got the light edit.`
      : `The model's rewrite scored ${a.score}%; your text scored ${a.delivered_score}% as it was and the light edit did not lower it, so we left your text as you wrote it.`,
  /** The note under the result: the reason, and where the model's version is. */
  note: (a: Pick<StoredAlternative, 'score' | 'delivered_score' | 'delivered'>): string =>
    `${ALTERNATIVE_MSG.reason(a)} The model's version is below, free to look at.`,
} as const;

/** Whether a stored value is an alternative this code can show (rows are JSON; anything else is ignored). */
export function isStoredAlternative(v: unknown): v is StoredAlternative {
  if (typeof v !== 'object' || v === null) return false;
  const a = v as Record<string, unknown>;
  return (
    typeof a.text === 'string' &&
    typeof a.score === 'number' &&
    typeof a.delivered_score === 'number' &&
    (ALTERNATIVE_DELIVERED as readonly unknown[]).includes(a.delivered)
  );
}
