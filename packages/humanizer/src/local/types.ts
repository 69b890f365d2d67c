/**
 * The shapes every stage of the local clean-up shares. A document is split into blocks; each prose block
 * holds its sentences in masked form (protected spans replaced by placeholders), and each sentence keeps a
 * list of checked variants with the index of the one currently chosen. The stages fill in the variants,
 * pick among them and render the choices back into text; this module holds only the types, no logic.
 */
import type { Detection } from '../detector.ts';
import type { Span } from '../protect.ts';
import type { Block } from '../segment.ts';

export interface Sent {
  orig: string;
  gap: string;
  /** Checked variants, index 0 is always the original; `merge` variants swallow the next sentence. */
  variants: { text: string; merge: boolean }[];
  choice: number;
  /** Chosen by rule, not by the search (chatbot leftovers are always dropped). */
  fixed?: boolean;
  /** Index of a variant that replaces instead of deleting; tried before the original when the text gets too short. */
  conservative?: number;
}

export interface ProseBlock {
  blockIdx: number;
  sents: Sent[];
}

export interface Doc {
  blocks: Block[];
  prose: ProseBlock[];
  spans: Span[];
  docHash: number;
}

export interface LocalResult {
  text: string;
  note?: string;
  /** The full detection of `text` when it was already computed (saves a detector call). */
  detection?: Detection;
}

export interface LocalOpts {
  seed: number;
  /** Alternatives or sentences of an earlier pass to steer away from (the second pass). */
  avoidText?: string;
  avoidAlts?: Set<string>;
  deadline?: number;
  /**
   * Whether the rule pass may contract ("do not" → "don't"). Only the writing options that ask for it
   * (casual tone, or a simple reading level outside the academic tone) do; a neutral letter keeps its
   * "I am" (contractions beside "I am eager" read as careless).
   */
  contractions?: boolean;
}
