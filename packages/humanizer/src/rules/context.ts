import type { Rng } from '../rng.ts';

/** What every rule gets: its own seeded randomness and the document's record of alternatives already used. */
export interface RuleCtx {
  rng: Rng;
  /** How often each replacement has been used in this document; reuse is penalized so swaps stay varied. */
  usage: Map<string, number>;
  /** Probability of contracting an eligible pair (some stay expanded on purpose). */
  contractProb: number;
  /** Alternatives to avoid (a second pass steers away from the first pass's picks). */
  avoid?: ReadonlySet<string>;
  /** Prefer replacements over deletions (used when the document would otherwise get too short). */
  noDelete?: boolean;
  /** The sentence just before (masked): a replacement never repeats a word it just used. */
  recent?: string;
}

/** Pick an alternative, preferring ones used less in this document and not on the avoid list. */
export function choose(ctx: RuleCtx, alts: readonly string[]): string {
  if (ctx.noDelete && alts.length > 1 && alts.some((a) => a.trim() !== '')) alts = alts.filter((a) => a.trim() !== '');
  if (alts.length === 1) return alts[0] as string;
  const weights = alts.map((a) => {
    const used = ctx.usage.get(a) ?? 0;
    const avoided = ctx.avoid?.has(a) ? 0.05 : 1;
    return avoided / (1 + 2 * used);
  });
  const total = weights.reduce((x, y) => x + y, 0);
  let r = ctx.rng() * total;
  let chosen = alts[alts.length - 1] as string;
  for (let i = 0; i < alts.length; i++) {
    r -= weights[i] as number;
    if (r <= 0) {
      chosen = alts[i] as string;
      break;
    }
  }
  ctx.usage.set(chosen, (ctx.usage.get(chosen) ?? 0) + 1);
  return chosen;
}

export function matchCase(original: string, replacement: string): string {
  if (!replacement) return replacement;
  const first = original[0] ?? '';
  if (first >= 'A' && first <= 'Z') return replacement[0]?.toUpperCase() + replacement.slice(1);
  return replacement;
}
