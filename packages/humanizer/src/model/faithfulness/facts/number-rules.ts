import type { Check, SentenceCheck } from '../context.ts';
import { CLOSE_ALIGN, NUMBER_REACH } from '../thresholds.ts';
import type { Exception, Located, Rule } from '../types.ts';
import type { Facts } from './extract.ts';
import { NUMBER_WORDS } from './numbers.ts';

/** Number rules: a number, amount, year or list item of the answer that the original does not state there. */

/** The original's numbers, read once per check. */
interface NumberFacts {
  /** In figures only. */
  origNumbers: Set<string>;
  /** In figures, words or another form. */
  origAnyNumbers: Set<string>;
  origItemNumbers: Set<number>;
  /** Answer sentences whose list item number breaks the count of their list. */
  brokenItems: Set<number>;
}

export function numberFacts(c: Check): NumberFacts {
  return c.once('numbers', () => {
    const { o, a } = c;
    const origItemNumbers = new Set(o.facts.flatMap((x) => (x.item === undefined ? [] : [x.item])));
    // A numbered list whose count breaks at one item ("1. 2. 4. 4. 5.", "1. 7."): an item whose number neither
    // follows the item before it nor leads into the one after, in a step the original's lists never take. An item
    // numbered as in the original and not repeated may have been moved (items in another order are a rewrite's
    // choice).
    const origSeq = o.facts.flatMap((x) => (x.item === undefined ? [] : [x.item]));
    const origSteps = new Set(origSeq.map((k, t) => `${origSeq[t - 1] ?? 0}>${k}`));
    const answerSeq = a.facts.flatMap((x, j) => (x.item === undefined ? [] : [{ j, k: x.item }]));
    const brokenItems = new Set(
      answerSeq
        .filter(({ k }, t) => {
          const prev = answerSeq[t - 1]?.k ?? 0;
          const moved = origItemNumbers.has(k) && answerSeq.filter((x) => x.k === k).length === 1;
          return k !== 1 && k !== prev + 1 && answerSeq[t + 1]?.k !== k + 1 && !origSteps.has(`${prev}>${k}`) && !moved;
        })
        .map(({ j }) => j),
    );
    return {
      origNumbers: new Set(o.facts.flatMap((x) => x.numbers)),
      origAnyNumbers: new Set(o.facts.flatMap((x) => [...x.numbers, ...x.numberWords, ...x.numberForms])),
      origItemNumbers,
      brokenItems,
    };
  });
}

/** Number words too ordinary to count as new numbers on their own ("one", "first", "second", "half"). */
export const ORDINARY_NUMBER_WORDS: Exception = {
  id: 'ordinary-number-words',
  why: '"one", "first", "second" and "half" are ordinary words too often to count as new numbers',
  words: ['1', '1st', '2nd', '0.5'],
};

/** A number of the answer sentence the original states nowhere, in figures or words (`had`: all of them). */
export function newNumbers(had: ReadonlySet<string>, facts: Facts): string | null {
  for (const n of facts.numbers) if (!had.has(n)) return n;
  for (const n of facts.numberWords) {
    if (ORDINARY_NUMBER_WORDS.words?.includes(n)) continue;
    if (!had.has(n)) return n;
  }
  return null;
}

export const listItemBeyond: Rule<SentenceCheck> = {
  id: 'number.list-item-beyond',
  drift: 'number',
  why: 'a list item\'s number the original\'s numbered list never reaches ("7." in a list of five) is a renumbering gone wrong',
  exceptions: [
    {
      id: 'fewer-or-reordered-items',
      why: "fewer items, items in another order, or a list made of prose are a rewrite's choice",
    },
  ],
  check: (s) => {
    const { f } = s;
    const { origItemNumbers } = numberFacts(s.c);
    const origItems = origItemNumbers.size;
    return f.item !== undefined && origItems > 0 && f.item > origItems && !origItemNumbers.has(f.item)
      ? { detail: `a list item's number changed ("${f.item}." is not in your text)` }
      : null;
  },
};

export const listItemBroken: Rule<SentenceCheck> = {
  id: 'number.list-item-broken',
  drift: 'number',
  why: "a list item's number that neither follows the one before nor leads into the next breaks the list's count",
  exceptions: [
    { id: 'first-item', why: 'an item numbered 1 starts a list' },
    { id: 'step-of-original', why: 'a step the original\'s own lists take ("1. 7." where the original has it)' },
    { id: 'moved-item', why: 'an item numbered as in the original and not repeated may have been moved' },
  ],
  check: (s) =>
    numberFacts(s.c).brokenItems.has(s.j)
      ? { detail: `a list item's number changed ("${s.f.item}." breaks the count of its list)` }
      : null,
};

