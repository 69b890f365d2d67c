/**
 * Why a phrase changed, in plain words, for the Word file with tracked changes: each revision carries a
 * comment such as "stock phrase 'plays a pivotal role'", "sentence split: 46 words" or "model rewrite,
 * kept as written: '16 minutes', 'Isle of Man'" (or the facts a change did not keep). The reasons are read back from the change itself with the
 * same phrase lists and span protector the rewrite uses, so no rewrite has to log what it did.
 */
import { LEXICON } from './data/lexicon.ts';
import { ARTIFACT_INLINE, OPENERS, PHRASES } from './data/phrases.ts';
import { factsOf, meaningReport } from './meaning-report.ts';

export interface ChangeContext {
  /** Which engine wrote the result ('model' for a model rewrite). */
  engine: string | null;
  /** The original sentence the change sits in. */
  sentence: string;
}

const words = (s: string): number => s.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
const quoted = (s: string): string => {
  const t = s.replace(/\s+/g, ' ').trim();
  return `'${t.length > 60 ? `${t.slice(0, 57)}...` : t}'`;
};
const SENTENCE_END = /[.!?]["'\u201d\u2019)]?\s+["'\u201c\u2018(]?[A-Z]/;
const CONTRACTION = /\b\w+(?:n['\u2019]t|['\u2019](?:s|re|ll|ve|d|m))\b/i;

// Compiled once, without the global flag (so exec has no state between calls).
const PHRASE_RES = [...PHRASES, ...ARTIFACT_INLINE].map((rule) => new RegExp(rule.re.source, 'i'));
const OPENER_RES = OPENERS.map((rule) => new RegExp(rule.re.source, 'i'));
const LEXICON_RES = LEXICON.map((e) => ({
  word: e.word,
  re: new RegExp(`\\b${e.word.replace(/e$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\w*`, 'i'),
}));

function stockPhrase(del: string): string | null {
  for (const re of PHRASE_RES) {
    const m = re.exec(del);
    if (m?.[0]?.trim()) return m[0];
  }
  // An opener's comma often stays in place, so the deleted words are tried with it too.
  for (const candidate of [del.trimStart(), `${del.trim()}, `]) {
    for (const re of OPENER_RES) {
      const m = re.exec(candidate);
      if (m?.[0]?.trim()) return m[0].replace(/[,\s]+$/, '');
    }
  }
  return null;
}

function stockWord(del: string): string | null {
  for (const { word, re } of LEXICON_RES) if (re.test(del)) return word;
  return null;
}

/**
 * A model's change cites only what was checked in it and found: each number (with its unit), date, name,
 * quotation and negation of the replaced words is kept when the new words say it as written; one that is not
 * is named, so a reviewer looks at it instead of trusting the change.
 */
function modelReason(del: string, ins: string): string {
  if (factsOf(del).length === 0)
    return 'model rewrite: the replaced words hold no number, date, name, quotation or negation';
  const report = meaningReport(del, ins);
  const kept = report.facts.filter((f) => f.kept);
  const lost = report.facts.filter((f) => !f.kept);
  const list = (fs: typeof report.facts): string =>
    fs
      .slice(0, 4)
      .map((f) => (f.kind === 'negation' ? `a "${f.text}"` : quoted(f.text)))
      .join(', ') + (fs.length > 4 ? ', ...' : '');
  const parts: string[] = [];
  if (lost.length > 0) parts.push(`check this change: ${list(lost)} not kept as written`);
  if (kept.length > 0) parts.push(`kept as written: ${list(kept)}`);
  return `model rewrite; ${parts.join('; ')}`;
}

/** The reason for one change: `del` is the original's wording, `ins` what replaced it (either may be ''). */
export function changeReason(del: string, ins: string, ctx: ChangeContext): string {
  if (ctx.engine === 'model') return modelReason(del, ins);
  if (SENTENCE_END.test(ins) && !SENTENCE_END.test(del)) return `sentence split: ${words(ctx.sentence)} words`;
  if (SENTENCE_END.test(del) && !SENTENCE_END.test(ins)) return 'two short sentences joined';
  const phrase = stockPhrase(del);
  if (phrase) return `stock phrase ${quoted(phrase)}`;
  const word = stockWord(del);
  if (word) return `stock word ${quoted(word)}`;
  if (/[\u2014\u2013]/.test(del) && !/[\u2014\u2013]/.test(ins)) return 'dash replaced with plainer punctuation';
  if (CONTRACTION.test(ins) && !CONTRACTION.test(del)) return 'contraction, for a more natural tone';
  if (!ins.trim()) return `filler removed: ${quoted(del)}`;
  if (!del.trim()) return `words added so the sentence reads smoothly: ${quoted(ins)}`;
  return `plainer wording for ${quoted(del)}`;
}
