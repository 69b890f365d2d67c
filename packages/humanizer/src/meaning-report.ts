/**
 * The meaning report: what of the user's text was checked in the result, fact by fact. Every number (with the
 * unit or counted noun it is bound to), date, name, link, quotation and negation of the original is listed with
 * where it stands in the original, whether the result still says it as written, and where. It is read from the
 * two texts themselves, so it is true for that result whatever wrote it (the model, the light edit, a repair);
 * the sentences put back are said by the result's notes. Nothing here decides what is delivered.
 */
import { NUMBER_WORDS as WORD_VALUES } from './model/faithfulness/facts/numbers.ts';
import { negationSpans } from './model/faithfulness/negation/count.ts';
import { splitSentences } from './model/faithfulness/sentences.ts';

/** Number words from two to ninety, compared as their digits ("three ships" is "3 ships"). */
const SMALL_NUMBER_WORD =
  /^(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)$/;

export const MEANING_FACT_KINDS = ['number', 'date', 'name', 'link', 'quotation', 'negation'] as const;
export type MeaningFactKind = (typeof MEANING_FACT_KINDS)[number];

export interface MeaningFact {
  kind: MeaningFactKind;
  /** The fact as the original writes it. */
  text: string;
  /** [start, end) UTF-16 offsets in the original. */
  original: [number, number];
  /** The result still says it as written. */
  kept: boolean;
  /** [start, end) in the result where it stands, or null when it is not there as written. */
  result: [number, number] | null;
}

/** A sentence of the user's text put back as written in a model rewrite, why, and the rule that found it. */
export interface PutBack {
  sentence: string;
  why: string;
  rule: string | null;
}

/**
 * The second opinion's reading of a delivered model rewrite (decisions 0066, 0067): of the sentences of the result
 * the model wrote (not the user's, as written), how many it compared with the user's and found the same. Sentences
 * it found different were put back and are listed with `putBack`.
 */
export interface SecondReading {
  /** Sentences of the result the model wrote that the second opinion compared with the text and found the same. */
  heard: number;
  /** Sentences of the result the model wrote. */
  rewritten: number;
}

export interface MeaningReport {
  facts: MeaningFact[];
  /** Sentences put back as the user wrote them, in the order the repairs made them (empty for a light edit). */
  putBack: PutBack[];
  /** The ids of the rules that fired (the meaning check's rule ids), each once. */
  rules: string[];
  /** The second opinion's reading, when one was asked for a delivered model rewrite. */
  secondReading?: SecondReading;
  /**
   * One line for the user: "14 facts checked: 5 numbers, 4 names, 2 dates, 1 quotation, 2 negations: all kept".
   * Read from the two texts alone, so History, reopening the result later, gets the same line; the sentences put
   * back are said by the result's notes.
   */
  summary: string;
}

const MONTHS =
  'January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec';
const NUMBER_WORDS =
  'two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|trillion|dozen|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|twice';

/** Words after a number that are not what it counts ("16 of them", "in 2019 and"). */
const NOT_COUNTED = new Set(
  'of and or to in on at by for the a an was were is are be been has have had that which who as than from with it its this these those their his her our your we they he she you i percent per but so if when while after before'.split(
    ' ',
  ),
);

interface Found {
  kind: MeaningFactKind;
  start: number;
  end: number;
}