export const numberNew: Rule<SentenceCheck> = {
  id: 'number.new',
  drift: 'number',
  why: 'a number, amount or year the original states nowhere, in figures or in words, is a changed fact',
  exceptions: [
    ORDINARY_NUMBER_WORDS,
    {
      id: 'other-forms',
      why: 'another way of writing a number of the original counts as stated ("forty-five" / 45, "£512m" / 512 million)',
    },
    { id: 'list-count', why: 'a count the sentence shows itself ("four groups: a, b, c and d") states no fact' },
  ],
  check: (s) => {
    const n = newNumbers(numberFacts(s.c).origAnyNumbers, s.f);
    return n ? { detail: `a number changed ("${n}" is not in your text)` } : null;
  },
};

/** The numbers of the original sentences aligned with this one and their neighbours, in any form. */
function numbersNear(s: SentenceCheck): Set<string> {
  const near = new Set<string>();
  for (const i of s.aligned)
    for (let k = i - NUMBER_REACH; k <= i + NUMBER_REACH; k++)
      for (const x of [
        ...(s.c.o.facts[k]?.numbers ?? []),
        ...(s.c.o.facts[k]?.numberWords ?? []),
        ...(s.c.o.facts[k]?.numberForms ?? []),
      ])
        near.add(x);
  return near;
}

export const numberMoved: Rule<SentenceCheck> = {
  id: 'number.moved',
  drift: 'number',
  why: 'a number must come from the part of the text this sentence rewrites: "at 163" where the text says "at 165" here and "163" three paragraphs on is changed',
  check: (s) => {
    if (s.aligned.length === 0 || s.f.numbers.length === 0) return null;
    const near = numbersNear(s);
    const moved = s.f.numbers.find((x) => !near.has(x));
    return moved ? { detail: `a number changed ("${moved}" is not in that part of your text)` } : null;
  },
};

export const numberSwapped: Rule<SentenceCheck> = {
  id: 'number.swapped',
  drift: 'number',
  why: 'a figure swapped for another the sentence also has ("3-2" / "3-3"): one figure comes more often and another less often than in the original sentences it follows closely',
  exceptions: [
    {
      id: 'not-a-swap',
      why: 'only a swap counts: as many figures on each side, the one said more often one the original says too',
    },
  ],
  check: (s) => {
    const { c, f, j, aligned } = s;
    if (aligned.length === 0 || f.numbers.length === 0) return null;
    const close = aligned.filter((i) => s.simTo(i) >= CLOSE_ALIGN);
    if (close.length === 0) return null;
    const closeSet = new Set(close);
    const peers = new Set<number>([j]);
    for (const i of close)
      for (const k of c.answersOf[i] ?? [])
        if (!peers.has(k) && (c.alignment[k] ?? []).every((x) => closeSet.has(x))) peers.add(k);
    const count = (lists: (readonly string[])[]): Map<string, number> => {
      const m = new Map<string, number>();
      for (const l of lists) for (const x of l) m.set(x, (m.get(x) ?? 0) + 1);
      return m;
    };
    const inO = count(close.map((i) => c.o.facts[i]?.numbers ?? []));
    const inA = count([...peers].map((k) => c.a.facts[k]?.numbers ?? []));
    const total = (m: Map<string, number>): number => [...m.values()].reduce((x, y) => x + y, 0);
    const more = f.numbers.find((x) => (inA.get(x) ?? 0) > (inO.get(x) ?? 0) && inO.has(x));
    const fewer = more && [...inO].find(([x, n]) => x !== more && (inA.get(x) ?? 0) < n)?.[0];
    return more && fewer && total(inA) === total(inO)
      ? { detail: `a number changed ("${fewer}" became "${more}")` }
      : null;
  },
};

/** Every number the answer states, in figures, words or another form, each ordinal also as its number; once per check. */
function answerNumbersOf(c: Check): ReadonlySet<string> {
  return c.once('answer-numbers', () => {
    const all = c.a.facts.flatMap((f) => [...f.numbers, ...f.numberWords, ...f.numberForms]);
    return new Set(all.flatMap((n) => [n, n.replace(/(?:st|nd|rd|th)$/, '')]));
  });
}

