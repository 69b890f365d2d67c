/** Clean-up after edits: spacing, punctuation, capitals and articles (notes 5.1 stage 5). */
const AN_EXCEPT = /^(?:uni|use|usu|uti|eu|one|once|ur[aeiou])/i;
const A_EXCEPT = /^(?:hour|honest|honor|honour|heir)/i;

export function fixArticles(s: string): string {
  return s.replace(/\b(a|an|A|An)(\s+)([A-Za-z][\w-]*)/g, (m, art: string, sp: string, w: string) => {
    const vowel = /^[aeiou]/i.test(w);
    const wantAn = (vowel && !AN_EXCEPT.test(w)) || A_EXCEPT.test(w);
    // All-caps words (acronyms) are read letter by letter; leave the writer's choice.
    if (/^[A-Z]{2,}/.test(w)) return m;
    const isAn = art.toLowerCase() === 'an';
    if (wantAn === isAn) return m;
    const fixed = wantAn ? 'an' : 'a';
    return (art[0] === 'A' ? fixed[0]!.toUpperCase() + fixed.slice(1) : fixed) + sp + w;
  });
}

export function repairSentence(s: string): string {
  let t = s
    .replace(/ {2,}/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/,\s*,/g, ',')
    .replace(/([,;:])\s*([.!?])$/g, '$2')
    .replace(/^[\s,;:]+/, '')
    .replace(/\(\s*\)/g, '')
    .replace(/\b(\w+) \1\b/gi, (m, w: string) => (/^(?:that|had|is|do|very|really)$/i.test(w) ? m : w));
  t = fixArticles(t);
  // Capitalize the first letter after a deletion at the start; sentinels and quotes are left as they are.
  t = t.replace(/^([("'\u201c\u2018]*)([a-z])/, (_m, p: string, c: string) => p + c.toUpperCase());
  return t.trim();
}
