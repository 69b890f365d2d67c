import { allSensesOf, inDictionary, lemma } from '../../lexical.ts';
import { NAME_SHARED_START, NAME_SPELLING_LONG, NAME_SPELLING_MIN, NAME_STEM_MIN } from '../thresholds.ts';
import { STOP } from '../words.ts';

/**
 * Proper names as a text writes them, and the ways two texts write one name: another form ("Britain" /
 * "British"), another spelling, a word that completes a name, an acronym spelled out, another name of the same
 * place.
 */

/** Acronyms used as common nouns: not names a rewrite could invent. */
export const COMMON_ACRONYMS = new Set(
  'ai tv diy ceo ceos faq faqs pc pcs hr pr gps dna id ids vip vips asap fyi ok usb pdf ui atm suv suvs'.split(' '),
);

/** Names of one thing written another way: the answer's name (lower case) and what in the original says it. */
export const NAME_ALIASES: [ReadonlySet<string>, RegExp][] = [
  [
    new Set(['uk', 'britain', 'british', 'brits', 'united', 'kingdom', 'great']),
    /\b(?:UK|U\.K\.?|United Kingdom|Great Britain|Britain|British|Brits?)\b/,
  ],
  [
    new Set(['us', 'usa', 'america', 'american', 'americans', 'united', 'states']),
    /\b(?:US|U\.S\.?|USA|U\.S\.A\.?|United States|America|Americans?)\b/,
  ],
  [
    new Set(['wwii', 'ww2', 'world', 'war', 'ii', 'second']),
    /\b(?:WWII|WW2|World War (?:II|2|Two)|Second World War)\b/i,
  ],
  [
    new Set(['wwi', 'ww1', 'world', 'war', 'i', 'first', 'great']),
    /\b(?:WWI|WW1|World War (?:I|1|One)|First World War|Great War)\b/i,
  ],
  [new Set(['celsius', 'centigrade']), /\d\s*°\s*C\b|\b(?:Celsius|centigrade)\b/i],
  [new Set(['fahrenheit']), /\d\s*°\s*F\b|\bFahrenheit\b/i],
  [new Set(['african']), /\bBlack\b/],
  [new Set(['spirit']), /\bHoly Ghost\b/],
];

/** Informal words a casual rewrite may open a sentence with; not names. */
export const INFORMAL = new Set(
  'wanna gonna gotta lemme kinda sorta btw tbh imo imho lol omg lmao rofl nah ouch bff fyi idk smh ikr yeah yep yup nope hey hmm ok okay alright whoa wow yay ugh oh ah'.split(
    ' ',
  ),
);

export const MONTHS = new Set(
  'january february march april may june july august september october november december'.split(' '),
);

/** Words that open sentences and are in no dictionary of content words: never names there. */
export const FUNCTION_WORDS = new Set(
  (
    'for amidst amid whilst without within despite throughout toward towards upon beside besides beyond unlike ' +
    'regarding concerning per plus versus along alongside amongst around behind below beneath between though ' +
    'although unless whereas whether wherever whenever whatever whoever however moreover furthermore nevertheless ' +
    'nonetheless therefore thus hence meanwhile otherwise instead indeed perhaps maybe yes ever every everyone ' +
    'everything someone something anyone anything nobody nothing whichever whose let lets'
  ).split(' '),
);

/**
 * Proper names: capitalised words that are not the first word of a sentence (or of a quotation, a line, a
 * list item or a clause after a colon or a dash), not "I", and not in a segment written in title case (a
 * heading or a label such as "Financing Options" or "Progressive Action:"). A capital at such a start counts
 * only when the word is in no dictionary.
 */
