/**
 * A rule case, LanguageTool style: an original, and a rewrite that keeps its meaning (`keep`: the rule must not
 * fire) or one that drifts (`fail`: the rule must fire). Every text here is invented for the case.
 */
export interface RuleCase {
  /** The id of the rule the case is about (see `RULES`). */
  rule: string;
  /** What the case shows, in a few words. */
  note: string;
  original: string;
  /** A faithful rewrite: the rule must not fire on it. */
  keep?: string;
  /** A drifted rewrite: the rule must fire on it. */
  fail?: string;
  mode?: 'deep' | 'lightning';
  /** Protected spans the rewrite must carry (Deep finds them in the text). */
  spans?: readonly string[];
}
