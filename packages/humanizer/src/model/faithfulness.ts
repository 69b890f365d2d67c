import {
  allSensesOf,
  antonymSensesOf,
  antonymsOf,
  derivedSensesOf,
  EVERYDAY_OPPOSITES,
  inDictionary,
  lemma,
  sensesOf,
} from './lexical.ts';
import { deniedStem, looksDenied, reversedAmount, turnedComparison } from './polarity.ts';

/**
 * The faithfulness check on model answers: does the rewrite say what the original says? It judges meaning,
 * not surface, in three steps (decision 0024):
 *
 * 1. Sentences are aligned many-to-many by shared content lemmas, where a WordNet synonym (one of the three
 *    most frequent senses of both words) counts as shared. Merged, split and reordered sentences align.
 * 2. Hard checks only for facts, each naming the answer sentence it found: a number, amount or year the
 *    original does not have; a proper name it does not have (a capital that only starts a sentence and is a
 *    dictionary word is not a name); a URL or email lost or changed; words inside quotation marks that the
 *    original does not say word for word (a quotation may be reported in other words, never misquoted); negation polarity that
 *    differs between aligned sentences; a WordNet antonym of an original word in its aligned sentence (a
 *    reversed claim).
 * 3. Coverage, with tolerances by mode: an answer sentence that aligns with nothing and brings mostly new
 *    content words is invented; an original sentence that no answer sentence covers is dropped; an answer
 *    that keeps little of the original at all is unrelated.
 *
 * Word choice, inflection, voice and clause order are never failures by themselves. The result lists every
 * failing sentence, so the loop can repair those and keep the rest.
 */
export type Drift =
  | 'number'
  | 'name'
  | 'negation'
  | 'antonym'
  | 'quote'
  | 'link'
  | 'invented'
  | 'disputed'
  | 'dropped'
  | 'unrelated'
  | 'length';

/** Drift a reader would object to in the sentence where it happens; repaired sentence by sentence. */
export const SENTENCE_DRIFTS: readonly Drift[] = [
  'number',
  'name',
  'negation',
  'antonym',
  'quote',
  'link',
  'invented',
  'disputed',
];

export interface SentenceFailure {
  drift: Drift;
  detail: string;
  /** Index of the answer sentence at fault (-1 when the fault is a lost original sentence). */
  answer: number;
  /** Indexes of the original sentences aligned with it. */
  original: number[];
}

export interface Faithfulness {
  ok: boolean;
  /** The first failure's kind and detail (the whole answer's verdict). */
  drift?: Drift;
  detail?: string;
  /** Share of the original's content lemmas kept in the answer (synonyms count). */
  recall: number;
  /** Share of the original's content in sentences the answer does not cover. */
  droppedShare: number;
  /** Share of the original's content in the longest run of sentences the answer does not align with. */
  gapShare: number;
  /** Share of the original's content after the last sentence the answer aligns with. */
  tailShare: number;
  /** Answer words / original words. */
  lengthRatio: number;
  failures: SentenceFailure[];
  /** Original sentences no answer sentence covers. */
  dropped: number[];
  /** Of those, the ones the answer as a whole does not cover either (not said loosely across other sentences). */
  missing: number[];
  /** Original sentences (with content) no answer sentence reaches closely: the gaps and a missing end. */
  unreached: number[];
  originalSentences: Sentence[];
  answerSentences: Sentence[];
  /** answer sentence index → aligned original sentence indexes. */
  alignment: number[][];
  /** answer sentence index → similarity with each original sentence (content lemmas shared, synonyms count). */
  similarity: number[][];
  /**
   * Answer sentences the checks let pass but cannot vouch for (the grey band): a "not" gained or lost with no
   * word to point at, inside a merge of several original sentences. An optional second opinion may reject them.
   */
  doubts: number[];
  /**
   * Answer sentences that state a claim in a word the text does not have in any form: a word with an opposite
   * ("a useful guide" where the text says "a guide"), which the checks cannot hold against anything. The second
   * opinion hears them after the doubts, while its budget lasts.
   */
  claims: number[];
}

/** Tolerances by mode, on the whole answer. */
export interface Tolerance {
  /** Answer words / original words. */
  minLength: number;
  maxLength: number;
  /** Share of the original's content after the last aligned sentence at which the end counts as dropped. */
  maxTail: number;
  /** The same, with each answer sentence reaching only the original sentence it is closest to. */
  maxClosestTail: number;
  /** The same for the longest unaligned run of sentences anywhere. */
  maxGap: number;
  /**
   * A much shorter answer (under `shortTailLength`) has left the end out from a smaller missing end
   * (`shortTail`): shorter and stopping early is how a model that runs out of room fails.
   */
  shortTail: number;
  shortTailLength: number;
  /** A much shorter answer (under `shortLength`) must keep at least `shortRecall` of the content. */
  shortLength: number;
  shortRecall: number;
  /** Content recall under this is an unrelated text. */
  minRecall: number;
}

export const TOLERANCE: Record<'deep' | 'lightning', Tolerance> = {
  // Deep restructures and may condense (a simplified rewrite is often 60-70% as long).
  deep: {
    minLength: 0.3,
    maxLength: 2.2,
    maxTail: 0.3,
    maxClosestTail: 0.25,
    maxGap: 0.45,
    shortTail: 0.15,
    shortTailLength: 0.7,
    shortLength: 0.55,
    shortRecall: 0.42,
    minRecall: 0.24,
  },
  // Lightning is a closer rewrite of the same text.
  lightning: {
    minLength: 0.5,
    maxLength: 1.6,
    maxTail: 0.25,
    maxClosestTail: 0.2,
    maxGap: 0.4,
    shortTail: 0.15,
    shortTailLength: 0.7,
    shortLength: 0.65,
    shortRecall: 0.45,
    minRecall: 0.3,
  },
};

/**
 * Common opposites WordNet does not list as antonyms ("help" / "hurt", "support" / "oppose"). With no sense to
 * match, they count only where the aligned original says the opposite word itself, in the same place.
 */
const OPPOSED = ((): Map<string, string[]> => {
  const m = new Map<string, string[]>();
  for (const pair of (
    'help/hurt help/harm benefit/harm support/oppose gain/lose allow/forbid allow/prohibit permit/forbid ' +
    'permit/prohibit improve/worsen approve/reject accept/refuse agree/refuse agree/decline increase/reduce ' +
    'expand/shrink grow/shrink rise/drop rise/decline grow/decline confirm/deny add/remove strengthen/weaken ' +
    'increase/fall increase/drop increase/decline increase/lower raise/reduce raise/lower raise/cut double/halve ' +
    'reopen/close ' +
    'success/failure profit/loss easy/hard welcome/ban allow/ban permit/ban praise/blame'
  ).split(' ')) {
    const [a, b] = pair.split('/') as [string, string];
    m.set(a, [...(m.get(a) ?? []), b]);
    m.set(b, [...(m.get(b) ?? []), a]);
  }
  return m;
})();

/** Antonyms that name one event from its two sides (a sale is a purchase): "sold" in the passive is "bought". */
const CONVERSES = new Set(['buy/sell', 'sell/buy', 'lend/borrow', 'borrow/lend', 'give/take', 'take/give']);

/** Lemmas of the verbs a sentence uses in the passive ("are sold", "was quietly given", "got taken"). */
function passives(sentence: string): Set<string> {
  const out = new Set<string>();
  for (const m of sentence
    .toLowerCase()
    .matchAll(/\b(?:is|are|was|were|be|been|being|get|gets|got|gotten)\s+(?:[a-z]+ly\s+)?([a-z]+)/g))
    out.add(lemma(m[1] ?? ''));
  return out;
}

/** An answer sentence aligns with nothing when its best similarity is under this. */
const ALIGN_MIN = 0.12;
/** A number in an answer sentence must be in its aligned original sentences or this many sentences around them. */
const NUMBER_REACH = 1;
/** An answer sentence with this many new content lemmas, and this share of its own, is invented. */
const INVENTED_MIN_NEW = 3;
const INVENTED_SHARE = 0.6;
/**
 * A sentence that shares next to nothing with any original sentence (similarity under this) is invented with a
 * smaller share of new content lemmas: the few words it shares with the text are then common ones, not a restatement.
 */
const INVENTED_STRAY = 0.09;
const INVENTED_STRAY_SHARE = 0.5;
/** An original sentence is covered when this share of its content lemmas appears in the answer nearby. */
const COVERED = 0.34;
/** Only sentences this similar count as "the same sentence" for a negation with no word to point at. */
const NEGATION_ALIGN = 0.3;
/** An answer sentence this similar to one original sentence follows it closely (its negations are compared). */
const CLOSE_ALIGN = 0.35;
/** An answer sentence follows an original sentence this nearly as similar as its closest (for negations). */
const FOLLOW = 0.6;
/** An answer sentence this similar to an original sentence all but copies it. */
const COPY_ALIGN = 0.8;
/** An answer sentence counts as reaching its aligned originals (for the gap measure) from this similarity. */
const GAP_ALIGN = 0.2;

const STOP = new Set(
  (
    'a an the and or but nor so yet of in on at to by with from into onto over under about above below after before between through during within across against among around toward towards upon via as than ' +
    'is are was were be been being am has have had having do does did doing can could will would should may might must shall ' +
    'i me my mine we us our ours you your yours he him his she her hers it its they them their theirs this that these those there here what which who whom whose when where why how ' +
    'all any both each few more most other some such only own same too very just also then now even still again further once really quite rather much many lot lots ' +
    'if because while although though since unless until whether either one ones thing things way get got make made like well'
  ).split(' '),
);

/** "not" and its kin, with the contractions people type without an apostrophe ("dont", "arent"). */
const NEGATOR =
  /\b(?:not|no|never|none|nor|neither|nobody|nothing|nowhere|cannot|without|hardly|barely|scarcely|dont|doesnt|didnt|isnt|arent|wasnt|werent|cant|couldnt|wouldnt|shouldnt|wont|havent|hasnt|hadnt)\b|n't\b|n’t\b/gi;

export interface Sentence {
  text: string;
  start: number;
  end: number;
  paragraph: number;
}

/** Protected spans that are ordinary words: number words alone, ordinals, common abbreviations. */
const ORDINARY_SPAN =
  /^(?:(?:the\s+)?(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|half|twice|once|first|second|third|fourth|fifth|dozen|hundred|thousand)(?:[- ](?:one|ones|time|times|hundred|thousand))?|e\.g\.|i\.e\.|etc\.|vs\.|cf\.|approx\.|et al\.|a\.m\.|p\.m\.)$/i;

/** A sentence longer than this many words with no stop inside is judged in pieces of about RUN_WORDS. */
const LONG_RUN = 60;
const RUN_WORDS = 24;

