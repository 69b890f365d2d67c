import type { WritingOptions } from '../types.ts';

/**
 * What the local clean-up can do for the writing options: contractions (casual tone, simple reading level)
 * and plainer connectives (simple reading level, casual tone). Every other option needs a model. The
 * edits keep meaning by construction: a contraction keeps its negation ("do not" → "don't" is still one
 * negation for the checks) and a connective swap keeps the clause it joins.
 */
export const LOCAL_STYLE_EDITS = {
  contractions: 'contractions',
  connectives: 'plainer connectives',
} as const;

/** Which writing options the local clean-up applies, and which need a model. */
export function localStyleSupport(w: WritingOptions): { contractions: boolean; connectives: boolean } {
  return {
    contractions: w.tone === 'casual' || (w.readingLevel === 'simple' && w.tone !== 'academic'),
    connectives: w.readingLevel === 'simple' || w.tone === 'casual',
  };
}

// Only before a following word, so "That is what it is." keeps its final "it is".
const CONTRACTIONS: [RegExp, string][] = [
  [/\b([Dd])o not(?= \w)/g, "$1on't"],
  [/\b([Dd])oes not(?= \w)/g, "$1oesn't"],
  [/\b([Dd])id not(?= \w)/g, "$1idn't"],
  [/\b([Ii])s not(?= \w)/g, "$1sn't"],
  [/\b([Aa])re not(?= \w)/g, "$1ren't"],
  [/\b([Ww])as not(?= \w)/g, "$1asn't"],
  [/\b([Ww])ere not(?= \w)/g, "$1eren't"],
  [/\b([Hh])as not(?= \w)/g, "$1asn't"],
  [/\b([Hh])ave not(?= \w)/g, "$1aven't"],
  [/\b([Cc])annot(?= \w)/g, "$1an't"],
  [/\bwill not(?= \w)/g, "won't"],
  [/\bWill not(?= \w)/g, "Won't"],
  [/\b([Ww])ould not(?= \w)/g, "$1ouldn't"],
  [/\b([Ss])hould not(?= \w)/g, "$1houldn't"],
  [/\b([Cc])ould not(?= \w)/g, "$1ouldn't"],
  [/\b([Ii])t is(?= (?!not\b)[a-z])/g, "$1t's"],
  [/\b([Tt])hat is(?= (?!not\b|to say\b)[a-z])/g, "$1hat's"],
  [/\b([Tt])here is(?= (?!not\b)[a-z])/g, "$1here's"],
  [/\b([Tt])hey are(?= (?!not\b)[a-z])/g, "$1hey're"],
  [/\b([Ww])e are(?= (?!not\b)[a-z])/g, "$1e're"],
  [/\b([Yy])ou are(?= (?!not\b)[a-z])/g, "$1ou're"],
  [/\bI am(?= (?!not\b)[a-z])/g, "I'm"],
];

/** Formal connectives and their plain equivalents (sentence-initial forms keep their capital). */
const CONNECTIVES: [RegExp, string][] = [
  [/\bHowever, /g, 'But '],
  [/\bTherefore, /g, 'So '],
  [/\bThus, /g, 'So '],
  [/\bHence, /g, 'So '],
  [/\bConsequently, /g, 'So '],
  [/\bNevertheless, /g, 'Still, '],
  [/\bNonetheless, /g, 'Still, '],
  [/\bFurthermore, /g, 'Also, '],
  [/\bMoreover, /g, 'Also, '],
  [/\bAdditionally, /g, 'Also, '],
  [/\bIn addition, /g, 'Also, '],
  [/\bSubsequently, /g, 'Then '],
  [/\bIn order to\b/g, 'To'],
  [/\bin order to\b/g, 'to'],
  [/\bprior to\b/g, 'before'],
  [/\bPrior to\b/g, 'Before'],
  [/\butilize\b/g, 'use'],
  [/\butilizes\b/g, 'uses'],
  [/\butilized\b/g, 'used'],
  [/\bcommence\b/g, 'start'],
  [/\bcommences\b/g, 'starts'],
  [/\bapproximately\b/g, 'about'],
];

/** Apply rules outside quotations and links (a quotation is kept word for word). */
function apply(text: string, rules: [RegExp, string][]): string {
  return text
    .split(/("[^"]*"|\u201c[^\u201d]*\u201d|https?:\/\/\S+)/)
    .map((part, i) => {
      if (i % 2 === 1) return part;
      let t = part;
      for (const [re, rep] of rules) t = t.replace(re, rep);
      return t;
    })
    .join('');
}

/**
 * Apply what the local clean-up honours of the writing options to prose. Lines that look like code,
 * tables or quotations are left alone. Returns the edits applied (names the user reads in plain words).
 */
export function applyLocalStyle(text: string, w: WritingOptions | undefined): { text: string; applied: string[] } {
  if (!w) return { text, applied: [] };
  const s = localStyleSupport(w);
  if (!s.contractions && !s.connectives) return { text, applied: [] };
  const applied = new Set<string>();
  const lines = text.split('\n').map((line) => {
    if (/^\s*(?:```|\||>|\t| {4})/.test(line) || /`/.test(line)) return line;
    let out = line;
    if (s.connectives) {
      const next = apply(out, CONNECTIVES);
      if (next !== out) applied.add(LOCAL_STYLE_EDITS.connectives);
      out = next;
    }
    if (s.contractions) {
      const next = apply(out, CONTRACTIONS);
      if (next !== out) applied.add(LOCAL_STYLE_EDITS.contractions);
      out = next;
    }
    return out;
  });
  return { text: lines.join('\n'), applied: [...applied] };
}