export const numberLost: Rule<Check, Located[]> = {
  id: 'number.lost',
  drift: 'number',
  why: 'a number of the original (in figures) that the answer states nowhere, where one answer sentence follows its sentence closely, is a lost fact',
  exceptions: [
    { id: 'merged-minor-figure', why: 'split over several answer sentences, only a year must still be there' },
    {
      id: 'dates-and-times',
      why: 'dates and times may be written in words ("08/10/06", "9:30"); a decimal is a number',
    },
    { id: 'scientific-notation', why: 'a mantissa ("1.5 · 10^5") may be written out ("150,000")' },
    { id: 'thousands-stop', why: 'a stop between thousands ("1.200") is the number written with a comma ("1,200")' },
    { id: 'ordinals-and-decades', why: 'an ordinal counts as its number ("10th"), a decade as its last two digits' },
  ],
  check: (c) => {
    const { o, sim, answersOf, answer } = c;
    // Ordinals count as their number ("10th", "tenth"), a decade as its two last digits ("the '80s" for "1980s").
    const answerNumbers = answerNumbersOf(c);
    const stated = (n: string): boolean =>
      answerNumbers.has(n) ||
      (/^1[89]\d0$/.test(n) && answerNumbers.has(n.slice(2))) ||
      (n === '10' && /\bdecade\b/i.test(answer)) ||
      // A stop between thousands ("1.200 feet" is 1,200 feet).
      (/^\d{1,3}\.\d{3}$/.test(n) && answerNumbers.has(n.replace('.', '')));
    const out: Located[] = [];
    o.facts.forEach((f, i) => {
      // Only where one answer sentence follows this one closely (a condensed rewrite may leave a minor figure
      // out of a merged sentence), and not in dates and times, which a rewrite may write in words.
      const where = (answersOf[i] ?? []).filter((k) => (sim[k]?.[i] ?? 0) >= CLOSE_ALIGN);
      if (where.length === 0) return;
      // Dates, times and codes ("08/10/06", "9:30", "1.2.3", "@NUM1") and a mantissa ("1.5 \cdot 10^5") are
      // left to the other rules; a decimal ("£30.4m") is a number.
      const plain = (o.sentences[i]?.text ?? '').replace(
        /\d+(?:[/:-]\d+)+|\d+(?:\.\d+){2,}|@[A-Z]+\d+|\d+(?:\.\d+)?\s*(?:\\cdot|\\times|[x×*])\s*10\^/g,
        ' ',
      );
      const lost = f.numbers.find(
        (n) =>
          (where.length === 1 || /^(?:1[5-9]|20)\d\d$/.test(n)) &&
          !stated(n) &&
          new RegExp(`(?<![\\d.,])${n}(?![\\d])`).test(plain),
      );
      if (lost === undefined) return;
      out.push({
        detail: `a number was left out ("${lost}" is in your text)`,
        answer: where[0] as number,
        original: [i],
      });
    });
    return out;
  },
};

/** Shares written in words ("a quarter", "two-thirds", "one in five"), as fractions. */
const SHARE_WORDS: Record<string, number> = { half: 1 / 2, third: 1 / 3, quarter: 1 / 4, fifth: 1 / 5, tenth: 1 / 10 };
/** "a quarter of", "two-thirds", "one in five" (not "a third party", "five-and-a-half", "5 in 2011"). */
const SHARE_RE =
  /(?<!and[\s-])\b(?:(a|one)[\s-](half|third|quarter|fifth|tenth)(?=\s+of\b)|(two|three|four)[\s-](third|quarter|fifth|tenth)s\b|(one|two|three|four|five|\d) (?:in|out of) (two|three|four|five|six|seven|eight|nine|ten|\d{1,2})(?![\d,]))/gi;
const small = (w: string): number => {
  const x = w.toLowerCase();
  return Number(/^\d+$/.test(x) ? x : x === 'a' ? 1 : (NUMBER_WORDS[x] ?? NaN));
};

/** The shares a text states in words, as fractions rounded to two places ("a quarter" 0.25, "one in five" 0.2). */
export function sharesOf(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(SHARE_RE)) {
    const v = m[1]
      ? small(m[1]) * (SHARE_WORDS[(m[2] as string).toLowerCase()] as number)
      : m[3]
        ? small(m[3]) * (SHARE_WORDS[(m[4] as string).toLowerCase()] as number)
        : small(m[5] as string) / small(m[6] as string);
    if (Number.isFinite(v) && v > 0 && v < 1) out.push(Math.round(v * 100) / 100);
  }
  return out;
}