/** Sentences with their offsets: lines are paragraphs, and a stop followed by a capital ends a sentence. */
export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  let paragraph = 0;
  let pos = 0;
  for (const line of text.split('\n')) {
    const lineStart = pos;
    pos += line.length + 1;
    if (line.trim() === '') {
      paragraph++;
      continue;
    }
    // A stop before a capital, a single stop after a word before a lower-case word (text written all in lower
    // case), a stop glued to the next sentence's first word ("bad.After"), or line breaks written as HTML
    // ("<br />") in pasted text.
    const re =
      /[.!?…]+["'”’)\]]*\s+(?=(?:[*•–-]\s+)?["'“‘(\[]?[A-Z0-9])|(?<=[a-z]{2})(?<![.!?])[.!?]["'”’)\]]*\s+(?=["'“‘(\[]?[a-z]{2})|(?<=[a-z]{2}[.!?])(?=[A-Z][a-z])|(?:\s*<[bB][rR]\s*\/?>)+\s*/g;
    let last = 0;
    let m: RegExpExecArray | null;
    const add = (a: number, b: number): void => {
      const raw = line.slice(a, b);
      const lead = raw.length - raw.trimStart().length;
      const t = raw.trim();
      if (t) out.push({ text: t, start: lineStart + a + lead, end: lineStart + a + lead + t.length, paragraph });
    };
    const push = (a: number, b: number): void => {
      // Text with its stops taken out (a transcript, a scraped page) is one long run: judged in pieces, cut
      // before a capital that starts a new thought, or every RUN_WORDS words, so coverage is still measured.
      const words = [...line.slice(a, b).matchAll(/\S+/g)];
      if (words.length <= LONG_RUN) return add(a, b);
      let from = a;
      let count = 0;
      for (const w of words) {
        const at = a + w.index;
        if (count >= RUN_WORDS / 2 && (/^[A-Z][a-z]/.test(w[0]) || count >= RUN_WORDS)) {
          add(from, at);
          from = at;
          count = 0;
        }
        count++;
      }
      add(from, b);
    };
    while ((m = re.exec(line)) !== null) {
      if (m[0] === '') re.lastIndex++;
      const end = /<br/i.test(m[0]) ? m.index : m.index + m[0].trimEnd().length;
      // "Dr. Smith", "e.g. Paris", "U.S. Army": an abbreviation is not a sentence end.
      const before = line.slice(last, end);
      // A quotation closed before a lower-case word goes on in the same sentence ('"Why?" asked the Guru.').
      if (/[?!.]["”’]$/.test(before) && /^\s+[a-z]/.test(line.slice(end))) continue;
      if (/(?:\b(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|vs|etc|e\.g|i\.e|No|Vol|Fig)\.|\b[A-Z]\.)$/.test(before)) continue;
      // A page, section or figure reference before its number ("(Lee, 2019, p. 4)", "pp. 12-15", "sec. 3").
      if (
        /^\s+\d/.test(line.slice(end)) &&
        /\b(?:p|pp|para|paras|ch|sec|art|eq|ref|fig|figs|no|nos|vol)\.$/i.test(before)
      )
        continue;
      // Before a lower-case word, a short abbreviation ("approx.", "et al.", "p.m.") does not end a sentence.
      if (
        /^\s+[a-z]/.test(line.slice(end)) &&
        /\b(?:[a-z]\.[a-z]|approx|etc|vs|al|cf|ca|fig|figs|no|nos|vol|pp|ed|eds|inc|ltd|co|corp|dept|est|min|max|ave|mt|ft|oz|lbs?|hrs?|sec|mins?|st|resp|viz|incl|excl)\.$/i.test(
          before,
        )
      )
        continue;
      push(last, end);
      last = m.index + m[0].length;
    }
    push(last, line.length);
    paragraph++;
  }
  return out;
}

const NUMBER_WORDS: Record<string, string> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  seventeen: '17',
  eighteen: '18',
  nineteen: '19',
  twenty: '20',
  thirty: '30',
  forty: '40',
  fifty: '50',
  sixty: '60',
  seventy: '70',
  eighty: '80',
  ninety: '90',
  hundred: '100',
  thousand: '1000',
  million: '1000000',
  billion: '1000000000',
  dozen: '12',
  half: '0.5',
  twice: '2',
  double: '2',
  first: '1st',
  second: '2nd',
  third: '3rd',
  fourth: '4th',
  fifth: '5th',
  sixth: '6th',
  seventh: '7th',
  eighth: '8th',
  ninth: '9th',
  tenth: '10th',
  eleventh: '11th',
  twelfth: '12th',
  fifteenth: '15th',
  sixteenth: '16th',
  seventeenth: '17th',
  eighteenth: '18th',
  nineteenth: '19th',
  twentieth: '20th',
  hundredth: '100th',
};

/** Acronyms used as common nouns: not names a rewrite could invent. */
const COMMON_ACRONYMS = new Set(
  'ai tv diy ceo ceos faq faqs pc pcs hr pr gps dna id ids vip vips asap fyi ok usb pdf ui atm suv suvs'.split(' '),
);

/** Names of one thing written another way: the answer's name (lower case) and what in the original says it. */
const NAME_ALIASES: [ReadonlySet<string>, RegExp][] = [
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

/** Letters without their accents ("schrödinger" → "schrodinger"), so a name spelled with or without them agrees. */
const foldMarks = (t: string): string => t.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** Informal words a casual rewrite may open a sentence with; not names. */
const INFORMAL = new Set(
  'wanna gonna gotta lemme kinda sorta btw tbh imo imho lol omg lmao rofl nah ouch bff fyi idk smh ikr yeah yep yup nope hey hmm ok okay alright whoa wow yay ugh oh ah'.split(
    ' ',
  ),
);

const MONTHS = new Set(
  'january february march april may june july august september october november december'.split(' '),
);

interface Facts {
  numbers: string[];
  /** Number words kept apart: "one" and "second" are ordinary words too. */
  numberWords: string[];
  /**
   * Other ways of writing the sentence's numbers, which count as stated but are never judged as new: "forty-five"
   * is 45, "£512m" and "512 million" are 512000000, "2,500,000" is also 2.5 million, "9-1-1" is 911, "3rd" is 3,
   * "both" is 2.
   */
  numberForms: string[];
  /** The number of a list item the sentence opens ("2." or "3)" at the start of a line). */
  item?: number;
  names: string[];
  links: string[];
  quotes: string[];
}

function normNumber(n: string): string {
  return n
    .replace(/,/g, '')
    .replace(/\.0+$/, '')
    .replace(/^0+(?=\d)/, '');
}

/** Lower case, letters and digits only, one space between words: how quotations are compared. */
const flat = (t: string): string =>
  t
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * British and American spellings of a word compared as one ("organisational" / "organizational", "colour" /
 * "color", "analyse", "centre", "catalogue"): a quotation respelled is not misquoted. Applied to both texts.
 */
const oneSpelling = (flatText: string): string =>
  flatText
    .replace(/\b([a-z]{3,})is(ation|ations|ational|e|ed|es|er|ers|ing)\b/g, '$1iz$2')
    .replace(/\b([a-z]{2,})our(s|ed|ing|able)?\b/g, '$1or$2')
    .replace(/\b([a-z]{2,})ys(e|ed|es|ing)\b/g, '$1yz$2')
    .replace(/\b([a-z]{3,})tre(s)?\b/g, '$1ter$2')
    .replace(/\b([a-z]{2,})ogue(s)?\b/g, '$1og$2');

const LINK_RE = /\bhttps?:\/\/[^\s)>\]]+|\bwww\.[^\s)>\]]+|[\w.+-]+@[\w-]+\.[\w.-]+/gi;
/**
 * A bare domain name on a common top-level domain ("lend-a-laptop.example.org", "Reason.com"). The domain is
 * matched in lower case only, so two sentences run together without a space ("the school.In May") are not a link.
 */
const DOMAIN_RE =
  /\b[A-Za-z0-9][A-Za-z0-9-]*(?:\.[A-Za-z0-9-]+)*\.(?:com|org|net|io|edu|gov|info|biz|uk)\b(?:\/[^\s)>\]"'”]*)?/g;
const QUOTE_RE = /"([^"\n]{3,300})"|“([^”\n]{3,300})”/g;

function factsOf(sentence: string, sentenceStart: boolean, lineStart = false): Facts {
  const withoutLinks = sentence.replace(LINK_RE, ' ');
  // A link with or without its "https://" or "www." (and a closing slash) is the same link.
  const links = [...(sentence.match(LINK_RE) ?? []), ...(withoutLinks.match(DOMAIN_RE) ?? [])].map((l) =>
    l
      .replace(/[.,;:]+$/, '')
      .toLowerCase()
      .replace(/^(?:https?:\/\/)?(?:www\.)?/, '')
      .replace(/\/$/, ''),
  );
  // A list item's number ("2." or "3)" opening a line) counts items; it states no fact.
  const item = lineStart ? /^\s*(\d{1,2})[.)](?=\s|$)/.exec(withoutLinks) : null;
  const plain = withoutLinks
    .replace(DOMAIN_RE, ' ')
    .slice(item ? item[0].length : 0)
    // A year by its last two digits ("back in '08") is the year ("2008"); "the '80s" stays a decade.
    .replace(
      /(^|[\s(])['’](\d\d)\b(?!s)/g,
      (_m, before: string, d: string) => `${before}${Number(d) <= 30 ? '20' : '19'}${d}`,
    );
  // A time on the hour is its hour ("9:00" is the "9" of "9 a.m."), not a 9 and a 0.
  const numbers = (plain.replace(/\b(\d{1,2}):00\b(?!:)/g, '$1').match(/\d+(?:[.,]\d+)*/g) ?? []).map(normNumber);
  const numberWords: string[] = [];
  const counted = listCount(plain);
  // Number words that make one number together are that number, not their parts: "twenty-first" is 21st (not 20),
  // "two and a half" is 2.5, "fifteen hundred" is 1500, "fifteen thousand" 15000. The parts still count as stated.
  const parts: string[] = [];
  const wordsLeft = plain
    .toLowerCase()
    .replace(COMPOUND_NUMBER, (_m, t: string, u: string) => {
      const unit = NUMBER_WORDS[u] as string;
      const v = Number(NUMBER_WORDS[t]) + Number(unit.replace(/\D/g, ''));
      numberWords.push(/\d(?:st|nd|rd|th)$/.test(unit) ? ordinal(v) : String(v));
      parts.push(NUMBER_WORDS[t] as string, unit);
      return ' ';
    })
    .replace(/\b([a-z]+) and a half\b/g, (m, w: string) => {
      const v = Number(NUMBER_WORDS[w] ?? (w === 'a' || w === 'an' ? 1 : NaN));
      if (!Number.isFinite(v)) return m;
      numberWords.push(figures(v + 0.5));
      parts.push(String(v), '0.5');
      return ' ';
    })
    .replace(/\b([a-z]+) (hundred|thousand|million|billion)\b/g, (m, w: string, scale: string) => {
      const v = Number(NUMBER_WORDS[w]);
      const x = Number(NUMBER_WORDS[scale]);
      if (!(v >= 2 && v <= 99) || (scale === 'hundred' && v <= 10)) return m;
      numberWords.push(figures(v * x));
      parts.push(String(v), String(x));
      return ' ';
    });
  for (const w of wordsLeft.match(/[a-z]+/g) ?? []) {
    const n = NUMBER_WORDS[w];
    if (n && n !== counted) numberWords.push(n);
  }
  const quotes: string[] = [];
  for (const m of plain.matchAll(QUOTE_RE)) {
    const q = (m[1] ?? m[2] ?? '').trim();
    // A quotation worth keeping word for word: three words or more (shorter ones are scare quotes).
    if (q.split(/\s+/).length >= 3) quotes.push(oneSpelling(flat(q)));
  }
  return {
    numbers,
    numberWords,
    // The item's number may still be written elsewhere ("1." inside a sentence).
    numberForms: [...numberFormsOf(plain, numbers), ...parts, ...(item ? [item[1] as string] : [])],
    ...(item ? { item: Number(item[1]) } : {}),
    names: namesOf(plain, sentenceStart),
    links,
    quotes,
  };
}

/**
 * The number of items a sentence lists after announcing them ("into four groups: …, …, … and …"), written as a
 * word, when the list has that many items: a count the sentence shows itself, not a fact to find in the
 * original. A count that does not match its list ("five groups" before four) stays a number to check.
 */
function listCount(plain: string): string | null {
  const m =
    /\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?:[\p{L}-]+\s+){0,3}?[\p{L}-]+\s*:\s*([^:]+)$/iu.exec(
      plain,
    );
  if (!m) return null;
  const items = (m[2] as string)
    .replace(/[.!?]+\s*$/, '')
    .split(/\s*[,;]\s*/)
    .filter((x) => /\p{L}/u.test(x));
  const last = items.pop();
  if (last === undefined) return null;
  // "…, and the last one" or "X and Y": the final "and"/"or" joins the last two items.
  const tail = last.split(/\s+(?:and|or)\s+/i).filter((x) => /\p{L}/u.test(x));
  const count = items.length + (tail.length >= 2 ? 2 : 1);
  const n = NUMBER_WORDS[(m[1] as string).toLowerCase()];
  return n !== undefined && Number(n) === count ? n : null;
}

const UNITS = 'one|two|three|four|five|six|seven|eight|nine';
const ORDINAL_UNITS = 'first|second|third|fourth|fifth|sixth|seventh|eighth|ninth';
const TENS = 'twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety';
/** "forty-five" or "twenty-first" as one number ("forty five", "twenty first"). */
const COMPOUND_NUMBER = new RegExp(`\\b(${TENS})[\\s-](${UNITS}|${ORDINAL_UNITS})\\b`, 'g');
const TENS_AND_UNIT = new RegExp(`\\b(${TENS})[\\s-](${UNITS})\\b`, 'g');
const TENS_AND_ORDINAL = new RegExp(`\\b(${TENS})[\\s-](${ORDINAL_UNITS})\\b`, 'g');
const MONTH = 'jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec';
/** A day of the month: "5 January", "5 of Jan", "January 5". */
const DAY_OF_MONTH = new RegExp(
  `\\b(\\d{1,2})\\s+(?:of\\s+)?(?:${MONTH})[a-z]*\\b|\\b(?:${MONTH})[a-z]*\\.?\\s+(\\d{1,2})\\b`,
  'g',
);
const SCALE: Record<string, number> = {
  hundred: 1e2,
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  m: 1e6,
  mn: 1e6,
  billion: 1e9,
  bn: 1e9,
  b: 1e9,
};
/** A length of time in the next unit up and down: [factor, direction]. */
const DURATIONS: Record<string, [number, 'up' | 'down'][]> = {
  minute: [[60, 'up']],
  hour: [
    [60, 'down'],
    [24, 'up'],
  ],
  day: [
    [24, 'down'],
    [7, 'up'],
  ],
  week: [[7, 'down']],
  month: [[12, 'up']],
  year: [[12, 'down']],
};
/** A number as the figures a text would write for it: no thousands separators, at most two decimals. */
const figures = (x: number): string => normNumber(String(Math.round(x * 100) / 100));

