import { inDictionary, lemma } from '../../lexical.ts';
import type { Check, SentenceCheck } from '../context.ts';
import { NAME_NEARLY_SAME_MIN } from '../thresholds.ts';
import type { Exception, Rule } from '../types.ts';
import { foldMarks, STOP } from '../words.ts';
import { numberFacts } from './number-rules.ts';
import { NUMBER_WORDS } from './numbers.ts';
import {
  acronymRuns,
  besideIndexOf,
  COMMON_ACRONYMS,
  MONTHS,
  NAME_ALIASES,
  nameStem,
  nearlySame,
  wordsBesideNames,
  type BesideIndex,
} from './names.ts';

/** The name rule: a proper name of the answer that the original does not have in any form. */

/** The original's names and words, read once per check (only where an answer sentence has a name). */
interface NameFacts {
  original: string;
  allText: string;
  allLemmas: Set<string>;
  origNames: Set<string>;
  /** Words of the original, and its dotted acronyms as one word ("U.S." is "us", which "United States" spells). */
  origWords: Set<string>;
  origWordList: string[];
  origStems: Set<string>;
  besideIndex: () => BesideIndex;
  /** Words either text uses in lower case. */
  lowerWords: Set<string>;
  /** The initials of the original's words, with and without joining words ("esg"). */
  initials: string;
  initialsBare: string;
  foldedText: string;
  currencyCodes: Set<string>;
  /** Abbreviations: a short capitalised word with a stop that does not end a sentence ("Cir.2007", "Corp., 121"). */
  abbreviations: string[];
  numericDate: boolean;
  origAcronyms: Set<string>;
  origAnyNumbers: ReadonlySet<string>;
}