const LINK_RE =
  /!?\[[^\]\n]*\]\([^)\n]*\)|\b(?:https?:\/\/|www\.)[^\s<>()"']*[^\s<>()"'.,;:!?]|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g;
const QUOTE_RE = /"(?=\S)[^"\n]*\s[^"\n]*(?<=\S)"|\u201c[^\u201d\n]*\s[^\u201d\n]*\u201d/g;
const DATE_RE = new RegExp(
  `\\b(?:${MONTHS})\\.? \\d{1,2}(?:st|nd|rd|th)?(?:,? \\d{4})?\\b|\\b\\d{1,2}(?:st|nd|rd|th)? (?:${MONTHS})(?: \\d{4})?\\b|\\b(?:${MONTHS}) \\d{4}\\b|\\b(?:1[6-9]|20)\\d{2}s?\\b`,
  'g',
);
const NUMBER_RE = new RegExp(
  `[$\\u20ac\\u00a3\\u00a5]?(?<![\\w.])\\d+(?:[.,:/]\\d+)*(?:-[a-z]+)?(?:st|nd|rd|th|s|%|k|m|bn|x)?(?![\\w])|\\b(?:${NUMBER_WORDS})(?:[- ](?:one|two|three|four|five|six|seven|eight|nine|hundred|thousand|million|billion))*\\b`,
  'gi',
);
const COUNTED = /^(?:\s?(?:%|percent|per cent)|[ \t]+(?:[a-z][a-z-]*))/;
const NAME_RE =
  /(?<![\w'\u2019-])[A-Z][a-zA-Z'\u2019-]*[a-z][a-zA-Z'\u2019-]*(?:[ \t]+(?:of|de|van|von|der|la|le|da|del|the|and|for)?[ \t]*[A-Z][a-zA-Z'\u2019-]*)*/g;
const NOT_NAMES = new Set(['I', 'OK']);

function sentenceStartAt(text: string, i: number): boolean {
  let j = i - 1;
  while (j >= 0 && /[\s"'\u201c\u2018(\[*#>-]/.test(text[j] as string)) j--;
  return j < 0 || /[.!?:;\n]/.test(text[j] as string) || text[j] === '\n';
}

function overlaps(spans: readonly Found[], s: number, e: number): boolean {
  return spans.some((f) => s < f.end && e > f.start);
}

/** The facts of a text, in text order, each once. */
export function factsOf(text: string): Found[] {
  const out: Found[] = [];
  const take = (kind: MeaningFactKind, re: RegExp, extend?: (s: number, e: number) => number): void => {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      const s = m.index;
      let e = s + m[0].length;
      if (extend) e = extend(s, e);
      if (!overlaps(out, s, e)) out.push({ kind, start: s, end: e });
    }
  };
  take('link', LINK_RE);
  take('quotation', QUOTE_RE);
  take('date', DATE_RE);
  // A number with the unit or counted noun it is bound to: "16 minutes" is one fact, and "16 points" another.
  take('number', NUMBER_RE, (s, e) => {
    const m = COUNTED.exec(text.slice(e, e + 40));
    if (!m) return e;
    const w = m[0].trim().toLowerCase();
    if (NOT_COUNTED.has(w)) return e;
    return e + m[0].length;
  });
  NAME_RE.lastIndex = 0;
  for (const m of text.matchAll(NAME_RE)) {
    const trimmed = m[0].replace(/[ \t]+(?:of|de|van|von|der|la|le|da|del|the|and|for)[ \t]*$/, '');
    const words = trimmed.split(/\s+/).filter(Boolean);
    if (words.length === 1 && NOT_NAMES.has(words[0] as string)) continue;
    // A capitalised word opening a sentence is a name only in a run of two or more.
    if (words.length < 2 && sentenceStartAt(text, m.index)) continue;
    let s = m.index;
    let t = trimmed;
    if (
      sentenceStartAt(text, m.index) &&
      /^(?:The|A|An|In|On|At|For|When|If|But|And|So|As|After|Before|This|That|Our|My|We|They|He|She|It)$/.test(
        words[0] as string,
      )
    ) {
      const rest = t.slice((words[0] as string).length).replace(/^\s+/, '');
      if (rest.split(/\s+/).length < 1 || !rest) continue;
      s += t.length - rest.length;
      t = rest;
    }
    if (!overlaps(out, s, s + t.length)) out.push({ kind: 'name', start: s, end: s + t.length });
  }
  // Negations as the check reads them: one lexicon (model/faithfulness/negation), set phrases left out.
  for (const n of negationSpans(text))
    if (!overlaps(out, n.start, n.end)) out.push({ kind: 'negation', start: n.start, end: n.end });
  return out.sort((a, b) => a.start - b.start);
}

/** Compare as a reader would: case, spacing, curly quotes and small number words ("three" = "3") aside. */
function norm(s: string): string {
  return normalised(s).text;
}

/**
 * The normalised text in one pass, with where each of its characters came from: `at[i]` is the offset in `s`
 * of normalised character i (`at[text.length]` is `s.length`), so a place found in the normalised result is a
 * place in the result.
 */
function normalised(s: string): { text: string; at: number[] } {
  let text = '';
  const at: number[] = [];
  for (const m of s.matchAll(/\s+|[\p{L}\p{N}]+|[\s\S]/gu)) {
    const raw = m[0];
    let out: string;
    if (/^\s/.test(raw)) out = ' ';
    else {
      const lower = raw.toLowerCase();
      out = SMALL_NUMBER_WORD.test(lower)
        ? (WORD_VALUES[lower] ?? lower)
        : lower.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"');
    }
    for (let k = 0; k < out.length; k++) at.push(m.index + Math.min(k, raw.length - 1));
    text += out;
  }
  at.push(s.length);
  return { text, at };
}

/** Where `needle` stands in `hay` (already normalised alike), at or after `from`; whole words only. */
function findWord(hay: string, needle: string, from: number): number {
  let i = hay.indexOf(needle, from);
  while (i >= 0) {
    const before = hay[i - 1] ?? ' ';
    const after = hay[i + needle.length] ?? ' ';
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return i;
    i = hay.indexOf(needle, i + 1);
  }
  return -1;
}

/** The sentences of a text as the check splits them (model/faithfulness/sentences.ts), with their content words. */
function sentences(text: string): { start: number; end: number; words: Set<string> }[] {
  return splitSentences(text).map((s) => ({
    start: s.start,
    end: s.end,
    words: new Set((s.text.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter((w) => !/n't$/.test(w))),
  }));
}

/** The result sentence sharing most content words with the original sentence around `at`. */
function alignedSentence(
  origSents: ReturnType<typeof sentences>,
  resSents: ReturnType<typeof sentences>,
  at: number,
): ReturnType<typeof sentences>[number] | null {
  const o = origSents.find((s) => at >= s.start && at < s.end);
  if (!o || o.words.size === 0) return null;
  let best: ReturnType<typeof sentences>[number] | null = null;
  let bestShare = 0.3;
  for (const r of resSents) {
    let shared = 0;
    for (const w of o.words) if (r.words.has(w)) shared++;
    const share = shared / o.words.size;
    if (share > bestShare) {
      bestShare = share;
      best = r;
    }
  }
  return best;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const KIND_WORDS: Record<MeaningFactKind, [string, string]> = {
  number: ['number', 'numbers'],
  date: ['date', 'dates'],
  name: ['name', 'names'],
  link: ['link', 'links'],
  quotation: ['quotation', 'quotations'],
  negation: ['negation', 'negations'],
};

/** The report for a result of `original`. */
export function meaningReport(
  original: string,
  result: string,
  putBack: readonly PutBack[] = [],
  secondReading?: SecondReading | null,
): MeaningReport {
  const found = factsOf(original);
  const res = normalised(result);
  const hay = res.text;
  /** Per fact text, where to look for its next occurrence: a fact said twice is found twice, in order. */
  const cursor = new Map<string, number>();
  const origSents = sentences(original);
  const resSents = sentences(result);
  const aligned = new Map<number, ReturnType<typeof sentences>[number] | null>();
  const negUsed = new Set<number>();
  const facts: MeaningFact[] = found.map((f) => {
    const text = original.slice(f.start, f.end);
    if (f.kind === 'negation') {
      // A denial is kept when the sentence that says the same thing in the result still denies.
      const oi = origSents.findIndex((o) => f.start >= o.start && f.start < o.end);
      if (!aligned.has(oi)) aligned.set(oi, alignedSentence(origSents, resSents, f.start));
      const r = aligned.get(oi) ?? null;
      const inR = r
        ? negationSpans(result.slice(r.start, r.end)).map((n) => ({ start: n.start + r.start, end: n.end + r.start }))
        : [];
      const free = inR.find((n) => !negUsed.has(n.start));
      if (free) negUsed.add(free.start);
      return {
        kind: f.kind,
        text,
        original: [f.start, f.end],
        kept: free !== undefined,
        result: free ? [free.start, free.end] : null,
      };
    }
    const needle = norm(text);
    const i = findWord(hay, needle, cursor.get(needle) ?? 0);
    if (i < 0) return { kind: f.kind, text, original: [f.start, f.end], kept: false, result: null };
    cursor.set(needle, i + Math.max(1, needle.length));
    const start = res.at[i] as number;
    const end = res.at[i + needle.length] as number;
    return { kind: f.kind, text, original: [f.start, f.end], kept: true, result: [start, end] };
  });
  const rules = [...new Set(putBack.flatMap((p) => (p.rule ? [p.rule] : [])))];
  const back =
    putBack.length === 0
      ? ''
      : `. ${plural(putBack.length, 'sentence')} put back as you wrote ${putBack.length === 1 ? 'it' : 'them'}`;
  const read = secondReading && secondReading.rewritten > 0 ? secondReading : null;
  return {
    facts,
    summary: summarize(facts) + back + (read ? `. ${secondReadingLine(read)}` : ''),
    putBack: [...putBack],
    rules,
    ...(read ? { secondReading: { ...read } } : {}),
  };
}

/** "A second reading by the model compared 9 of the 11 rewritten sentences with yours and found them the same". */
export function secondReadingLine({ heard, rewritten }: SecondReading): string {
  if (heard === 0) return 'No second reading by the model could be made';
  const which =
    heard >= rewritten
      ? rewritten === 1
        ? 'the rewritten sentence'
        : `all ${rewritten} rewritten sentences`
      : `${heard} of the ${rewritten} rewritten sentences`;
  return `A second reading by the model compared ${which} with yours and found ${heard === 1 ? 'it' : 'them'} the same`;
}

function summarize(facts: readonly MeaningFact[]): string {
  const parts: string[] = [];
  for (const k of MEANING_FACT_KINDS) {
    const n = facts.filter((f) => f.kind === k).length;
    if (n > 0) parts.push(plural(n, ...KIND_WORDS[k]));
  }
  const lost = facts.filter((f) => !f.kept);
  return facts.length === 0
    ? 'No numbers, dates, names, links, quotations or negations to check'
    : `${plural(facts.length, 'fact')} checked: ${parts.join(', ')}: ${
        lost.length === 0
          ? 'all kept'
          : `${facts.length - lost.length} kept, ${lost.length} not in the result as written (${lost
              .slice(0, 3)
              .map((f) => `"${f.text.length > 40 ? `${f.text.slice(0, 37)}...` : f.text}"`)
              .join(', ')}${lost.length > 3 ? ', ...' : ''})`
      }`;
}