/** Whether a text states a share: in words, as a percent (within a point) or as a fraction in figures. */
function statesShare(text: string, v: number, stated: ReadonlySet<string>): boolean {
  if (sharesOf(text).some((x) => Math.abs(x - v) < 0.005)) return true;
  // A percent in words ("twenty percent"): the number is among the answer's, and a percent is said.
  const pc = Math.round(v * 100);
  if (/%|\bper ?cent\b/i.test(text) && [pc - 1, pc, pc + 1].some((x) => stated.has(String(x)))) return true;
  for (const m of text.matchAll(/(\d+(?:\.\d+)?)\s*(?:%|percent|per cent)/gi))
    if (Math.abs(Number(m[1]) / 100 - v) <= 0.01) return true;
  for (const m of text.matchAll(/\b(\d+)\s*\/\s*(\d+)\b/g))
    if (Math.abs(Number(m[1]) / Number(m[2]) - v) < 0.005) return true;
  return false;
}

export const numberLostInWords: Rule<Check, Located[]> = {
  id: 'number.lost-word',
  drift: 'number',
  why: 'a count or share the original writes in words ("two national papers", "a quarter of users", "one in five") that the answer states nowhere, where one answer sentence follows its sentence closely, is a lost fact',
  exceptions: [
    ORDINARY_NUMBER_WORDS,
    {
      id: 'other-forms',
      why: 'the count in figures or another form ("2", "both"), a share as a percent ("25%") keeps it',
    },
    {
      id: 'merged-sentence',
      why: 'only where one answer sentence follows the sentence closely (a merge may condense)',
    },
  ],
  check: (c) => {
    const { o, sim, answersOf, answer } = c;
    const stated = answerNumbersOf(c);
    const out: Located[] = [];
    o.facts.forEach((f, i) => {
      const where = (answersOf[i] ?? []).filter((k) => (sim[k]?.[i] ?? 0) >= CLOSE_ALIGN);
      if (where.length !== 1) return;
      const text = o.sentences[i]?.text ?? '';
      const share = sharesOf(text).find((v) => !statesShare(answer, v, stated));
      // A share's words are not counts of their own ("two" of "two-thirds").
      const withoutShares = text.replace(SHARE_RE, ' ');
      const answerLower = answer.toLowerCase();
      const count =
        share === undefined
          ? countWordsOf(withoutShares, f.numberWords).find(
              (x) =>
                !stated.has(x.n.replace(/(?:st|nd|rd|th)$/, '')) &&
                // A count the answer writes in a list it announces ("six pillars: …") is still written.
                !x.words.some((w) => new RegExp(`\\b${w}\\b`).test(answerLower)),
            )?.n
          : undefined;
      if (share === undefined && count === undefined) return;
      out.push({
        detail:
          share !== undefined
            ? `a share was left out (${Math.round(share * 100)}% in your text, in words)`
            : `a number was left out ("${count}" is in your text, in words)`,
        answer: where[0] as number,
        original: [i],
      });
    });
    return out;
  },
};

/** Number words that are not counts ("double the fun"), or say none ("zero" / "no"). */
const NOT_COUNT_WORDS = new Set(['double', 'twice', 'zero']);

/**
 * The words of the sentence's counts still written in `text` (shares taken out): not the ordinary ones, not a
 * scale after a figure ("182 million"), not an ordinal that opens the sentence as a list marker ("Third, …").
 */
function countWordsOf(text: string, numberWords: readonly string[]): { n: string; words: string[] }[] {
  const lower = text.toLowerCase();
  return numberWords.flatMap((n) => {
    if (ORDINARY_NUMBER_WORDS.words?.includes(n)) return [];
    const words = Object.entries(NUMBER_WORDS)
      .filter(([w, v]) => v === n && !NOT_COUNT_WORDS.has(w))
      .map(([w]) => w);
    const written = words.filter(
      (w) =>
        new RegExp(`(?<![\\d.,]\\s?)\\b${w}\\b`).test(lower) &&
        !new RegExp(`^\\W*${w}\\b(?=,|\\s+(?:it|the|we|i|you|they|this|there)\\b)`).test(lower),
    );
    // Compound words ("twenty-five") have no single word: they are not judged here.
    return written.length > 0 ? [{ n, words: written }] : [];
  });
}
