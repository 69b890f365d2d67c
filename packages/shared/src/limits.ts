/**
 * Limits and lists the schemas are built from, in a module without zod: a browser page that needs only
 * a limit (the humanizer's phrase counter) does not bring the schemas, and zod, with it. schemas.ts
 * re-exports them.
 */

export const MAX_TEXT_CHARS = 60_000;

/** Frozen phrases ('Keep as written'): each kept verbatim by every rewrite. */
export const KEEP_LIMITS = { phrases: 20, chars: 100 } as const;

export const DOC_VERDICTS = ['ai', 'mixed', 'human'] as const;
export type DocVerdict = (typeof DOC_VERDICTS)[number];
