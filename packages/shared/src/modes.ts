/**
 * Constants the browser reads without the validation schemas (schemas.ts builds zod schemas from them;
 * keeping them apart keeps zod out of the pages that only need the names).
 */
export const HUMANIZE_MODES = ['deep', 'lightning'] as const;
export type HumanizeMode = (typeof HUMANIZE_MODES)[number];

/**
 * A detector score: a whole number from 0 to 100, how machine-written the text reads by the product's own
 * estimate. At or above SCORE_FLAG_AT the text (or sentence) is flagged. The server only ever sends
 * integers in this range; the browser never rescales them.
 */
export type Score = number;
export const SCORE_FLAG_AT = 50;
