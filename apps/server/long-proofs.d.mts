/** The proofs that take minutes, relative to apps/server (long-proofs.mjs). */
export declare const LONG_PROOFS: readonly string[];
