/**
 * Em dashes (notes 2.H): a pair becomes parentheses, a single dash becomes a comma, or a sentence break
 * when both sides can stand alone (without a break allowed, a dash before a clause stays: a comma would
 * splice two sentences). Callers check finite verbs afterwards, so a break that leaves a fragment
 * is rejected there.
 */
const PAIR = /\s?\u2014\s?([^\u2014]{2,80}?)\s?\u2014\s?/g;
const SINGLE = /\s?(?:\u2014|--|\s\u2013\s)\s?/g;
const CLAUSE_START =
  /^(?:it|this|that|they|we|you|he|she|i|there|these|those|the \w+ (?:is|are|was|were|has|have|can|will))\b/i;

export function rewriteDashes(sentence: string, allowBreak: boolean): string {
  let s = sentence;
  if ((s.match(/\u2014/g) ?? []).length >= 2) s = s.replace(PAIR, (_m, inner: string) => ` (${inner.trim()}) `);
  s = s.replace(SINGLE, (_m: string, offset: number, whole: string) => {
    const right = whole.slice(offset).replace(SINGLE, '').trimStart();
    const left = whole.slice(0, offset);
    if (CLAUSE_START.test(right)) {
      if (allowBreak && left.split(/\s+/).length >= 4) return '.\u0002';
      // A comma between two clauses would splice them ("…whatsoever, they had to…"): the dash stays.
      return _m;
    }
    return ', ';
  });
  // The marker keeps the break's position so the new sentence can get its capital.
  s = s.replace(/\.\u0002([a-z])/g, (_m, c: string) => `. ${c.toUpperCase()}`).replace(/\u0002/g, ' ');
  return s.replace(/\s+\)/g, ')').replace(/\(\s+/g, '(').replace(/ {2,}/g, ' ');
}
