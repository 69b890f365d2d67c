/**
 * "not only X but also Y" → "X and Y" in its non-inverted form. The inverted form ("Not only does it …")
 * needs do-support removal and re-inflection, which the notes show going wrong, so it is left alone.
 */
const NOT_ONLY = /\bnot only ([^,;\uE000-\uE001]{2,80}?),? but (?:also )?(?=[a-z])/g;

export function rewriteNotOnly(sentence: string): string {
  if (/^\W*Not only\b/.test(sentence)) return sentence;
  return sentence.replace(NOT_ONLY, (m: string, x: string, offset: number, whole: string) => {
    // "is not only" after a negation-bearing verb form would lose the negation sense; the pattern only ever
    // removes "not only … but", which is additive, so parity is handled by the checks counting "not only" as neutral.
    void m;
    void offset;
    void whole;
    return `${x} and `;
  });
}