function nameFacts(c: Check): NameFacts {
  return c.once('names', () => {
    const { o, original, answer } = c;
    const origNames = new Set<string>();
    for (const f of o.facts) for (const n of f.names) origNames.add(n);
    const origWords = new Set([
      ...(o.allText.match(/[\p{L}]+/gu) ?? []),
      ...(o.allText.match(/\b(?:\p{L}\.){2,}/gu) ?? []).map((a) => a.replace(/\./g, '')),
    ]);
    const origWordList = [...origWords];
    let besideIndexBuilt: BesideIndex | undefined;
    const currencyCodes = new Set<string>();
    if (/\$|\bdollars?\b/.test(o.allText)) currencyCodes.add('usd');
    if (/£|\bpounds?\b/.test(o.allText)) currencyCodes.add('gbp');
    if (/€|\beuros?\b/.test(o.allText)) currencyCodes.add('eur');
    if (/¥|\byen\b/.test(o.allText)) currencyCodes.add('jpy');
    // The original's acronyms ("CSR", "U.S."): a run of capitalised words is spelled out from one of these, not
    // from an ordinary word its initials happen to spell ("Anna Martinez" is not "am"). An acronym written in lower
    // case ("a qms audit") is a word in no dictionary; an original written without capitals (fewer capitals than
    // sentences) may hold one in any word.
    const caseless = (original.match(/\p{Lu}/gu) ?? []).length < o.sentences.length;
    const origAcronyms = caseless
      ? origWords
      : new Set([
          ...(original.match(/\b(?:\p{Lu}\.?){2,}(?=s?(?!\p{L}))/gu) ?? []).map((x) =>
            x.replace(/\./g, '').toLowerCase(),
          ),
          ...[...origWords].filter((w) => w.length >= 2 && /^[a-z]+$/.test(w) && !STOP.has(w) && !inDictionary(w)),
        ]);
    return {
      original,
      allText: o.allText,
      allLemmas: o.allLemmas,
      origNames,
      origWords,
      origWordList,
      origStems: new Set(origWordList.filter((w) => w.length >= 4).map(nameStem)),
      besideIndex: (): BesideIndex => (besideIndexBuilt ??= besideIndexOf(original)),
      lowerWords: new Set(
        `${original}\n${answer}`.match(/(?<![\p{L}'’.-])\p{Ll}[\p{Ll}'’-]*/gu)?.map((w) => w.replace(/['’]s$/, '')) ??
          [],
      ),
      initials: (o.allText.match(/[a-z]+/g) ?? []).map((w) => w[0]).join(''),
      initialsBare: (o.allText.match(/[a-z]+/g) ?? [])
        .filter((w) => !JOINING_WORDS.words?.includes(w))
        .map((w) => w[0])
        .join(''),
      foldedText: foldMarks(o.allText),
      currencyCodes,
      abbreviations: [
        ...new Set(
          [...original.matchAll(/\b(\p{Lu}\p{Ll}{1,4})\.(?=[\d,;)]|\s+[\p{Ll}\d(])/gu)].map((m) =>
            (m[1] as string).toLowerCase(),
          ),
        ),
      ],
      numericDate: /\b\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}\b/.test(o.allText),
      origAcronyms,
      origAnyNumbers: numberFacts(c).origAnyNumbers,
    };
  });
}

/** Joining words an acronym leaves out ("environmental, social and governance": "esg"). */
const JOINING_WORDS: Exception = {
  id: 'joining-words',
  why: 'an acronym leaves out its joining words',
  words: ['and', 'of', 'the', 'for', 'in', 'on', 'to', 'a', 'an'],
};

/** Endings that make a people, a language or a style of a name ("Panamanian", "Jewish", "Dickensian"). */
const DEMONYM_ENDING = /^(?:n?ians?|ese|ish|ans?|i|ic|ns|esque|ean)$/;
/** Words a compound on a name may end in ("UK-based", "London-centric"). */
const COMPOUND_TAILS: Exception = {
  id: 'compound-on-a-name',
  why: 'a compound on a name of the original ("UK-based", "London-centric") names nothing new',
  words: ['esque', 'centric', 'based', 'powered', 'style', 'like', 'led'],
};

/** What one name exception reads: the name, the original's facts and the sentence's own. */
interface NameCase {
  name: string;
  n: NameFacts;
  /** Capitalised runs of the sentence that spell an acronym of the original. */
  expanded: () => Set<string>;
  /** Capitalised dictionary words next to a word of the original in the sentence ("Jordan River"). */
  besideKnownName: () => Set<string>;
}

interface NameException extends Exception {
  applies: (x: NameCase) => boolean;
}

/** The cases where a capitalised word the original does not have is still not a new name, in the order tried. */
export const NAME_EXCEPTIONS: readonly NameException[] = [
  {
    id: 'in-original',
    why: 'a name or word of the original',
    applies: ({ name, n }) => n.origNames.has(name) || n.origWords.has(name),
  },
  {
    id: 'abbreviation-written-out',
    why: 'an abbreviation of the original written out ("Circuit" for "Cir.", "Corporation" for "Corp.")',
    applies: ({ name, n }) => n.abbreviations.some((a) => name.length > a.length && name.startsWith(a)),
  },
  {
    id: 'number-in-words',
    why: 'a number in words that the original states in figures ("Ninth Circuit" / "9th Cir.")',
    applies: ({ name, n }) => Boolean(NUMBER_WORDS[name] && n.origAnyNumbers.has(NUMBER_WORDS[name])),
  },
  {
    id: 'month-of-numeric-date',
    why: 'a month named where the original writes the date in figures ("08/10/06" / "August 10, 2006")',
    applies: ({ name, n }) => MONTHS.has(name) && n.numericDate,
  },
  {
    id: 'lower-case-word',
    why: 'a word either text uses in lower case is an ordinary word ("For", "Mystery")',
    applies: ({ name, n }) => n.lowerWords.has(name),
  },
  {
    id: 'acronym-spelled-out',
    why: 'a name spelled out from an acronym of the original ("Corporate Social Responsibility" for "CSR")',
    applies: ({ name, expanded }) => expanded().has(name),
  },
  {
    id: 'other-form',
    why: 'another form of a name or word of the original ("Britain" / "British", "Persians" / "Persia")',
    applies: ({ name, n }) =>
      n.origStems.has(nameStem(name)) ||
      (name.length >= NAME_NEARLY_SAME_MIN &&
        n.origWordList.some((w) => w.length >= NAME_NEARLY_SAME_MIN && nearlySame(w, name))),
  },
  {
    id: 'completes-a-name',
    why: 'a common word that completes a name of the original ("Jordan River", "Hammer Nutrition")',
    applies: ({ name, besideKnownName }) => besideKnownName().has(name),
  },
  {
    id: 'people-or-style',
    why: 'a people or language named after a place of the original ("Panamanian"), or a word made from a name ("Kafkaesque")',
    applies: ({ name, n }) =>
      n.origWordList.some(
        (w) =>
          w.length >= 4 &&
          [w.replace(/s$/, ''), w].some(
            (base) => name.startsWith(base) && DEMONYM_ENDING.test(name.slice(base.length).replace(/^a(?=n)/, '')),
          ),
      ),
  },
  {
    ...COMPOUND_TAILS,
    applies: ({ name, n }) => {
      const parts = name.split('-');
      // A compound of names the original has ("U.S.-Panama").
      if (parts.length > 1 && parts.every((part) => n.origWords.has(part.replace(/\./g, '')) || n.origWords.has(part)))
        return true;
      return (
        parts.length > 1 &&
        (n.origWords.has(parts[0] as string) || n.origStems.has(nameStem(parts[0] as string))) &&
        parts.slice(1).every((p) => inDictionary(p) || (COMPOUND_TAILS.words ?? []).includes(p))
      );
    },
  },
  {
    id: 'capitalised-word-of-original',
    why: 'the same word capitalised (a heading, a label)',
    applies: ({ name, n }) => name.split('-').every((part) => n.allLemmas.has(lemma(part)) || STOP.has(part)),
  },
  {
    id: 'acronym-of-original-words',
    why: 'an acronym of words the original spells out',
    applies: ({ name, n }) =>
      /^[a-z]{2,6}s?$/.test(name) &&
      (n.initials.includes(name.replace(/s$/, '')) || n.initialsBare.includes(name.replace(/s$/, ''))),
  },
  {
    id: 'written-differently',
    why: 'a name written differently ("U.S." and "US", "Schrödinger" and "Schrodinger") or in a possessive',
    applies: ({ name, n }) =>
      n.allText.includes(name) || n.allText.includes(name.replace(/\./g, '')) || n.foldedText.includes(foldMarks(name)),
  },
  {
    id: 'common-acronym',
    why: 'an acronym used as a common noun ("AI", "TV", "DIY") or the currency code of the original\'s currency ("USD" for "$")',
    words: [...COMMON_ACRONYMS],
    applies: ({ name, n }) => COMMON_ACRONYMS.has(name) || n.currencyCodes.has(name),
  },
  {
    id: 'united-states',
    why: 'the country of "American"',
    applies: ({ name, n }) =>
      (name === 'united' || name === 'states') && /\b(?:americans?|america|usa|u\.s)\b/.test(n.allText),
  },
  {
    id: 'alias',
    why: 'another name of the same country or war ("Britain" for "the UK", "WWII"), or a temperature scale written "°C"',
    applies: ({ name, n }) => NAME_ALIASES.some(([names, said]) => names.has(name) && said.test(n.original)),
  },
];

export const nameNew: Rule<SentenceCheck> = {
  id: 'name.new',
  drift: 'name',
  why: 'a proper name the original does not have in any form is a changed or invented fact (a month is reported as a changed date)',
  exceptions: NAME_EXCEPTIONS,
  check: (s) => {
    const { f } = s;
    if (f.names.length === 0) return null;
    const n = nameFacts(s.c);
    let expanded: Set<string> | undefined;
    let beside: Set<string> | undefined;
    for (const name of f.names) {
      const x: NameCase = {
        name,
        n,
        expanded: () => (expanded ??= acronymRuns(s.text, n.origAcronyms)),
        besideKnownName: () => (beside ??= wordsBesideNames(s.text, n.origWords, n.besideIndex)),
      };
      if (NAME_EXCEPTIONS.some((e) => e.applies(x))) continue;
      const shown = name.replace(/^\p{L}/u, (ch) => ch.toUpperCase());
      if (MONTHS.has(name)) return { drift: 'number', detail: `a date changed ("${shown}" is not in your text)` };
      return { detail: `a name changed ("${shown}" is not in your text)` };
    }
    return null;
  },
};
