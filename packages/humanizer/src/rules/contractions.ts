import type { RuleCtx } from './context.ts';

/**
 * Our own contraction rules (compromise's contract() corrupts text, notes 3.5): only when a word follows,
 * never "that is," (= i.e.), never clause-final "what it is".
 */
const PAIRS: [RegExp, string][] = [
  [/\b(do|does|did|is|are|was|were|could|would|should|has|have|had) not (?=[a-z])(?!only\b)/gi, "$1n't "],
  [/\bcannot (?=[a-z])/gi, "can't "],
  [/\bwill not (?=[a-z])(?!only\b)/gi, "won't "],
  [/\b(it|that|there|here|he|she|what|who) is (?=[a-z])/gi, "$1's "],
  [/\b(they|we|you) are (?=[a-z])/gi, "$1're "],
  [/\bI am (?=[a-z])/g, "I'm "],
  [/\b(I|we|they|you|it) will (?=[a-z])/gi, "$1'll "],
];

const NO_CONTRACT_BEFORE =
  /^(?:and|or|but|because|so|if|when|while|that|which|who|where|now|today|here|there|too|also|as|than)\b/;
const HEAD_WORDS =
  /\b(?:what|where|how|who|which|whatever|wherever|whoever)\s+(?:it|they|we|you|he|she|that|there)\s*$/i;

export function contract(sentence: string, ctx: RuleCtx): string {
  // Contractions only where the writing options ask for them (casual tone, simple reading level): elsewhere the
  // probability is 0 and every pair stays expanded (each still draws from the sentence's random stream, so the
  // other rules' choices do not depend on the tone).
  let s = sentence;
  for (const [re, rep] of PAIRS) {
    re.lastIndex = 0;
    s = s.replace(re, (m: string, ...args: unknown[]) => {
      const offset = args[args.length - 2] as number;
      const whole = args[args.length - 1] as string;
      const after = whole.slice(offset + m.length);
      if (NO_CONTRACT_BEFORE.test(after)) return m;
      if (HEAD_WORDS.test(whole.slice(0, offset + m.split(' ')[0]!.length))) return m;
      if (/^that is$/i.test(m.trim()) && /^,/.test(after)) return m;
      if (ctx.rng() >= ctx.contractProb) return m;
      const g1 = typeof args[0] === 'string' ? args[0] : '';
      const out = rep.replace('$1', g1);
      // "Do not" → "Don't": keep the case of the original first letter.
      if (/^[A-Z]/.test(m) && /^[a-z]/.test(out)) return out[0]!.toUpperCase() + out.slice(1);
      return out;
    });
  }
  return s;
}
