import type { SentenceCheck } from '../context.ts';
import type { Rule } from '../types.ts';
import { normNumber, NUMBER_WORDS } from './numbers.ts';

/**
 * A number's qualifier: a bound or an approximation said with it ("more than 20", "up to a month", "about six",
 * "20 or more"). A rewrite that keeps the number but drops or turns its qualifier ("more than 20 leaders" / "20
 * leaders", "about six times" / "six times", "under 20%" / "over 20%") states another amount.
 */
export type Qualifier = 'over' | 'under' | 'about';

/**
 * Words before a number, each with the qualifiers it says (near-words say two: "nearly 20" is about and under).
 * Prepositions that also say where or when ("over two years", "under 8 U.S.C.") are weak: they keep a bound
 * the other side states, but are never read as one the other side lacks.
 */
const BEFORE: readonly [string, readonly Qualifier[], 'weak'?][] = [
  ['more than', ['over']],
  ['at least', ['over']],
  ['upwards of', ['over']],
  ['in excess of', ['over']],
  ['no fewer than', ['over']],
  ['no less than', ['over']],
  ['a minimum of', ['over']],
  ['greater than', ['over']],
  ['longer than', ['over']],
  ['older than', ['over']],
  ['over', ['over'], 'weak'],
  ['above', ['over'], 'weak'],
  ['exceeding', ['over'], 'weak'],
  ['less than', ['under']],
  ['fewer than', ['under']],
  ['up to', ['under']],
  ['at most', ['under']],
  ['no more than', ['under']],
  ['a maximum of', ['under']],
  ['within', ['under']],
  ['as many as', ['under']],
  ['as much as', ['under']],
  ['as long as', ['under']],
  ['as large as', ['under']],
  ['as high as', ['under']],
  ['shorter than', ['under']],
  ['younger than', ['under']],
  ['not even', ['under']],
  ['under', ['under'], 'weak'],
  ['below', ['under'], 'weak'],
  ['beneath', ['under'], 'weak'],
  ['nearly', ['about', 'under']],
  ['almost', ['about', 'under']],
  ['close to', ['about', 'under']],
  ['just under', ['about', 'under']],
  ['just over', ['about', 'over']],
  ['about', ['about']],
  ['around', ['about']],
  ['roughly', ['about']],
  ['approximately', ['about']],
  ['approx', ['about']],
  ['an estimated', ['about']],
  ['estimated', ['about']],
  ['circa', ['about']],
  ['~', ['about']],
  ['some', ['about'], 'weak'],
];
/**
 * Words after a number, up to three words on ("20 or more", "eight hours of sleep or more", "ten degrees below zero
 * at least"), or just after it ("20-plus", "20%+", "65 & up").
 */
const AFTER: readonly [RegExp, readonly Qualifier[]][] = [
  [
    /^(?:%?\s*(?:\+|-?plus\b)|(?:\s+[a-z%]+){0,3}\s*(?:or (?:more|above|over|higher|longer|older)|at least)\b|(?:\s+[a-z%]+)?\s*(?:and|&|&amp;) (?:up|over|above|older)\b)/,
    ['over'],
  ],
  [/^(?:\s+[a-z%]+){0,3}\s*(?:or (?:less|fewer|under|below|younger)|at most)\b/, ['under']],
  [/^(?:(?:\s+[a-z%]+){0,3}\s*or so\b|-?ish\b)/, ['about']],
];

/** Number words that are not counts ("double spends", "twice as long"). */
const NOT_COUNTS = new Set(['double', 'twice']);
const WORD_NUMBERS = Object.keys(NUMBER_WORDS).filter(
  (w) => /^(?:[2-9]|\d\d+)$/.test(NUMBER_WORDS[w] as string) && !NOT_COUNTS.has(w),
);
/** A number in figures (a percent sign or currency around it is not part of it) or a count in words from two up. */
const NUMBER = new RegExp(`(?<![\\w.,:/])(\\d[\\d,]*(?:\\.\\d+)?)(?![\\d])|\\b(${WORD_NUMBERS.join('|')})\\b`, 'gi');
const BEFORE_RE = new RegExp(
  `(?:^|[^\\w~])(${BEFORE.map(([w]) => w.replace(/ /g, '\\s+').replace('~', '~\\s*')).join('|')})\\s*[$£€]?\\s*$`,
  'i',
);