/** "9" as "9th", "2" as "2nd", "21" as "21st". */
function ordinal(n: number): string {
  const t = n % 100;
  const suffix = t >= 11 && t <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** The other ways of writing a sentence's numbers (see `Facts.numberForms`). */
function numberFormsOf(plain: string, numbers: string[]): string[] {
  const lower = plain.toLowerCase();
  const out: string[] = [];
  const valueOf = (w: string): number => (/\d/.test(w) ? Number(w.replace(/,/g, '')) : Number(NUMBER_WORDS[w] ?? NaN));
  // "forty-five", "forty five".
  for (const m of lower.matchAll(TENS_AND_UNIT)) out.push(String(valueOf(m[1] as string) + valueOf(m[2] as string)));
  // "twenty-eighth", "twenty eighth".
  for (const m of lower.matchAll(TENS_AND_ORDINAL)) {
    const v = valueOf(m[1] as string) + Number((NUMBER_WORDS[m[2] as string] ?? '').replace(/\D/g, ''));
    out.push(String(v), ordinal(v));
  }
  // "two hundred", "2.5 million", "£512m", "$1bn", "500k".
  for (const m of lower.matchAll(
    /(?:\b|(?<=[£$€¥]))(\d+(?:[.,]\d+)*|a|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|fifty)\s*(hundred|thousand|million|billion|mn|bn)\b|(?:\b|(?<=[£$€¥]))(\d+(?:\.\d+)?)(k|m|b)\b/g,
  )) {
    const n = m[1] === 'a' ? 1 : valueOf((m[1] ?? m[3]) as string);
    const scale = SCALE[(m[2] ?? m[4]) as string] ?? NaN;
    if (Number.isFinite(n * scale)) out.push(figures(n * scale), String(scale));
  }
  // "2,500,000" is also "2.5 million".
  for (const n of numbers) {
    const x = Number(n);
    if (!(x >= 1000) || !Number.isFinite(x)) continue;
    for (const scale of [1e3, 1e6, 1e9])
      if (x >= scale && Math.abs(x / scale - Number(figures(x / scale))) < 1e-9)
        out.push(figures(x / scale), String(scale));
  }
  // "97%" is 0.97 and "0.97" is 97%; "1/10" is a tenth; "08/10/06" is in 2006.
  for (const m of plain.matchAll(/(\d+(?:\.\d+)?)\s?%/g)) out.push(figures(Number(m[1]) / 100));
  for (const n of numbers) if (/^0\.\d{1,2}$/.test(n)) out.push(figures(Number(n) * 100));
  for (const m of plain.matchAll(/\b\d+\/(\d{1,2})\b/g)) out.push(`${m[1]}th`, `${m[1]}rd`, `${m[1]}nd`);
  for (const m of plain.matchAll(/\b\d{1,2}[/.-]\d{1,2}[/.-](\d{2})\b/g)) out.push(`20${m[1]}`, `19${m[1]}`);
  // "9-1-1" is 911; "3rd" and "third" are 3.
  for (const m of plain.matchAll(/\b\d(?:-\d){2,}\b/g)) out.push(m[0].replace(/-/g, ''));
  for (const m of lower.matchAll(/\b(\d+)(?:st|nd|rd|th|d)\b/g)) out.push(m[1] as string, ordinal(Number(m[1])));
  // A year is in its century ("1903": "the 20th century", "the early 1900s").
  for (const n of numbers)
    if (/^(?:1[0-9]|20)\d\d$/.test(n)) {
      const c = Math.floor((Number(n) - 1) / 100) + 1;
      // The answer's "20th" is read as 20 among its figures.
      out.push(ordinal(c), String(c), `${n.slice(0, 2)}00`);
    }
  for (const w of lower.match(/[a-z]+/g) ?? []) {
    const n = NUMBER_WORDS[w];
    if (n && /\d(?:st|nd|rd|th)$/.test(n)) out.push(n.replace(/(?:st|nd|rd|th)$/, ''));
  }
  // A decade by its last two digits: "the 1980s" is "the '80s"; "the nineties" is the 1990s; "the 1600s" are the
  // 17th century, and "the 17th century" is the 1600s.
  for (const m of plain.matchAll(/\b(?:1\d|20)(\d0)['’]?s\b/g)) out.push(normNumber(m[1] as string));
  for (const m of lower.matchAll(/\b(twent|thirt|fort|fift|sixt|sevent|eight|ninet)ies\b/g)) {
    const d = NUMBER_WORDS[`${m[1] as string}y`] as string;
    out.push(d, `19${d}`, `20${d}`);
  }
  for (const m of plain.matchAll(/\b(1\d|20)00['’]?s\b/g))
    out.push(ordinal(Number(m[1]) + 1), String(Number(m[1]) + 1));
  for (const m of lower.matchAll(/\b(?:(\d{1,2})(?:st|nd|rd|th)|(?:twenty[\s-])?([a-z]+))\s+centur(?:y|ies)\b/g)) {
    const c = m[1]
      ? Number(m[1])
      : Number((NUMBER_WORDS[m[2] as string] ?? '').replace(/\D/g, '')) + (/twenty/.test(m[0]) ? 20 : 0);
    if (c >= 1 && c <= 21) out.push(String((c - 1) * 100));
  }
  // Percentages in words ("five percent", "50 per cent") as shares; a half is 50% and a quarter 25%.
  for (const m of lower.matchAll(/\b(\d+(?:\.\d+)?|[a-z]+)[\s-]+per\s?cent\b/g)) {
    const v = valueOf(m[1] as string);
    if (Number.isFinite(v)) out.push(figures(v / 100));
  }
  if (/\bhalf\b/.test(lower)) out.push('50');
  if (/\bquarter\b/.test(lower)) out.push('25', '0.25');
  // Times: "5 p.m." is 17:00 and "17:00" is 5 p.m.; noon and midnight are 12 (midnight also 0 and 24).
  for (const m of lower.matchAll(/\b(\d{1,2})(?::\d\d)?\s*p\.?\s?m\b/g))
    if (Number(m[1]) >= 1 && Number(m[1]) < 12) out.push(String(Number(m[1]) + 12));
  for (const m of lower.matchAll(/\b(1[3-9]|2[0-3]):\d\d\b/g)) out.push(String(Number(m[1]) - 12));
  if (/\b(?:noon|midday)\b/.test(lower)) out.push('12');
  if (/\bmidnight\b/.test(lower)) out.push('12', '0', '24');
  // A length of time in another unit: "90 minutes" is an hour and a half, "14 days" two weeks, "24 months" two years.
  for (const m of lower.matchAll(
    /\b(\d+(?:\.\d+)?|an?|[a-z]+)(?:\s+and\s+a\s+half)?[\s-]+(minute|hour|day|week|month|year)s?\b(\s+and\s+a\s+half)?|\bhalf\s+an?\s+(hour|day|year)\b/g,
  )) {
    const base = m[4] ? 0.5 : m[1] === 'a' || m[1] === 'an' ? 1 : valueOf(m[1] as string);
    const v = base + (/and\s+a\s+half/.test(m[0]) ? 0.5 : 0);
    const unit = (m[2] ?? m[4]) as string;
    if (!Number.isFinite(v) || v <= 0) continue;
    for (const [x, u] of DURATIONS[unit] ?? []) {
      const w = u === 'up' ? v / x : v * x;
      if (Math.abs(w * 2 - Math.round(w * 2)) < 1e-9) out.push(figures(w));
    }
    if (m[3] || /and\s+a\s+half/.test(m[0])) out.push(figures(v));
  }
  // A day of the month is its ordinal ("5 January" is "the fifth of January"); "Q3" is the third quarter.
  for (const m of lower.matchAll(DAY_OF_MONTH)) out.push(ordinal(Number(m[1] ?? m[2])));
  for (const m of lower.matchAll(/\bq([1-4])\b/g)) out.push(ordinal(Number(m[1])));
  // "One in five" and "1 out of 5" are shares (20%).
  for (const m of lower.matchAll(/\b(\d+|[a-z]+)\s+(?:in|out of)\s+(\d+|[a-z]+)\b/g)) {
    const x = valueOf(m[1] as string);
    const y = valueOf(m[2] as string);
    if (Number.isFinite(x / y) && y > x && x > 0) out.push(figures((100 * x) / y), figures(x / y));
  }
  // A change "from 20 to 15" is also a change of 5.
  for (const m of lower.matchAll(/\bfrom\s+[$£€]?(\d+(?:\.\d+)?)\S*\s+to\s+[$£€]?(\d+(?:\.\d+)?)/g))
    out.push(figures(Math.abs(Number(m[1]) - Number(m[2]))));
  // "COVID" is COVID-19.
  if (/\bcovid\b/.test(lower)) out.push('19');
  // Words that mean two; a century is a hundred years and a decade ten.
  if (/\b(?:both|pair|pairs|couple|twin|twins|dual|bi-[a-z]+)\b/.test(lower)) out.push('2');
  if (/\bcentur(?:y|ies)\b/.test(lower)) out.push('100');
  // Doubled is a rise of 100% (twice as much), tripled one of 200%.
  if (/\b(?:doubl\w*|twofold|twice)\b/.test(lower)) out.push('2', '100');
  if (/\b(?:tripl\w*|threefold|three times)\b/.test(lower)) out.push('3', '200');
  if (/\bdecades?\b/.test(lower)) out.push('10');
  return out;
}

/** Words that open sentences and are in no dictionary of content words: never names there. */
const FUNCTION_WORDS = new Set(
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
function namesOf(sentence: string, sentenceStart: boolean): string[] {
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
function nameStem(w: string): string {
  const stem = w.replace(NAME_SUFFIX, '');
  return stem.length >= 4 ? stem : w;
}

/**
 * Two spellings of one word: one letter added, dropped or changed ("katharine" / "katherine"), two in a word of
 * seven letters or more ("acommodation" / "accommodation").
 */
function closeSpelling(a: string, b: string): boolean {
  const most = Math.min(a.length, b.length) >= 7 ? 2 : 1;
  if (a.length < 4 || b.length < 4 || Math.abs(a.length - b.length) > most || a[0] !== b[0]) return false;
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
function nearlySame(a: string, b: string): boolean {
  let k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  return k >= 5 && Math.max(a.length, b.length) - k <= 1;
}

/** A word as the name checks compare it: lower case, without a possessive "'s". */
const bare = (t: string): string => t.toLowerCase().replace(/['’]s$/, '');

/** A capitalised word that is not a closed-class word ("The", "And" opening a sentence). */
const capital = (t: string | undefined): t is string => t !== undefined && /^\p{Lu}/u.test(t) && !STOP.has(bare(t));

/** For each capitalised word of a text, the capitalised words right after it and right before it. */
interface BesideIndex {
  after: Map<string, Set<string>>;
  before: Map<string, Set<string>>;
}

function besideIndexOf(text: string): BesideIndex {
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
function wordsBesideNames(sentence: string, words: Set<string>, beside: () => BesideIndex): Set<string> {
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
function acronymRuns(sentence: string, words: Set<string>): Set<string> {
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

interface Prepared {
  sentences: Sentence[];
  lemmas: string[][];
  /** Per sentence: its lemmas and their sense keys, for synonym matches. */
  lemmaSet: Set<string>[];
  senseSet: Set<string>[];
  facts: Facts[];
  negations: number[];
  /** Per sentence: how many of its denials fall on a word a prefix already denies ("not uncommon"). */
  litotes: number[];
  /** Per sentence: how many words deny without "not" ("lacks", "sugar-free"). */
  lexicalNegations: number[];
  /**
   * Per sentence, built on first use (only where a "not" moved): how many words say a denial without "not",
   * counted more widely ("banned", "disliked", "few", "missing", a negating prefix), and each of them (lower case,
   * a prefixed word as its lemma) with the content lemmas next to it (two on each side) and the stem a prefix
   * denies. A "not" traded for one of them keeps the meaning.
   */
  denialsOf: (i: number) => Denials;
  /** Per sentence, built on first use: every sense of every lemma, not only the first ones. */
  allSensesIn: (i: number) => Set<string>;
  scopes: Scope[];
  words: number;
  allLemmas: Set<string>;
  allSenses: Set<string>;
  allText: string;
}

/** The content lemmas of a sentence (closed-class words left out), in order. */
export function contentLemmas(s: string): string[] {
  const out: string[] = [];
  for (const raw of s.toLowerCase().match(/[a-z][a-z'’-]*/g) ?? []) {
    const w = raw.replace(/['’]s$/, '').replace(/['’-]+$/, '');
    if (w.length < 3 || STOP.has(w) || /n['’]t$/.test(w)) continue;
    for (const part of w.split('-')) if (part.length >= 3 && !STOP.has(part)) out.push(lemma(part));
  }
  return out;
}

/** Whether only spaces stand between `at` and the start of its line. */
function opensLine(text: string, at: number): boolean {
  let k = at - 1;
  while (k >= 0 && (text[k] === ' ' || text[k] === '\t')) k--;
  return k < 0 || text[k] === '\n';
}

/**
 * Texts prepared lately: the user's text is judged against every draft, and again after each repair. Prepared
 * texts are never changed after they are built.
 */
const prepared = new Map<string, Prepared>();
const PREPARED_KEPT = 16;

function prepare(text: string): Prepared {
  const hit = prepared.get(text);
  if (hit) return hit;
  const p = prepareText(text);
  if (prepared.size >= PREPARED_KEPT) prepared.delete(prepared.keys().next().value as string);
  prepared.set(text, p);
  return p;
}

/** What one sentence gives the check, whatever text it stands in: built once (the optional parts on first use). */
interface SentencePrep {
  lemmas: string[];
  lemmaSet: Set<string>;
  senseSet: Set<string>;
  facts: Facts;
  negations: number;
  litotes: number;
  lexicalNegations: number;
  scope: Scope;
  denials?: Denials;
  allSenses?: Set<string>;
}

/**
 * Sentences prepared lately. A repair judges the answer again with a few sentences changed, and a long text's
 * drafts share most of their sentences: each is prepared once. Emptied when full.
 */
const preparedSentences = new Map<string, SentencePrep>();
const SENTENCES_KEPT = 1024;

/** Forgets every text and sentence prepared so far, so a benchmark times a text as if it were the first one seen. */
export function forgetPrepared(): void {
  prepared.clear();
  preparedSentences.clear();
}

function prepareSentence(text: string, opens: boolean): SentencePrep {
  const key = `${opens ? 1 : 0}${text}`;
  const hit = preparedSentences.get(key);
  if (hit) return hit;
  const lemmas = contentLemmas(text);
  const senseSet = new Set<string>();
  for (const l of lemmas) for (const k of sensesOf(l)) senseSet.add(k);
  const unidiomatic = withoutIdioms(text);
  const p: SentencePrep = {
    lemmas,
    lemmaSet: new Set(lemmas),
    senseSet,
    facts: factsOf(text, true, opens),
    negations: negationsIn(unidiomatic),
    litotes: litotesIn(unidiomatic),
    lexicalNegations: (text.match(LEXICAL_NEGATIONS) ?? []).length,
    scope: scopeOf(text),
  };
  if (preparedSentences.size >= SENTENCES_KEPT) preparedSentences.clear();
  preparedSentences.set(key, p);
  return p;
}

function prepareText(text: string): Prepared {
  const sentences = splitSentences(text);
  const each = sentences.map((s) => prepareSentence(s.text, opensLine(text, s.start)));
  const lemmas = each.map((e) => e.lemmas);
  const senseSet = each.map((e) => e.senseSet);
  const allLemmas = new Set(lemmas.flat());
  const allSenses = new Set<string>();
  for (const s of senseSet) for (const k of s) allSenses.add(k);
  return {
    sentences,
    lemmas,
    lemmaSet: each.map((e) => e.lemmaSet),
    senseSet,
    facts: each.map((e) => e.facts),
    negations: each.map((e) => e.negations),
    litotes: each.map((e) => e.litotes),
    lexicalNegations: each.map((e) => e.lexicalNegations),
    denialsOf: (i: number): Denials => {
      const e = each[i];
      if (!e) return { count: 0, reach: new Map() };
      if (!e.denials) {
        const { matched, reach } = denialReachOf(sentences[i]?.text ?? '');
        e.denials = { count: matched + e.lemmas.filter((l) => looksDenied(l)).length, reach };
      }
      return e.denials;
    },
    allSensesIn: (i: number): Set<string> => {
      const e = each[i];
      if (!e) return new Set();
      return (e.allSenses ??= new Set(e.lemmas.flatMap((x) => [...allSensesOf(x)])));
    },
    scopes: each.map((e) => e.scope),
    words: text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length,
    allLemmas,
    allSenses,
    allText: text.toLowerCase(),
  };
}

/** Set phrases with a negation word that deny nothing ("not only … but also", "that's not all"). */
const IDIOMS =
  /\b(?:not just|not to mention|no (?:more|fewer|less|longer) than|not (?:more|fewer|less) than|nothing short of|nothing less than|no doubt|no wonder|no matter|needless to say|(?:is|'s|’s|are|was) not all(?=\s*(?:[,.;:!?)—–-]|$))|(?:isn|wasn|aren)['’]t all(?=\s*(?:[,.;:!?)—–-]|$))|if (?:that|this)['’]s not enough|if (?:that|this) is not enough|not least|second to none|(?:can|could)(?:not|n['’]t) help but|never before|not surprisingly|not unlike|without (?:a doubt|question|fail|breaking the bank|further ado)|(?:could|can)(?:not|n['’]t) (?:agree more|be happier|be prouder|wait|stress (?:this |that |it )?enough|recommend (?:it|this|them) enough)|never fails? to|don['’]t even get me started|nothing but)\b/gi;

/** A question tag ("…, wouldn't it?", "…, isn't she?") asks for agreement; it denies nothing. */
const QUESTION_TAG =
  /,\s*(?:is|are|was|were|do|does|did|wo|would|ca|could|should|have|has|had|must|might|shall)n['’]t\s+(?:it|he|she|they|we|you|i|there|that|this|one)\s*(?=[?!])/gi;

/** How many denials a sentence (its set phrases taken out) makes: "neither … nor" is one. */
function negationsIn(text: string): number {
  let n = (text.match(NEGATOR) ?? []).length;
  n -= Math.min((text.match(/\bneither\b/gi) ?? []).length, (text.match(/\bnor\b/gi) ?? []).length);
  // "…, and neither did the council": the denial already made, said of one more thing.
  n -= (text.match(ECHOED_DENIAL) ?? []).length;
  return Math.max(0, n);
}

/**
 * How many of a sentence's denials (its set phrases taken out) fall on an adjective or adverb that a prefix already denies ("not
 * uncommon", "isn't unusual", "not impossible"): each states its claim plainly, so two sides whose counts
 * differ by these agree ("not uncommon" / "often").
 */
function litotesIn(text: string): number {
  let n = 0;
  for (const m of text.matchAll(LITOTES)) if (deniedDescription(lemma((m[1] ?? m[2] ?? '').toLowerCase()))) n++;
  return n;
}

const ECHOED_DENIAL =
  /\b(?:and|but)\s+(?:neither|nor)\s+(?:do|does|did|is|are|was|were|have|has|had|can|could|will|would|should|may|might|must)\b/gi;

/** A "not" and the word after it (an article or a degree word between at most). */
const LITOTES =
  /\b(?:not|never)\s+(?:(?:a|an|so|too|very|entirely|altogether|wholly|completely)\s+)?([a-z]+)|n['’]t\s+(?:(?:a|an|so|too|very|entirely|altogether|wholly|completely)\s+)?([a-z]+)/gi;

/** An adjective or adverb (never a verb: "not unplug" denies) that a negating prefix denies. */
function deniedDescription(l: string): boolean {
  if (deniedStem(l) === null) return false;
  const senses = allSensesOf(l);
  return senses.some((k) => k.startsWith('a') || k.startsWith('r')) && !senses.some((k) => k.startsWith('v'));
}

/**
 * "Not only" denies nothing when a second part follows ("not only fast but also cheap", "not only the roads; the
 * bridges too"). Without one it denies the "only": "is not only possible in a narrow range" says the opposite of
 * "is only possible in a narrow range". Inverted or opening a sentence ("Not only did the team win, …") it is
 * always the set phrase. "Not just" stays a set phrase everywhere (IDIOMS): models write "it's not just the coast
 * that is at risk" with no second part and mean "also".
 */
const NOT_ONLY = /\bnot only\b/gi;
const SECOND_PART =
  /^ (?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|must|might)\b|\b(?:but|also|too|as well|yet)\b|[;:—–]/i;

function withoutIdioms(s: string): string {
  return s
    .replace(NOT_ONLY, (m, at: number) =>
      /^\W*$/.test(s.slice(0, at)) || SECOND_PART.test(s.slice(at + m.length)) ? ' ' : m,
    )
    .replace(IDIOMS, ' ')
    .replace(QUESTION_TAG, ' ');
}

/** Words that deny without "not": a rewrite may trade one for a "not" and keep the meaning. */
const LEXICAL_NEGATIONS =
  /\b(?:lack\w*|fail\w*|free of|devoid of|far cry from|g[ai]ve up|giving up|doubt\w*|disappoint\w*|hesitat\w*|regret\w*|left out|absen\w+|refus\w+|avoid\w*|prevent\w*|rather than|instead of|unable|impossible|yet to|far from|rarely|seldom|deny\w*|denie\w*|reject\w*|except|cease\w*|eschew\w*|forgo\w*|abstain\w*|shun\w*|neglect\w*|omit\w*)\b|-free\b|\btoo\s+(?:(?:much|many|few|little)\s+)?[a-z]+(?:\s+[a-z]+)?\s+to\s+[a-z]+/gi;

/** A denial without "not" is judged lost only in a sentence this similar to its original. */
const DENIED_ACT_ALIGN = 0.5;
/** A denial without "not" and the act it denies ("failed to reduce", "is yet to reply", "denied taking"). */
const DENIED_ACT =
  /\b(?:fail(?:s|ed|ing)?\s+to|unable\s+to|(?:has|have|had|is|are|was|were)\s+yet\s+to|refus(?:e|es|ed|ing)\s+to|den(?:y|ies|ied|ying))\s+([a-z]+)/gi;

/** More words that deny without "not", counted only to see whether a "not" was traded for one. */
const OTHER_DENIALS =
  /\b(?:ban(?:s|ned|ning)?|barred|forb[ai]d\w*|prohibit\w*|disallow\w*|dislik\w*|missing|exempt\w*|exclud\w*|declin\w*|closed|shut|less than|miss(?:es|ed)? out|(?:run|ran|runs) out of|(?:has|have|had) ended|(?<!\ba |quite a )few(?:er)?|little to no|(?<!\ba )little|short of|fell short|falls short|anything but|nowhere near|(?:stop|stops|stopped|quit|quits|ceased?) [a-z]+ing|(?:is|are|was|were|be|been|entry is|it['’]s) free\b|for free|free of charge|(?:keep|keeps|kept|keeping|stop|stops|stopped|stopping)\s+(?:[a-z]+\s+){0,2}?from\s+[a-z]+ing)\b/gi;

interface Denials {
  count: number;
  reach: Map<string, Set<string>>;
}

/**
 * The content lemmas next to each word that denies without "not" (see `Prepared.denialsOf`), and how many times
 * the sentence matches the lexical denials.
 */
function denialReachOf(sentence: string): { matched: number; reach: Map<string, Set<string>> } {
  const out = new Map<string, Set<string>>();
  let matched = 0;
  const text = sentence.toLowerCase();
  const words = [...text.matchAll(/[a-z][a-z'’-]*/g)]
    .map((m) => ({ at: m.index, end: m.index + m[0].length, w: m[0].replace(/['’]s$/, '') }))
    .filter(({ w }) => w.length >= 3 && !STOP.has(w))
    .map((x) => ({ ...x, l: lemma(x.w) }));
  const around = (key: string, from: number, to: number): Set<string> => {
    const before = words.filter((x) => x.end <= from).slice(-2);
    // The words inside a longer denial count too ("kept them from visiting").
    const inside = words.filter((x) => x.at >= from && x.end <= to);
    const after = words.filter((x) => x.at >= to).slice(0, 2);
    const near = out.get(key) ?? new Set<string>();
    for (const x of [...before, ...inside, ...after]) near.add(x.l);
    out.set(key, near);
    return near;
  };
  for (const r of [LEXICAL_NEGATIONS, OTHER_DENIALS])
    for (const m of text.matchAll(r)) {
      matched++;
      around(m[0], m.index, m.index + m[0].length);
    }
  for (const x of words) {
    if (!looksDenied(x.l)) continue;
    const near = around(x.l, x.at, x.end);
    const stem = deniedStem(x.l);
    if (stem) near.add(stem);
  }
  return { matched, reach: out };
}

interface Scope {
  negated: Set<string>;
  plain: Set<string>;
  /**
   * Plain words further on in a clause that denies ("fails to elect a new chair from its own ranks"): a rewrite
   * that brings the denial next to one of them ("can't pick a chair") says the same thing.
   */
  farDenied: Set<string>;
  negatedSenses: Set<string>;
  plainSenses: Set<string>;
}

const LEXICAL_NEGATOR_WORD =
  /^(?:lack(?:s|ed|ing)?|fail\w*|absen\w+|refus\w+|avoid\w*|prevent\w*|unable|impossible|rarely|seldom|den(?:y|ies|ied|ying)|reject\w*|ceas(?:e|es|ed|ing)|eschew\w*|forgo\w*|abstain\w*|shun\w*|neglect\w*|omit\w*)$/;
/** Words that deny possession or ability outright: said where the original denies nothing, they add a "not". */
const ADDED_DENIAL = /^(?:lack(?:s|ed|ing)?|unable|fail(?:s|ed|ing)?)$/;
const NEGATOR_WORD =
  /^(?:not|no|never|none|nor|neither|nobody|nothing|nowhere|cannot|without|hardly|barely|scarcely|dont|doesnt|didnt|isnt|arent|wasnt|werent|cant|couldnt|wouldnt|shouldnt|wont|havent|hasnt|hadnt)$|n['’]t$/;

/** Words that open another clause inside a sentence: a denial before them does not reach past them. */
const CLAUSE_OPENER =
  /^(?:and|so|then|because|since|although|though|while|whereas|which|who|whom|whose|when|whenever|where|if|unless|until|whether)$/;

/** Content lemmas a negation reaches (the next two in its clause) and those used plainly. */
function scopeOf(sentence: string): Scope {
  const negated = new Set<string>();
  const plain = new Set<string>();
  const farDenied = new Set<string>();
  // "No longer" denies the verb after it, as "not" does ("no longer sells" / "does not sell any more").
  for (const clause of withoutIdioms(sentence.toLowerCase())
    .replace(/\bno longer\b/g, 'not')
    .split(/[.!?;:,()\u2014]| - | but /)) {
    let reach = 0;
    let denying = false;
    let sawNeither = false;
    let first = false;
    for (const raw of clause.match(/[a-z][a-z'’-]*/g) ?? []) {
      // A word that denies without "not" ("avoided the effect", "lacks depth") reaches the same words: a
      // denial restated with it is not lost, though it does not count as a negation.
      if (NEGATOR_WORD.test(raw) || LEXICAL_NEGATOR_WORD.test(raw)) {
        // A denying word is itself a word of the sentence, stated or denied ("does not prevent" denies
        // "prevent").
        if (!NEGATOR_WORD.test(raw)) (reach > 0 ? negated : plain).add(lemma(raw.replace(/['’]s$/, '')));
        // "without" and "no" deny the thing they name ("without leaving", "no guarantee"); a verb's "not"
        // reaches its object too.
        // A denial inside another's reach cancels it ("not arguing that there aren't more workers" states
        // that there are): the words after it are stated plainly.
        // "Neither the mayor nor the council answered": "nor" goes on denying, up to the verb.
        if (raw === 'nor' && sawNeither) {
          reach = 2;
          continue;
        }
        if (raw === 'neither') sawNeither = true;
        denying = reach === 0;
        reach = reach > 0 ? 0 : raw === 'without' || raw === 'no' ? 1 : 2;
        first = reach > 0;
        continue;
      }
      // A new clause starts: what follows is not in the denial's reach, however long it is.
      if (CLAUSE_OPENER.test(raw)) denying = false;
      const w = raw.replace(/['’]s$/, '');
      if (w.length < 3 || STOP.has(w)) continue;
      const l = lemma(w);
      if (reach > 0) {
        negated.add(l);
        reach--;
        // "Not uncommon for the river": the "not" undoes the prefix and reaches no further.
        if (first && deniedDescription(l)) reach = 0;
        first = false;
      } else {
        plain.add(l);
        if (denying) farDenied.add(l);
      }
    }
  }
  const senses = (ls: Set<string>) => (): Set<string> => new Set([...ls].flatMap((l) => [...sensesOf(l)]));
  return scope(negated, plain, farDenied, senses(negated), senses(plain));
}

/** A scope whose sense sets are built on first use: they are read only where a "not" moved. */
function scope(
  negated: Set<string>,
  plain: Set<string>,
  farDenied: Set<string>,
  buildNegated: () => Set<string>,
  buildPlain: () => Set<string>,
): Scope {
  let negatedSenses: Set<string> | undefined;
  let plainSenses: Set<string> | undefined;
  return {
    negated,
    plain,
    farDenied,
    get negatedSenses() {
      return (negatedSenses ??= buildNegated());
    },
    get plainSenses() {
      return (plainSenses ??= buildPlain());
    },
  };
}

function mergeScopes(list: Scope[]): Scope {
  const negated = new Set<string>();
  const plain = new Set<string>();
  const farDenied = new Set<string>();
  for (const s of list) {
    for (const x of s.negated) negated.add(x);
    for (const x of s.plain) plain.add(x);
    for (const x of s.farDenied) farDenied.add(x);
  }
  const union = (sets: () => Set<string>[]) => (): Set<string> => {
    const out = new Set<string>();
    for (const set of sets()) for (const x of set) out.add(x);
    return out;
  };
  return scope(
    negated,
    plain,
    farDenied,
    union(() => list.map((s) => s.negatedSenses)),
    union(() => list.map((s) => s.plainSenses)),
  );
}

/** A set as the checks read it: only whether it holds a key. */
interface Has {
  has(key: string): boolean;
}

/**
 * For coverage, recall and the invented-sentence test: kept, or said as another part of speech ("announced" /
 * "the announcement", "quickly" / "quick"). The alignment and the fact checks keep to `keptIn`.
 */
function keptOrDerived(l: string, lemmaSet: Has, senseSet: Has): boolean {
  if (keptIn(l, lemmaSet, senseSet)) return true;
  for (const k of derivedSensesOf(l)) if (senseSet.has(k)) return true;
  return false;
}

/** Whether the lemma, or a word sharing one of its frequent senses, is in the set. */
export function keptIn(l: string, lemmaSet: Has, senseSet: Has): boolean {
  if (lemmaSet.has(l)) return true;
  for (const k of sensesOf(l)) if (senseSet.has(k)) return true;
  return false;
}

/**
 * Answer sentences that passed every check (and are not doubts already) and state a claim in a word the text
 * has in no form: a word with a WordNet antonym, used nowhere in the text, with no synonym in the original
 * sentences the answer sentence follows. Either way the model could have put it ("useful" or "useless"), the
 * text gives nothing to hold it against.
 */
function claimsNewToText(
  o: Prepared,
  a: Prepared,
  alignment: number[][],
  failures: readonly SentenceFailure[],
  doubts: readonly number[],
): number[] {
  const failed = new Set(failures.map((f) => f.answer));
  const out: number[] = [];
  a.sentences.forEach((_s, j) => {
    if (failed.has(j) || doubts.includes(j)) return;
    const aligned = alignment[j] ?? [];
    const oLem: Has = { has: (l) => aligned.some((i) => o.lemmaSet[i]?.has(l) === true) };
    const oSenses: Has = { has: (k) => aligned.some((i) => o.senseSet[i]?.has(k) === true) };
    const says = [...(a.lemmaSet[j] ?? [])].some(
      (l) => !o.allLemmas.has(l) && !EVERYDAY_OPPOSITES.has(l) && antonymsOf(l).size > 0 && !keptIn(l, oLem, oSenses),
    );
    if (says) out.push(j);
  });
  return out;
}

/**
 * Whether `word` stands where the original has `other` or a synonym of it: a content word next to it in the
 * answer sentence is also next to that synonym in an original sentence (closed-class words left out).
 */
function inPlaceOf(
  word: string,
  other: string,
  answer: readonly string[],
  originals: readonly (readonly string[])[],
): boolean {
  const near = (seq: readonly string[], at: number): string[] =>
    [seq[at - 1], seq[at + 1]].filter((x): x is string => x !== undefined);
  const around = new Set<string>();
  answer.forEach((x, k) => {
    if (x === word) for (const n of near(answer, k)) around.add(n);
  });
  if (around.size === 0) return false;
  const otherSenses = new Set(sensesOf(other));
  for (const seq of originals)
    for (let k = 0; k < seq.length; k++) {
      const x = seq[k] as string;
      if (x !== other && !sensesOf(x).some((s) => otherSenses.has(s))) continue;
      if (near(seq, k).some((n) => around.has(n))) return true;
    }
  return false;
}

/**
 * The similarity of every answer sentence `j` with every original sentence `i`, as `[j][i]`: the original
 * sentence's content lemmas kept in the answer sentence (the same lemma or one sharing a frequent sense), over the
 * geometric mean of the two sentences' lemma counts. Computed through an index of the answer's lemmas and senses:
 * each original lemma visits only the answer sentences that keep it, so a long text costs about as many steps as
 * it has words rather than sentences times sentences.
 */
function similarityMatrix(o: Prepared, a: Prepared): number[][] {
  const nO = o.sentences.length;
  const nA = a.sentences.length;
  const index = new Map<string, number[]>();
  const put = (key: string, j: number): void => {
    const list = index.get(key);
    if (!list) index.set(key, [j]);
    else if (list[list.length - 1] !== j) list.push(j);
  };
  for (let j = 0; j < nA; j++) {
    for (const l of a.lemmaSet[j] ?? []) put(`w:${l}`, j);
    for (const k of a.senseSet[j] ?? []) put(`s:${k}`, j);
  }
  const keptBy = new Map<string, number[]>();
  const sentencesKeeping = (l: string): number[] => {
    let js = keptBy.get(l);
    if (!js) {
      const set = new Set<number>(index.get(`w:${l}`) ?? []);
      for (const k of sensesOf(l)) for (const j of index.get(`s:${k}`) ?? []) set.add(j);
      js = [...set];
      keptBy.set(l, js);
    }
    return js;
  };
  const sim: number[][] = Array.from({ length: nA }, () => new Array<number>(nO).fill(0));
  const hits = new Array<number>(nA).fill(0);
  for (let i = 0; i < nO; i++) {
    const la = o.lemmaSet[i] as Set<string>;
    if (la.size === 0) continue;
    hits.fill(0);
    for (const l of la) for (const j of sentencesKeeping(l)) hits[j] = (hits[j] ?? 0) + 1;
    for (let j = 0; j < nA; j++) {
      const size = (a.lemmaSet[j] as Set<string>).size;
      if (size > 0 && (hits[j] ?? 0) > 0) (sim[j] as number[])[i] = (hits[j] as number) / Math.sqrt(la.size * size);
    }
  }
  return sim;
}

/** A number of the answer sentence the original states nowhere, in figures or words (`had`: all of them). */
function newNumbers(had: ReadonlySet<string>, facts: Facts): string | null {
  for (const n of facts.numbers) if (!had.has(n)) return n;
  for (const n of facts.numberWords) {
    // "one", "first", "second" and "half" are ordinary words too often to count as new numbers on their own.
    if (n === '1' || n === '1st' || n === '2nd' || n === '0.5') continue;
    if (!had.has(n)) return n;
  }
  return null;
}

/** Judge a model answer (plain text, placeholders restored) against the original it rewrites. */
export function checkFaithful(
  original: string,
  answer: string,
  mode: 'deep' | 'lightning' = 'deep',
  /** Protected spans (numbers, names, quotations, links, frozen phrases) the answer must carry verbatim. */
  spans: readonly string[] = [],
): Faithfulness {
  const tol = TOLERANCE[mode];
  const o = prepare(original.replace(/\r\n/g, '\n'));
  const a = prepare(answer.replace(/\r\n/g, '\n'));
  const failures: SentenceFailure[] = [];
  const doubts: number[] = [];
  const nO = o.sentences.length;
  const nA = a.sentences.length;

  // 1. Alignment: every answer sentence to its best original and every original to its best answer
  // sentence, plus any pair nearly as similar as either's best (merges and splits).
  const sim = similarityMatrix(o, a);
  const bestA = sim.map((row) => Math.max(0, ...row));
  const bestO = Array.from({ length: nO }, (_, i) => Math.max(0, ...sim.map((row) => row[i] ?? 0)));
  const alignment: number[][] = sim.map((row, j) =>
    row
      .map((s, i) => ({ s, i }))
      .filter(({ s, i }) => s >= ALIGN_MIN && (s >= 0.6 * (bestA[j] ?? 0) || s >= 0.6 * (bestO[i] ?? 0)))
      .map(({ i }) => i),
  );
  /** Whether an original sentence denies anything: a "not", a denying word or a negating-prefix word. */
  const denies = new Map<number, boolean>();
  const deniesIn = (i: number): boolean => {
    let d = denies.get(i);
    if (d === undefined) {
      d =
        (o.negations[i] ?? 0) > 0 ||
        (o.lexicalNegations[i] ?? 0) > 0 ||
        (o.lemmas[i] ?? []).some((x) => looksDenied(x));
      denies.set(i, d);
    }
    return d;
  };
  const answersOf: number[][] = Array.from({ length: nO }, () => []);
  alignment.forEach((is, j) => is.forEach((i) => answersOf[i]?.push(j)));

  // Content recall over the whole text (synonyms count).
  let kept = 0;
  let total = 0;
  for (const ls of o.lemmas)
    for (const l of ls) {
      total++;
      if (keptOrDerived(l, a.allLemmas, a.allSenses)) kept++;
    }
  const recall = total === 0 ? 1 : kept / total;

  // 2. Facts, per answer sentence.
  const origNames = new Set<string>();
  for (const f of o.facts) for (const n of f.names) origNames.add(n);
  // Words of the original, and its dotted acronyms as one word ("U.S." is "us", which "United States" spells).
  const origWords = new Set([
    ...(o.allText.match(/[\p{L}]+/gu) ?? []),
    ...(o.allText.match(/\b(?:\p{L}\.){2,}/gu) ?? []).map((a) => a.replace(/\./g, '')),
  ]);
  const origWordList = [...origWords];
  let besideIndexBuilt: BesideIndex | undefined;
  const besideIndex = (): BesideIndex => (besideIndexBuilt ??= besideIndexOf(original));
  const origStems = new Set(origWordList.filter((w) => w.length >= 4).map(nameStem));
  const lowerWords = new Set(
    `${original}\n${answer}`.match(/(?<![\p{L}'’.-])\p{Ll}[\p{Ll}'’-]*/gu)?.map((w) => w.replace(/['’]s$/, '')) ?? [],
  );
  const initials = (o.allText.match(/[a-z]+/g) ?? []).map((w) => w[0]).join('');
  // The same without joining words ("environmental, social and governance": "esg").
  const initialsBare = (o.allText.match(/[a-z]+/g) ?? [])
    .filter((w) => !/^(?:and|of|the|for|in|on|to|a|an)$/.test(w))
    .map((w) => w[0])
    .join('');
  const foldedText = foldMarks(o.allText);
  const currencyCodes = new Set<string>();
  if (/\$|\bdollars?\b/.test(o.allText)) currencyCodes.add('usd');
  if (/£|\bpounds?\b/.test(o.allText)) currencyCodes.add('gbp');
  if (/€|\beuros?\b/.test(o.allText)) currencyCodes.add('eur');
  if (/¥|\byen\b/.test(o.allText)) currencyCodes.add('jpy');
  // Abbreviations: a short capitalised word with a stop that does not end a sentence ("Cir.2007", "Corp., 121").
  const abbreviations = [
    ...new Set(
      [...original.matchAll(/\b(\p{Lu}\p{Ll}{1,4})\.(?=[\d,;)]|\s+[\p{Ll}\d(])/gu)].map((m) =>
        (m[1] as string).toLowerCase(),
      ),
    ),
  ];
  const numericDate = /\b\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}\b/.test(o.allText);
  // The original's acronyms ("CSR", "U.S."): a run of capitalised words is spelled out from one of these, not from
  // an ordinary word its initials happen to spell ("Anna Martinez" is not "am").
  // An acronym written in lower case ("a qms audit") is a word in no dictionary; an original written without
  // capitals (fewer capitals than sentences) may hold one in any word.
  const caseless = (original.match(/\p{Lu}/gu) ?? []).length < o.sentences.length;
  const origAcronyms = caseless
    ? origWords
    : new Set([
        ...(original.match(/\b(?:\p{Lu}\.?){2,}(?=s?(?!\p{L}))/gu) ?? []).map((x) =>
          x.replace(/\./g, '').toLowerCase(),
        ),
        ...[...origWords].filter((w) => w.length >= 2 && /^[a-z]+$/.test(w) && !STOP.has(w) && !inDictionary(w)),
      ]);
  const origLinks = new Set(o.facts.flatMap((f) => f.links));
  const answerLinks = new Set(a.facts.flatMap((f) => f.links));
  const originalFlat = ` ${oneSpelling(flat(o.allText))} `;
  // The original's numbers: in figures only, and in figures or words.
  const origNumbers = new Set(o.facts.flatMap((x) => x.numbers));
  const origAnyNumbers = new Set(o.facts.flatMap((x) => [...x.numbers, ...x.numberWords, ...x.numberForms]));
  const origItemNumbers = new Set(o.facts.flatMap((x) => (x.item === undefined ? [] : [x.item])));
  const origItems = origItemNumbers.size;
  // A numbered list whose count breaks at one item ("1. 2. 4. 4. 5.", "1. 7."): an item whose number neither follows
  // the item before it nor leads into the one after, in a step the original's lists never take. An item numbered as
  // in the original and not repeated may have been moved (items in another order are a rewrite's choice).
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
  a.sentences.forEach((_s, j) => {
    const f = a.facts[j] as Facts;
    const aligned = alignment[j] ?? [];
    const fail = (drift: Drift, detail: string): void => {
      failures.push({ drift, detail, answer: j, original: aligned });
    };
    // A list item's number the original's numbered list never reaches ("7." in a list of five): the list was
    // renumbered wrongly. Fewer items, items in another order, or a list the rewrite makes of prose, are a
    // rewrite's choice.
    if (f.item !== undefined && origItems > 0 && f.item > origItems && !origItemNumbers.has(f.item))
      return fail('number', `a list item's number changed ("${f.item}." is not in your text)`);
    if (brokenItems.has(j))
      return fail('number', `a list item's number changed ("${f.item}." breaks the count of its list)`);
    const n = newNumbers(origAnyNumbers, f);
    if (n) return fail('number', `a number changed ("${n}" is not in your text)`);
    // A number must come from the part of the text this sentence rewrites (its aligned original sentences and
    // their neighbours): "at 163" where the text says "at 165" here and "163" three paragraphs on is changed.
    if (aligned.length > 0 && f.numbers.length > 0) {
      const near = new Set<string>();
      for (const i of aligned)
        for (let k = i - NUMBER_REACH; k <= i + NUMBER_REACH; k++)
          for (const x of [
            ...(o.facts[k]?.numbers ?? []),
            ...(o.facts[k]?.numberWords ?? []),
            ...(o.facts[k]?.numberForms ?? []),
          ])
            near.add(x);
      const moved = f.numbers.find((x) => !near.has(x));
      if (moved) return fail('number', `a number changed ("${moved}" is not in that part of your text)`);
      // A figure swapped for another one the sentence also has ("3-2" / "3-3", "in 2005 … in 2005" / "in 2005 …
      // in 2010"): against the original sentences it follows closely (and the answer sentences that share them),
      // one figure comes more often and another less often.
      const close = aligned.filter((i) => (sim[j]?.[i] ?? 0) >= CLOSE_ALIGN);
      if (close.length > 0) {
        const closeSet = new Set(close);
        const peers = new Set<number>([j]);
        for (const i of close)
          for (const k of answersOf[i] ?? [])
            if (!peers.has(k) && (alignment[k] ?? []).every((x) => closeSet.has(x))) peers.add(k);
        const count = (lists: (readonly string[])[]): Map<string, number> => {
          const m = new Map<string, number>();
          for (const l of lists) for (const x of l) m.set(x, (m.get(x) ?? 0) + 1);
          return m;
        };
        const inO = count(close.map((i) => o.facts[i]?.numbers ?? []));
        const inA = count([...peers].map((k) => a.facts[k]?.numbers ?? []));
        // Only a swap: as many figures on each side, the one said more often is one the original says too.
        const total = (m: Map<string, number>): number => [...m.values()].reduce((x, y) => x + y, 0);
        const more = f.numbers.find((x) => (inA.get(x) ?? 0) > (inO.get(x) ?? 0) && inO.has(x));
        const fewer = more && [...inO].find(([x, n]) => x !== more && (inA.get(x) ?? 0) < n)?.[0];
        if (more && fewer && total(inA) === total(inO))
          return fail('number', `a number changed ("${fewer}" became "${more}")`);
      }
    }
    const expanded = f.names.length > 0 ? acronymRuns(a.sentences[j]?.text ?? '', origAcronyms) : new Set<string>();
    const besideKnownName =
      f.names.length > 0 ? wordsBesideNames(a.sentences[j]?.text ?? '', origWords, besideIndex) : new Set<string>();
    for (const name of f.names) {
      if (origNames.has(name) || origWords.has(name)) continue;
      // An abbreviation of the original written out ("Circuit" for "Cir.", "Corporation" for "Corp.").
      if (abbreviations.some((a) => name.length > a.length && name.startsWith(a))) continue;
      // A number in words that the original states in figures ("Ninth Circuit" / "9th Cir.").
      if (NUMBER_WORDS[name] && origAnyNumbers.has(NUMBER_WORDS[name])) continue;
      // A month named where the original writes the date in figures ("08/10/06" / "August 10, 2006").
      if (MONTHS.has(name) && numericDate) continue;
      // A word either text uses in lower case is an ordinary word ("For", "Mystery"), not a name.
      if (lowerWords.has(name)) continue;
      // A name spelled out from an acronym of the original ("Corporate Social Responsibility" for "CSR").
      if (expanded.has(name)) continue;
      // Another form of a name or word of the original ("Britain" / "British", "Persians" / "Persia"), or a
      // compound on one ("UK-based", "London-centric").
      if (origStems.has(nameStem(name))) continue;
      if (name.length >= 6 && origWordList.some((w) => w.length >= 6 && nearlySame(w, name))) continue;
      // A common word that completes a name of the original ("Jordan River", "Hammer Nutrition").
      if (besideKnownName.has(name)) continue;
      // A people or language named after a place of the original ("Panamanian", "Jewish"), or a word made
      // from a name ("Dickensian", "Kafkaesque").
      if (
        origWordList.some(
          (w) =>
            w.length >= 4 &&
            [w.replace(/s$/, ''), w].some(
              (base) =>
                name.startsWith(base) &&
                /^(?:n?ians?|ese|ish|ans?|i|ic|ns|esque|ean)$/.test(name.slice(base.length).replace(/^a(?=n)/, '')),
            ),
        )
      )
        continue;
      const parts = name.split('-');
      // A compound of names the original has ("U.S.-Panama").
      if (parts.length > 1 && parts.every((part) => origWords.has(part.replace(/\./g, '')) || origWords.has(part)))
        continue;
      if (
        parts.length > 1 &&
        (origWords.has(parts[0] as string) || origStems.has(nameStem(parts[0] as string))) &&
        parts.slice(1).every((p) => inDictionary(p) || /^(?:esque|centric|based|powered|style|like|led)$/.test(p))
      )
        continue;
      // The same word capitalised (a heading, a label) or an acronym of words the original spells out.
      if (name.split('-').every((part) => o.allLemmas.has(lemma(part)) || STOP.has(part))) continue;
      if (
        /^[a-z]{2,6}s?$/.test(name) &&
        (initials.includes(name.replace(/s$/, '')) || initialsBare.includes(name.replace(/s$/, '')))
      )
        continue;
      // A name written differently ("U.S." and "US", "Schrödinger" and "Schrodinger") or in a possessive.
      if (o.allText.includes(name) || o.allText.includes(name.replace(/\./g, ''))) continue;
      if (foldedText.includes(foldMarks(name))) continue;
      // An acronym used as a common noun ("AI", "TV", "DIY"), a currency code for the original's currency
      // ("USD" for "$"), the country of "American".
      if (COMMON_ACRONYMS.has(name) || currencyCodes.has(name)) continue;
      if ((name === 'united' || name === 'states') && /\b(?:americans?|america|usa|u\.s)\b/.test(o.allText)) continue;
      // Another name of the same country or war ("Britain" for "the UK", "Americans" for "the United States",
      // "WWII" for "the Second World War"), or a temperature scale the original writes as "°C".
      if (NAME_ALIASES.some(([names, said]) => names.has(name) && said.test(original))) continue;
      const shown = name.replace(/^\p{L}/u, (c) => c.toUpperCase());
      if (MONTHS.has(name)) return fail('number', `a date changed ("${shown}" is not in your text)`);
      return fail('name', `a name changed ("${shown}" is not in your text)`);
    }
    // A link counts as kept when the other text has it, whole or inside a longer address ("reason.com" in a
    // long link of the original).
    for (const l of f.links)
      if (!origLinks.has(l) && !o.allText.includes(l)) return fail('link', `a link or email changed ("${l}")`);
    // A quotation in the answer must be the original's words: a quotation may be reported in other words
    // without quotation marks, but never misquoted inside them.
    for (const q of f.quotes)
      if (!originalFlat.includes(` ${q} `))
        return fail('quote', 'a quotation was changed (your text does not say it in these words)');
    // Negation polarity against the aligned original sentences (and the answer sentences aligned with them:
    // a split sentence carries its "not" in one half).
    if (aligned.length > 0) {
      // Negations are compared with the original sentences this one follows (nearly as similar as its
      // closest), not with those that only chose it as their nearest weak match.
      // An answer sentence that all but copies one original sentence is compared with that one alone.
      const followed = aligned.filter((i) =>
        (bestA[j] ?? 0) >= COPY_ALIGN
          ? (sim[j]?.[i] ?? 0) === bestA[j]
          : (sim[j]?.[i] ?? 0) >= FOLLOW * (bestA[j] ?? 0),
      );
      const followedSet = new Set(followed);
      const peers = new Set<number>([j]);
      for (const i of followed)
        for (const k of answersOf[i] ?? [])
          if (!peers.has(k) && (alignment[k] ?? []).every((x) => followedSet.has(x))) peers.add(k);
      const negA = [...peers].reduce((s, k) => s + (a.negations[k] ?? 0), 0);
      const negO = followed.reduce((s, i) => s + (o.negations[i] ?? 0), 0);
      // Read with a "not uncommon" as a plain "common" on both sides, the counts agree.
      const plainly =
        negA - [...peers].reduce((s, k) => s + (a.litotes[k] ?? 0), 0) ===
        negO - followed.reduce((s, i) => s + (o.litotes[i] ?? 0), 0);
      // In a merge of several original sentences the totals can agree while one sentence flips: compare this
      // sentence with the original sentence it follows most closely, word by word.
      const best = followed.reduce((b, i) => ((sim[j]?.[i] ?? 0) > (sim[j]?.[b] ?? 0) ? i : b), followed[0] as number);
      if (followed.length >= 2 && (sim[j]?.[best] ?? 0) >= CLOSE_ALIGN && a.negations[j] !== o.negations[best]) {
        const so = o.scopes[best] as Scope;
        const sa = a.scopes[j] as Scope;
        const word = (from: Scope, to: Scope): string | null => {
          for (const l of from.negated)
            if (
              !from.plain.has(l) &&
              keptIn(l, to.plain, to.plainSenses) &&
              !keptIn(l, to.negated, to.negatedSenses) &&
              !to.farDenied.has(l)
            )
              return l;
          return null;
        };
        const lostHere = (o.negations[best] ?? 0) > (a.negations[j] ?? 0) ? word(so, sa) : null;
        if (lostHere)
          return fail('negation', `a "not" was lost, so the sentence now says "${lostHere}" where your text denies it`);
        const addedHere = (a.negations[j] ?? 0) > (o.negations[best] ?? 0) ? word(sa, so) : null;
        if (addedHere) return fail('negation', `a "not" was added, so the sentence now denies "${addedHere}"`);
      }
      if (negA !== negO) {
        // Which words the negations reach, on both sides: a flip is a word denied on one side and stated
        // plainly on the other, with the count of negations moving the same way.
        const scopeO = mergeScopes(followed.map((i) => o.scopes[i] as Scope));
        const scopeA = mergeScopes([...peers].map((k) => a.scopes[k] as Scope));
        const flip = (from: Scope, to: Scope): string | null => {
          for (const l of from.negated) {
            if (from.plain.has(l)) continue;
            if (keptIn(l, to.plain, to.plainSenses) && !keptIn(l, to.negated, to.negatedSenses) && !to.farDenied.has(l))
              return l;
          }
          return null;
        };
        // The denial said in other words: an antonym or a negating-prefix form of a denied word ("not bound" /
        // "unbound", "not static" / "dynamic").
        // An antonym both sides state plainly ("male teachers") restates nothing.
        const restated = (from: Scope, to: Scope): boolean =>
          [...from.negated].some(
            (l) =>
              [...antonymsOf(l)].some(
                (x) => (to.plain.has(x) || keptIn(x, to.plain, to.plainSenses)) && !from.plain.has(x),
              ) || ['un', 'in', 'im', 'il', 'ir', 'dis', 'non'].some((p) => to.plain.has(p + l)),
          );
        // A "not" traded for a word that denies in other words ("not allowed" / "banned", "did not like" /
        // "disliked", "not many" / "few"): the side with fewer "not"s has more such words.
        const deniedA = [...peers].reduce((n, k) => n + a.denialsOf(k).count, 0);
        const deniedO = followed.reduce((n, i) => n + o.denialsOf(i).count, 0);
        // The word must be one the other side does not use, standing where the "not" stood (next to a word the
        // "not" reached), and there must be as many such words as "not"s traded.
        const reachOf = (maps: Map<string, Set<string>>[], other: Map<string, Set<string>>[]): Set<string> => {
          const otherKeys = new Set(other.flatMap((m) => [...m.keys()]));
          return new Set(maps.flatMap((m) => [...m].filter(([k]) => !otherKeys.has(k)).flatMap(([, v]) => [...v])));
        };
        const mapsA = [...peers].map((k) => a.denialsOf(k).reach);
        const mapsO = followed.map((i) => o.denialsOf(i).reach);
        const near = (negated: Set<string>, reach: Set<string>): boolean => {
          if ([...negated].some((l) => reach.has(l))) return true;
          const senses = new Set([...reach].flatMap((l) => [...sensesOf(l)]));
          return [...negated].some((l) => keptIn(l, reach, senses));
        };
        const traded =
          negO > negA
            ? deniedA - deniedO >= negO - negA &&
              near(mergeScopes(followed.map((i) => o.scopes[i] as Scope)).negated, reachOf(mapsA, mapsO))
            : deniedO - deniedA >= negA - negO &&
              near(mergeScopes([...peers].map((k) => a.scopes[k] as Scope)).negated, reachOf(mapsO, mapsA));
        // A denial said in other words settles the count; the sentence still goes through the checks below.
        if (!traded && !(negO > negA ? restated(scopeO, scopeA) : restated(scopeA, scopeO))) {
          // Words that deny without "not", counted on each side: the same number on both ("sugar-free" in
          // each) explains no difference in the count of "not".
          const lexicalA = [...peers].reduce((n, k) => n + (a.lexicalNegations[k] ?? 0), 0);
          const lexicalO = followed.reduce((n, i) => n + (o.lexicalNegations[i] ?? 0), 0);
          // With an odd difference the two sides' net polarity differs whichever has more ("not arguing that there
          // aren't" / "it's not true that there are"): a flip is looked for both ways.
          const odd = (negO + negA) % 2 === 1;
          // The word must be denied (or stated) in an original sentence this one follows closely. Found only in a
          // loose merge (the sentence shares little with the original that denies the word), a flip is as likely
          // a word the rewrite uses in another sense: it is a doubt for the optional second opinion, not a failure.
          const closeO = mergeScopes(
            followed.filter((i) => (sim[j]?.[i] ?? 0) >= CLOSE_ALIGN).map((i) => o.scopes[i] as Scope),
          );
          const lostFrom: Scope = { ...scopeO, negated: closeO.negated, negatedSenses: closeO.negatedSenses };
          const addedTo: Scope = { ...scopeO, plain: closeO.plain, plainSenses: closeO.plainSenses };
          const lost = negO > negA || odd ? flip(lostFrom, scopeA) : null;
          if (lost)
            return fail('negation', `a "not" was lost, so the sentence now says "${lost}" where your text denies it`);
          const added = negA > negO || odd ? flip(scopeA, addedTo) : null;
          if (added) return fail('negation', `a "not" was added, so the sentence now denies "${added}"`);
          // With no word to point at, "not uncommon" read as "common" settles the count.
          const loose =
            !plainly &&
            (((negO > negA || odd) && flip(scopeO, scopeA)) || ((negA > negO || odd) && flip(scopeA, scopeO)));
          if (loose) doubts.push(j);
          // No word to point at, but one side denies and the other does not, in sentences that clearly align
          // and where the answer does not deny in other words ("lacks", "fails to", "free of", "un-").
          const confident = followed.some((i) => (sim[j]?.[i] ?? 0) >= NEGATION_ALIGN);
          const lexical = lexicalA !== lexicalO;
          // In a merge of three or more, the flip must show against the original sentence this one follows most
          // closely.
          const pinned =
            followed.length >= 3 &&
            (sim[j]?.[best] ?? 0) >= NEGATION_ALIGN &&
            (o.negations[best] ?? 0) + (a.negations[j] ?? 0) === 1 &&
            (o.lexicalNegations[best] ?? 0) === (a.lexicalNegations[j] ?? 0);
          if (
            !plainly &&
            confident &&
            !lexical &&
            (followed.length <= 2 || pinned) &&
            (negO === 0 || negA === 0) &&
            (negO + negA) % 2 === 1
          )
            return fail(
              'negation',
              negO > negA
                ? 'a "not" was lost, so the sentence may say the opposite'
                : 'a "not" was added, so the sentence may say the opposite',
            );
          if (!plainly && (negO === 0 || negA === 0) && !doubts.includes(j)) doubts.push(j);
        }
      }
      // A reversed claim: a word whose antonym the aligned original uses (and does not use the word itself).
      const oLem = new Set(aligned.flatMap((i) => o.lemmas[i] ?? []));
      // Read through the aligned sentences' own sets: most words of a faithful sentence are words of the original
      // and never ask.
      const oSenses: Has = { has: (k) => aligned.some((i) => o.senseSet[i]?.has(k) === true) };
      // Words the aligned original denies: "not bound" and "unbound", "not static" and "dynamic" agree.
      const oScope = mergeScopes(aligned.map((i) => o.scopes[i] as Scope));
      const oDenied = oScope.negated;
      // Every sense of the aligned original words, built once per original sentence and only when needed.
      const oAllSenses = { has: (k: string): boolean => aligned.some((i) => o.allSensesIn(i).has(k)) };
      for (const l of a.lemmaSet[j] ?? []) {
        if (oLem.has(l) || o.allLemmas.has(l)) continue;
        // A synonym of a word in the aligned original ("big" for "large") is not a reversal of another one.
        if (keptIn(l, oLem, oSenses)) continue;
        for (const ant of [...antonymsOf(l), ...(OPPOSED.get(l) ?? []).filter((x) => oLem.has(x))]) {
          // The antonym, or a word sharing with it the sense in which it is opposed ("crucial" where the answer
          // says "unimportant"), in the original sentences this one is aligned with: "reduce" elsewhere in the
          // text does not make "gain" here a reversal.
          // WordNet opposes two words in one sense each: the original must use the antonym, or a word that shares
          // the sense in which it is opposed ("profit" is "gain" as earnings, whose opposite is not "reduce"), or
          // a synonym of it in the same place, next to a word both sentences have ("two main reasons" / "two
          // secondary reasons").
          const placed = (): boolean =>
            inPlaceOf(
              l,
              ant,
              a.lemmas[j] ?? [],
              aligned.map((i) => o.lemmas[i] ?? []),
            );
          const inOriginal =
            (oLem.has(ant) && placed()) ||
            antonymSensesOf(l, ant).some((k) => oSenses.has(k)) ||
            (keptIn(ant, oLem, oSenses) && placed());
          if (!inOriginal || (a.lemmaSet[j] as Set<string>).has(ant)) continue;
          // "Tickets are sold at the kiosk" / "you buy tickets at the kiosk": the same sale seen from the other
          // side. A converse pair in the passive on either side is a change of voice, not a reversal.
          if (
            CONVERSES.has(`${ant}/${l}`) &&
            (aligned.some((i) => passives(o.sentences[i]?.text ?? '').has(ant)) ||
              passives(a.sentences[j]?.text ?? '').has(l))
          )
            continue;
          // The original denies the antonym ("not bound") and the answer states this word plainly ("unbound"):
          // the same claim. Denied on both sides ("cannot be religious" / "cannot be secular"), it is reversed.
          // The answer denies this word where the original states the antonym plainly ("does not open" /
          // "is closed"): the same claim too.
          const antDenied = oDenied.has(ant) || keptIn(ant, oDenied, oScope.negatedSenses);
          if (antDenied !== (a.scopes[j]?.negated.has(l) === true)) continue;
          // The two things compared the other way round ("the bus is cheaper than the train" for "the train is
          // more expensive than the bus").
          if (
            aligned.some((i) => turnedComparison(o.sentences[i]?.text ?? '', a.sentences[j]?.text ?? '') === 'converse')
          )
            continue;
          return fail('antonym', `a claim was reversed ("${ant}" became "${l}")`);
        }
        // "unexpected" for "expected": a negating prefix on a word of the aligned original (or its synonym).
        // The prefix must deny the stem ("impact", "information" and "improve" do not), and the stem must be a
        // content word ("uneven" says nothing against "even").
        const stem = deniedStem(l);
        if (
          stem &&
          !STOP.has(stem) &&
          keptIn(stem, oLem, oSenses) &&
          !oDenied.has(stem) &&
          !keptIn(stem, oDenied, oScope.negatedSenses)
        )
          return fail('antonym', `a claim was reversed ("${stem}" became "${l}")`);
      }
      // A denial the original does not make at all: a negating prefix ("unready", "ineffectively") or a word
      // that denies ("lacks", "fails to") on a word the original sentences neither use nor deny in any way.
      const deniesAnything = aligned.some(deniesIn);
      if (!deniesAnything) {
        for (const l of a.lemmaSet[j] ?? []) {
          if (o.allLemmas.has(l) || keptIn(l, oLem, oSenses)) continue;
          // Said in other words: the word shares any sense, rare ones included, with a word of the original.
          if (allSensesOf(l).some((k) => oAllSenses.has(k))) continue;
          const stem = deniedStem(l);
          if (!stem) continue;
          // The answer denies it in turn ("without unequal treatment"), or the original says the stem's opposite
          // ("sick" for "unwell": "well" and "ill" are antonyms).
          if (a.scopes[j]?.negated.has(l)) continue;
          if ([...antonymsOf(stem)].some((x) => x !== l && allSensesOf(x).some((k) => oAllSenses.has(k)))) continue;
          return fail('antonym', `a claim was reversed ("${l}" is not in your text)`);
        }
        for (const raw of (a.sentences[j]?.text ?? '').toLowerCase().match(/[a-z]+/g) ?? []) {
          if (!ADDED_DENIAL.test(raw) || o.allLemmas.has(lemma(raw)) || keptIn(lemma(raw), oLem, oSenses)) continue;
          // Only in a sentence that follows one original closely.
          if (!followed.some((i) => (sim[j]?.[i] ?? 0) >= CLOSE_ALIGN)) break;
          return fail('negation', `a "not" was added in other words ("${raw}" is not in your text)`);
        }
      }
      // An amount or comparison turned around ("more" / "less", "many" / "few", "all" / "some").
      const close = followed.filter((i) => (sim[j]?.[i] ?? 0) >= CLOSE_ALIGN);
      const reversed = reversedAmount(
        close.map((i) => o.sentences[i]?.text ?? '').join(' '),
        a.sentences[j]?.text ?? '',
      );
      if (reversed) return fail('antonym', `a claim was reversed ("${reversed[0]}" became "${reversed[1]}")`);
      if (close.some((i) => turnedComparison(o.sentences[i]?.text ?? '', a.sentences[j]?.text ?? '') === 'swapped'))
        return fail('antonym', 'a comparison was turned around (the two things it compares changed places)');
      // A denial made without "not" ("failed to reduce", "has yet to reply", "denied taking") lost: the answer
      // denies nothing at all and states the act plainly, in a sentence that follows the original closely.
      if ((a.negations[j] ?? 0) === 0 && (a.lexicalNegations[j] ?? 0) === 0) {
        const answerHas: Has = { has: (x) => a.lemmaSet[j]?.has(x) === true };
        const answerSenses: Has = { has: (x) => a.senseSet[j]?.has(x) === true };
        for (const i of close) {
          if ((o.negations[i] ?? 0) > 0 || (sim[j]?.[i] ?? 0) < DENIED_ACT_ALIGN) continue;
          for (const m of (o.sentences[i]?.text ?? '').matchAll(DENIED_ACT)) {
            const act = lemma((m[1] as string).toLowerCase());
            // "The years yet to come" are future ones: nothing is denied. The wider count of denying words is
            // read last: it is built on first use.
            if (!STOP.has(act) && act !== 'come' && keptIn(act, answerHas, answerSenses) && a.denialsOf(j).count === 0)
              return fail(
                'negation',
                `a denial was lost ("${m[0].trim()}"), so the sentence now says "${act}" was done`,
              );
          }
        }
      }
    }
    // 3a. Invented: aligns with nothing and brings mostly new content.
    const ls = a.lemmas[j] ?? [];
    // A sentence that states figures of the original, and only those (one of them more than a single digit),
    // restates the original's facts in new words ("in total my setup cost around 650€"): removing it as
    // invented would lose them.
    const ownFigures =
      f.numbers.some((n) => n.replace(/\D/g, '').length >= 2) && f.numbers.every((n) => origNumbers.has(n));
    if ((bestA[j] ?? 0) < ALIGN_MIN * 1.5 && !ownFigures) {
      const fresh = ls.filter((l) => !keptOrDerived(l, o.allLemmas, o.allSenses));
      const share = (bestA[j] ?? 0) < INVENTED_STRAY ? INVENTED_STRAY_SHARE : INVENTED_SHARE;
      if (fresh.length >= INVENTED_MIN_NEW && fresh.length / Math.max(1, ls.length) >= share)
        return fail('invented', 'a sentence says something your text does not');
    }
  });
  const claims = claimsNewToText(o, a, alignment, failures, doubts);

  // Lost facts: a number of the original (digits) that the answer does not state anywhere, in figures or words.
  // Ordinals count as their number ("10th", "tenth"), a decade as its two last digits ("the '80s" for "1980s").
  const answerNumbers = new Set(
    a.facts
      .flatMap((f) => [...f.numbers, ...f.numberWords, ...f.numberForms])
      .flatMap((n) => [n, n.replace(/(?:st|nd|rd|th)$/, '')]),
  );
  const stated = (n: string): boolean =>
    answerNumbers.has(n) ||
    (/^1[89]\d0$/.test(n) && answerNumbers.has(n.slice(2))) ||
    (n === '10' && /\bdecade\b/i.test(answer));
  o.facts.forEach((f, i) => {
    // Only where one answer sentence follows this one closely (a condensed rewrite may leave a minor figure
    // out of a merged sentence), and not in dates and times, which a rewrite may write in words.
    const where = (answersOf[i] ?? []).filter((k) => (sim[k]?.[i] ?? 0) >= CLOSE_ALIGN);
    if (where.length === 0) return;
    const plain = (o.sentences[i]?.text ?? '').replace(/\d+(?:[/:.-]\d+)+|@[A-Z]+\d+/g, ' ');
    // Split over several answer sentences, only a year must still be there (a minor figure may go in a merge).
    const lost = f.numbers.find(
      (n) =>
        (where.length === 1 || /^(?:1[5-9]|20)\d\d$/.test(n)) &&
        !stated(n) &&
        new RegExp(`(?<![\\d.,])${n}(?![\\d])`).test(plain),
    );
    if (lost === undefined) return;
    failures.push({
      drift: 'number',
      detail: `a number was left out ("${lost}" is in your text)`,
      answer: where[0] as number,
      original: [i],
    });
  });
  // Lost facts: a link of the original that the answer does not carry.
  const dropped: number[] = [];
  const missing: number[] = [];
  o.facts.forEach((f, i) => {
    for (const l of f.links)
      if (!answerLinks.has(l) && !a.allText.includes(l))
        failures.push({ drift: 'link', detail: `a link or email was lost ("${l}")`, answer: -1, original: [i] });
  });

  // A protected span the answer does not carry (a span written out counts the same as its placeholder):
  // the original sentence that holds it is a failure, repaired by putting that sentence back.
  const answerRaw = answer.replace(/\r\n/g, '\n');
  const answerLoose = answerRaw.replace(/\s+/g, ' ').toLowerCase();
  for (const span of spans) {
    if (!span.trim() || answerRaw.includes(span)) continue;
    // Written with other capitals or spacing, it is still there ("Beijing university").
    if (answerLoose.includes(span.replace(/\s+/g, ' ').toLowerCase())) continue;
    // Ordinary words the protector also holds ("one", "first", "once", "e.g."): the number and name checks
    // judge them in context, so a rewrite may say them otherwise.
    if (ORDINARY_SPAN.test(span.trim())) continue;
    const i = o.sentences.findIndex((s) => s.text.includes(span) || span.includes(s.text));
    if (i < 0) continue;
    const where = answersOf[i] ?? [];
    failures.push({
      drift: /\d/.test(span) ? 'number' : /^["“]/.test(span) ? 'quote' : 'name',
      detail: `"${span.slice(0, 40)}" was lost`,
      answer: where.length === 1 ? (where[0] as number) : -1,
      original: [i],
    });
  }

  // 3b. Dropped: original sentences whose content the answer does not cover.
  let droppedWeight = 0;
  /** Every sense, rare ones included, of an answer sentence's words (built once per sentence). */
  o.sentences.forEach((_s, i) => {
    // Covered by the answer sentences aligned with it, or by the answer as a whole for short sentences
    // whose words were spread over a merged sentence.
    const nearList = [...new Set<number>(answersOf[i] ?? [])];
    // Read through the answer sentences' own sets, not copied into one.
    const bag: Has = { has: (l) => nearList.some((j) => a.lemmaSet[j]?.has(l) === true) };
    // A denial the answer makes in other words is not content it must repeat ("not significant" /
    // "insignificant", "not wrong" / "right"): the negation checks judge it.
    const ls = (o.lemmas[i] ?? []).filter((l) => !NEGATOR_WORD.test(l) || bag.has(l));
    if (ls.length < 3) return;
    let best = 0;
    const senses: Has = { has: (k) => nearList.some((j) => a.senseSet[j]?.has(k) === true) };
    // A word the answer says with a rarer sense of one of its words counts too (coverage only: alignment and
    // the fact checks keep to the frequent senses).
    for (const l of ls) {
      if (keptOrDerived(l, bag, senses)) best++;
      else if (allSensesOf(l).some((k) => nearList.some((j) => a.allSensesIn(j).has(k)))) best++;
      // Said with a negating prefix ("finished" / "unfinished").
      else if (nearList.some((j) => (a.lemmas[j] ?? []).some((x) => x.endsWith(l) && deniedStem(x) === l))) best++;
    }
    if (best / ls.length < COVERED) {
      dropped.push(i);
      droppedWeight += ls.length;
      // Said loosely across the answer: its words are there, in sentences that rewrite others too.
      let anywhere = 0;
      for (const l of ls) if (keptOrDerived(l, a.allLemmas, a.allSenses)) anywhere++;
      if (anywhere / ls.length < COVERED) missing.push(i);
    }
  });
  const droppedShare = total === 0 ? 0 : droppedWeight / total;
  // The longest run of original sentences, in order, that no answer sentence aligns with: a condensed
  // rewrite leaves small gaps everywhere, a dropped half leaves one long gap.
  const reached = new Set<number>();
  sim.forEach((row, j) =>
    row.forEach((x, i) => {
      if (x >= GAP_ALIGN && x >= 0.75 * (bestA[j] ?? 0)) reached.add(i);
    }),
  );
  let gap = 0;
  let run = 0;
  o.sentences.forEach((_s, i) => {
    if (reached.has(i)) run = 0;
    else {
      run += (o.lemmas[i] ?? []).length;
      gap = Math.max(gap, run);
    }
  });
  const gapShare = total === 0 ? 0 : gap / total;
  const unreached = o.sentences.map((_s, i) => i).filter((i) => !reached.has(i) && (o.lemmas[i] ?? []).length > 0);
  // The same measure at the end of the text only: a model that stops early leaves the end out.
  let tail = 0;
  for (let i = o.sentences.length - 1; i >= 0 && !reached.has(i); i--) tail += (o.lemmas[i] ?? []).length;
  const tailShare = total === 0 ? 0 : tail / total;
  // The same, by each answer sentence's closest original only: a weak echo of the last sentence early in a
  // rewrite that stops halfway (a closing line that repeats key words) does not count as reaching the end.
  // An answer sentence also reaches the sentence next to its closest when it is nearly as close to it (two
  // neighbours merged into one): the echo of a far sentence is not next to its closest.
  let lastClosest = -1;
  sim.forEach((row, j) => {
    const best = bestA[j] ?? 0;
    if (best < GAP_ALIGN) return;
    const closest = row.indexOf(best);
    const next = row[closest + 1] ?? 0;
    lastClosest = Math.max(lastClosest, next >= GAP_ALIGN && next >= 0.75 * best ? closest + 1 : closest);
  });
  let closestTail = 0;
  for (let i = lastClosest + 1; i < nO; i++) closestTail += (o.lemmas[i] ?? []).length;
  const closestTailShare = total === 0 ? 0 : closestTail / total;

  const lengthRatio = a.words / Math.max(1, o.words);
  const judged = {
    recall,
    droppedShare,
    gapShare,
    tailShare,
    lengthRatio,
    failures,
    dropped,
    missing,
    unreached,
    originalSentences: o.sentences,
    answerSentences: a.sentences,
    alignment,
    similarity: sim,
    doubts,
    claims,
  };
  const verdict = (drift: Drift, detail: string): Faithfulness => ({ ok: false, drift, detail, ...judged });
  if (recall < tol.minRecall)
    return verdict('unrelated', `the rewrite keeps little of your text (${Math.round(recall * 100)}% of its content)`);
  const invented = failures.filter((f) => f.drift === 'invented').length;
  if (nA > 0 && invented / nA > 0.5) return verdict('unrelated', 'most sentences say things your text does not');
  if (
    tailShare >= tol.maxTail ||
    closestTailShare >= tol.maxClosestTail ||
    gapShare >= tol.maxGap ||
    (tailShare >= tol.shortTail && lengthRatio < tol.shortTailLength) ||
    (lengthRatio < tol.shortLength && recall < tol.shortRecall)
  )
    return verdict(
      'dropped',
      dropped.length > 0
        ? `part of your text was left out (${dropped.length} of ${nO} sentences)`
        : tailShare >= tol.shortTail || closestTailShare >= tol.maxClosestTail
          ? 'the rewrite stops before the end of your text'
          : 'part of your text was left out',
    );
  if (lengthRatio < tol.minLength || lengthRatio > tol.maxLength)
    return verdict('length', `the rewrite is ${Math.round(lengthRatio * 100)}% as long as your text`);
  const first = failures[0];
  if (first) return verdict(first.drift, first.detail);
  return { ok: true, ...judged };
}