export function namesOf(sentence: string, sentenceStart: boolean): string[] {
  const out: string[] = [];
  let first = sentenceStart;
  // Title case is judged per segment: a label before a colon or a dash, a heading line, a bold run.
  for (const segment of sentence.split(/(?<=[:\n]|\*\*|[–—])/)) {
    const toks = segment.match(/[\p{L}][\p{L}'’.-]*|[.!?:;"“(\[*#•>|–—]|(?<!\p{L})['‘](?=\p{L})/gu) ?? [];
    const words = toks.filter((t) => /\p{L}/u.test(t));
    // Title case leaves short joining words in lower case ("Time is of the Essence").
    const heads = words.filter((w) => !STOP.has(w.toLowerCase()));
    const caps = heads.filter((w) => /^\p{Lu}/u.test(w)).length;
    const titleCase = heads.length >= 2 && caps / heads.length > 0.6;
    for (const t of toks) {
      if (!/\p{L}/u.test(t)) {
        first = true;
        continue;
      }
      const w = t.replace(/['’]s$/, '').replace(/[.'’-]+$/, '');
      const isFirst = first;
      first = false;
      if (!/^\p{Lu}/u.test(w) || w === 'I' || /^I['’]/.test(w)) continue;
      const lower = w.toLowerCase();
      if (MONTHS.has(lower) && isFirst) continue;
      if (isFirst || titleCase) {
        if (STOP.has(lower) || FUNCTION_WORDS.has(lower) || INFORMAL.has(lower) || /['’]/.test(w)) continue;
        if (lower.split('-').every((part) => STOP.has(part) || inDictionary(part))) continue;
        if (/in$/.test(lower) && inDictionary(`${lower}g`)) continue;
        // An adverb made from a dictionary word ("Seamlessly", "Astoundingly").
        if (/ly$/.test(lower) && (inDictionary(lower.slice(0, -2)) || inDictionary(`${lower.slice(0, -3)}y`))) continue;
      }
      if (/^[A-Z]$/.test(w)) continue;
      // Chat words ("LOL", "Omg") and a dictionary word in capitals for emphasis ("HUGE") are not names.
      if (INFORMAL.has(lower) || (w.length >= 3 && w === w.toUpperCase() && inDictionary(lower))) continue;
      out.push(lower);
    }
  }
  return out;
}

const NAME_SUFFIX = /(?:ians?|ans?|ese|ish|ains?|ia|ic|ns?|s|i|an)$/;
/** "British" and "Britain", "Persians" and "Persia": the same name in another form. */
export function nameStem(w: string): string {
  const stem = w.replace(NAME_SUFFIX, '');
  return stem.length >= NAME_STEM_MIN ? stem : w;
}

/**
 * Two spellings of one word: one letter added, dropped or changed ("katharine" / "katherine"), two in a word of
 * seven letters or more ("acommodation" / "accommodation").
 */
export function closeSpelling(a: string, b: string): boolean {
  const most = Math.min(a.length, b.length) >= NAME_SPELLING_LONG ? 2 : 1;
  if (
    a.length < NAME_SPELLING_MIN ||
    b.length < NAME_SPELLING_MIN ||
    Math.abs(a.length - b.length) > most ||
    a[0] !== b[0]
  )
    return false;
  let prev = Array.from({ length: b.length + 1 }, (_, k) => k);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let k = 1; k <= b.length; k++)
      row[k] = Math.min(
        (prev[k] ?? 0) + 1,
        (row[k - 1] ?? 0) + 1,
        (prev[k - 1] ?? 0) + (a[i - 1] === b[k - 1] ? 0 : 1),
      );
    prev = row;
  }
  return (prev[b.length] ?? 99) <= most;
}

/** "Honduras" and "Honduran": one letter apart at the end of a long shared start. */
export function nearlySame(a: string, b: string): boolean {
  let k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  return k >= NAME_SHARED_START && Math.max(a.length, b.length) - k <= 1;
}

/** A word as the name checks compare it: lower case, without a possessive "'s". */
export const bare = (t: string): string => t.toLowerCase().replace(/['’]s$/, '');

/** A capitalised word that is not a closed-class word ("The", "And" opening a sentence). */
export const capital = (t: string | undefined): t is string =>
  t !== undefined && /^\p{Lu}/u.test(t) && !STOP.has(bare(t));

/** For each capitalised word of a text, the capitalised words right after it and right before it. */
export interface BesideIndex {
  after: Map<string, Set<string>>;
  before: Map<string, Set<string>>;
}

export function besideIndexOf(text: string): BesideIndex {
  const toks = text.match(/[\p{L}][\p{L}'’-]*|[^\s\p{L}]/gu) ?? [];
  const after = new Map<string, Set<string>>();
  const before = new Map<string, Set<string>>();
  const add = (m: Map<string, Set<string>>, k: string, v: string): void => {
    const set = m.get(k) ?? new Set<string>();
    set.add(v);
    m.set(k, set);
  };
  toks.forEach((t, k) => {
    if (!capital(t)) return;
    const next = toks[k + 1];
    const prev = toks[k - 1];
    if (capital(next)) add(after, bare(t), bare(next));
    // A possessive before the name ("Club Nova's Dunmore") is not part of it.
    if (capital(prev) && !/['’]s$/.test(prev)) add(before, bare(t), bare(prev));
  });
  return { after, before };
}

/**
 * Capitalised dictionary words next to a capitalised word `words` holds ("River" in "Jordan River"). A month is
 * a date, not part of a name, and a joining word that opens a sentence ("In July") is no name. Where the original
 * has that neighbour next to another capitalised word on the same side ("Grace Okafor", "Stanford University"),
 * a different word there ("Grace Adams", "Harvard University") is a name swapped, not a name completed.
 */
export function wordsBesideNames(sentence: string, words: Set<string>, beside: () => BesideIndex): Set<string> {
  const out = new Set<string>();
  const toks = sentence.match(/[\p{L}][\p{L}'’-]*/gu) ?? [];
  // The capitalised words the original puts right after (side 1) or right before (side -1) a word.
  const besideInOriginal = (w: string, side: 1 | -1): Set<string> =>
    (side === 1 ? beside().after : beside().before).get(w) ?? new Set<string>();
  toks.forEach((t, i) => {
    if (!/^\p{Lu}/u.test(t) || !inDictionary(bare(t)) || MONTHS.has(bare(t))) return;
    for (const [n, side] of [
      [toks[i - 1], 1],
      [toks[i + 1], -1],
    ] as const) {
      if (!capital(n) || !words.has(bare(n))) continue;
      const there = besideInOriginal(bare(n), side);
      // The same word respelled or shortened ("Plazza", "Intl."), or a synonym ("Holy Ghost" / "Holy Spirit").
      const same = (w: string): boolean =>
        w === bare(t) ||
        (w.length >= 3 && bare(t).startsWith(w)) ||
        closeSpelling(w, bare(t)) ||
        allSensesOf(lemma(w)).some((k) => allSensesOf(lemma(bare(t))).includes(k));
      if (there.size === 0 || [...there].some(same)) out.add(bare(t));
    }
  });
  return out;
}

/** Capitalised runs ("Corporate Social Responsibility") whose initials spell a word of `words` ("csr"). */
export function acronymRuns(sentence: string, words: Set<string>): Set<string> {
  const out = new Set<string>();
  const toks = sentence.match(/[\p{L}][\p{L}'’-]*/gu) ?? [];
  for (let i = 0; i < toks.length; i++) {
    if (!/^\p{Lu}/u.test(toks[i] ?? '')) continue;
    const run: string[] = [];
    let initials = '';
    for (let k = i; k < toks.length; k++) {
      const t = toks[k] as string;
      if (/^\p{Lu}/u.test(t)) {
        run.push(t.toLowerCase());
        initials += t[0]?.toLowerCase() ?? '';
        if (initials.length >= 2 && words.has(initials)) for (const r of run) out.add(r.replace(/['’]s$/, ''));
      } else if (!/^(?:of|and|for|the|in|on|to|&)$/.test(t)) break;
    }
  }
  return out;
}