export interface QualifiedNumber {
  n: string;
  /** The qualifiers said with it (none: an exact number). */
  q: Set<Qualifier>;
  /** Only weak words say them ("over", "under", "some"). */
  weak: boolean;
}

/** Each number of a text (figures normalised, words as figures) with the qualifiers said with it. */
export function qualifiedNumbers(text: string): QualifiedNumber[] {
  const t = text.replace(/’/g, "'");
  const out: QualifiedNumber[] = [];
  for (const m of t.matchAll(NUMBER)) {
    const n = m[1] ? normNumber(m[1]) : (NUMBER_WORDS[(m[2] as string).toLowerCase()] as string);
    const after = t.slice(m.index + m[0].length);
    // A year, a time or a date part is not an amount.
    if (/^(?:1[5-9]|20)\d\d$/.test(n) || /^[:/]\d/.test(after)) continue;
    // A decade ("the '80s", "1980s") is a time too.
    if (/^['’]?s\b/.test(after) || /['’]$/.test(t.slice(0, m.index))) continue;
    const q = new Set<Qualifier>();
    let weak = false;
    const before = BEFORE_RE.exec(t.slice(Math.max(0, m.index - 24), m.index));
    const entry = before && BEFORE.find(([k]) => k === (before[1] as string).toLowerCase().replace(/\s+/g, ' '));
    // A weak word before a number that names a thing ("under 8 U.S.C.", "over 2 Samuel") is a preposition.
    if (entry && !(entry[2] === 'weak' && /^\s+[A-Z]/.test(after))) {
      for (const x of entry[1]) q.add(x);
      weak = entry[2] === 'weak';
    }
    for (const [re, qs] of AFTER)
      if (re.test(after)) {
        for (const x of qs) q.add(x);
        weak = false;
      }
    out.push({ n, q, weak });
  }
  return out;
}

const said = (q: ReadonlySet<Qualifier>): string =>
  q.has('over') && !q.has('about') ? 'more than' : q.has('under') && !q.has('about') ? 'less than' : 'about';

export const numberQualifier: Rule<SentenceCheck> = {
  id: 'number.qualifier',
  drift: 'number',
  why: 'a number kept with its bound or approximation dropped or turned ("more than 20" / "20", "about six" / "six", "under 20%" / "over 20%") states another amount',
  exceptions: [
    {
      id: 'same-kind-other-words',
      why: 'a qualifier of the same kind in other words ("more than" / "over", "about" / "roughly", "nearly" / "about") keeps it',
    },
    {
      id: 'any-match',
      why: 'a number the followed sentences state more than once is kept when any of its mentions matches',
    },
    { id: 'years-and-times', why: 'years, decades ("the \'80s"), times and date parts are not amounts' },
    {
      id: 'weak-words',
      why: '"over", "under", "above", "below" and "some" also say where or when: never read as a bound the other side lacks',
    },
    { id: 'made-approximate', why: 'an exact number said as "about" or "around" it still says about the same' },
  ],
  check: (s) => {
    if (s.closeFollowed.length === 0) return null;
    const orig = qualifiedNumbers(s.closeFollowed.map((i) => s.c.o.sentences[i]?.text ?? '').join(' '));
    if (orig.length === 0) return null;
    for (const a of qualifiedNumbers(s.text)) {
      const same = orig.filter((o) => o.n === a.n);
      if (same.length === 0) continue;
      // Kept: the same kind of qualifier on both sides, or none on either.
      if (same.some((o) => (o.q.size === 0 && a.q.size === 0) || [...o.q].some((x) => a.q.has(x)))) continue;
      // An exact number given a bound in strong words ("two years" / "more than two years"); made approximate
      // ("around 9-6") it still says about the same.
      const exact = same.find((o) => o.q.size === 0);
      if (exact) {
        if (!a.weak && (a.q.has('over') || a.q.has('under')) && !a.q.has('about'))
          return { detail: `a number was given a bound your text does not give it ("${said(a.q)} ${a.n}")` };
        continue;
      }
      // A bound or approximation dropped or turned; one said only by a weak word may be a preposition.
      const strong = same.find((o) => !o.weak);
      if (strong)
        return { detail: `a number lost its bound or approximation ("${said(strong.q)} ${a.n}" in your text)` };
    }
    return null;
  },
};
