import { lemma, synonyms } from '../../lexical.ts';
import type { Check, SentenceCheck } from '../context.ts';
import type { Located, Rule } from '../types.ts';
import { STOP, flat } from '../words.ts';

/**
 * Facts bound to their neighbours: a number to its unit ("16 minutes" is not "16 points"), a
 * count to its kind ("19-time winner" is not "19th champion"), a name of several words to its order ("Isle of
 * Man" is not "Man Isle"), a bracketed slot to its place ("[character name]" stays until the writer fills it).
 */

/** Words after a number that are not what it counts. */
const NOT_COUNTED = new Set(
  'of and or to in on at by for the a an was were is are be been has have had that which who as than from with it its this these those their his her our your we they he she you i but so if when while after before about around over under more less per percent times'.split(
    ' ',
  ),
);
const textOf = (c: Check, side: 'o' | 'a', is: readonly number[]): string =>
  is.map((i) => c[side].sentences[i]?.text ?? '').join(' ');

/**
 * Each number written in digits with the word it counts and the word after that ("16 minutes", "3 main points"),
 * lemmas. A year is not a count.
 */
export function countedNumbers(text: string): { n: string; noun: string; next: string }[] {
  const out: { n: string; noun: string; next: string }[] = [];
  for (const m of text.matchAll(/(?<![\w.,])(\d+(?:[.,]\d+)?)(?:\s*-\s*|\s+)([A-Za-z][a-z]+)\b(?:\s+([a-z]+))?/g)) {
    const noun = (m[2] as string).toLowerCase();
    const n = (m[1] as string).replace(',', '.');
    if (NOT_COUNTED.has(noun) || /^(?:1[5-9]|20)\d\d$/.test(n)) continue;
    out.push({ n, noun: lemma(noun), next: m[3] && !NOT_COUNTED.has(m[3]) ? lemma(m[3]) : '' });
  }
  return out;
}

const sameWord = (x: string, y: string): boolean => x !== '' && (x === y || synonyms(x, y));

/** Units and the things a result is counted in: a number moved from one of these to another is another fact. */
export const UNITS: ReadonlySet<string> = new Set(
  (
    'second minute hour day week month year decade century millisecond ' +
    'millimetre millimeter centimetre centimeter metre meter kilometre kilometer km mile yard foot feet inch ' +
    'gram kilogram kg pound ounce ton tonne stone litre liter gallon pint cup ' +
    'degree percent point goal run vote seat lap medal title win game match set round try wicket ' +
    'dollar euro cent penny pence yen rupee acre hectare mph kph calorie kilowatt watt volt byte megabyte gigabyte'
  ).split(' '),
);

export const numberUnit: Rule<SentenceCheck> = {
  id: 'number.unit',
  drift: 'number',
  why: 'a number kept with another unit ("16 minutes" / "16 points", "5 km" / "5 miles") is another fact',
  exceptions: [
    { id: 'same-unit-other-form', why: 'the same unit in another form or a synonym ("16-minute") keeps it' },
    {
      id: 'not-a-unit',
      why: 'a word after a number that is not a unit ("3 main reasons" / "3 key reasons") is not judged',
    },
    { id: 'noun-said-later', why: 'a unit the sentence still says elsewhere ("16 of the 20 minutes") is kept' },
  ],
  check: (s) => {
    if (s.followed.length === 0) return null;
    const orig = countedNumbers(textOf(s.c, 'o', s.followed));
    if (orig.length === 0) return null;
    const ans = countedNumbers(s.text);
    const answerLemmas = new Set(s.c.a.lemmas[s.j] ?? []);
    for (const a of ans) {
      if (!UNITS.has(a.noun)) continue;
      const same = orig.filter((o) => o.n === a.n && UNITS.has(o.noun));
      // The counted noun may follow an adjective on either side ("3 main points" / "3 key points").
      if (
        same.length === 0 ||
        same.some((o) => [o.noun, o.next].some((x) => sameWord(x, a.noun) || sameWord(x, a.next)))
      )
        continue;
      // The original's noun for this number, said elsewhere in the sentence, keeps the fact.
      if (same.some((o) => answerLemmas.has(o.noun) || o.noun.startsWith(a.noun) || a.noun.startsWith(o.noun)))
        continue;
      return { detail: `"${a.n} ${same[0]?.noun}" became "${a.n} ${a.noun}"` };
    }
    return null;
  },
};

const ORDINAL = /\b(\d+)(?:st|nd|rd|th)\b/gi;
const CARDINAL = /\b(\d+)(?!\d|st\b|nd\b|rd\b|th\b|[.,]\d)/gi;
const ordinals = (t: string): Set<string> => new Set([...t.matchAll(ORDINAL)].map((m) => m[1] as string));
const cardinals = (t: string): Set<string> =>
  new Set([...t.replace(ORDINAL, ' ').matchAll(CARDINAL)].map((m) => m[1] as string));

export const countMadeRank: Rule<SentenceCheck> = {
  id: 'number.count-rank',
  drift: 'number',
  why: 'a count turned into a rank or a rank into a count ("19-time winner" / "19th champion") says another thing',
  check: (s) => {
    if (s.followed.length === 0) return null;
    const o = textOf(s.c, 'o', s.followed);
    const oOrd = ordinals(o);
    const oCard = cardinals(o);
    const aOrd = ordinals(s.text);
    const aCard = cardinals(s.text);
    for (const n of aOrd) if (oCard.has(n) && !oOrd.has(n)) return { detail: `a count became a rank ("${n}th")` };
    for (const n of aCard) if (oOrd.has(n) && !oCard.has(n)) return { detail: `a rank became a count ("${n}")` };
    return null;
  },
};

/** Names of several capitalised words on one line, "of"/"the"/"de" between them allowed ("Isle of Man"). */
const MULTI_NAME = /\b[A-Z][a-z]+(?:[ \t]+(?:of|the|de|da|van|von)[ \t]+[A-Z][a-z]+|[ \t]+[A-Z][a-z]+)+\b/g;

/** The names of several words in a text, without a leading closed-class word ("The", "As", "In"). */
function multiNames(text: string): { name: string; parts: string }[] {
  const out: { name: string; parts: string }[] = [];
  for (const m of text.matchAll(MULTI_NAME)) {
    const words = m[0].split(/[ \t]+/);
    while (words.length > 0 && STOP.has((words[0] as string).toLowerCase())) words.shift();
    const caps = words.filter((w) => /^[A-Z]/.test(w));
    if (caps.length < 2) continue;
    out.push({ name: words.join(' '), parts: [...caps].sort().join(' ') });
  }
  return out;
}

export const nameOrder: Rule<SentenceCheck> = {
  id: 'name.order',
  drift: 'name',
  why: 'a name of several words said in another order or form ("Isle of Man" / "Man Isle") is no longer the name',
  exceptions: [
    { id: 'leading-closed-class-word', why: 'a capitalised "The" or "As" before a name is not part of it' },
    { id: 'case', why: 'the same name in other capitals ("Nimba myotis") is the name' },
  ],
  check: (s) => {
    if (s.followed.length === 0) return null;
    const o = multiNames(textOf(s.c, 'o', s.followed));
    if (o.length === 0) return null;
    const lower = s.text.toLowerCase();
    for (const a of multiNames(s.text)) {
      const same = o.find((x) => x.parts === a.parts);
      if (same && same.name !== a.name && !lower.includes(same.name.toLowerCase()))
        return { detail: `a name was said in another order ("${same.name}" / "${a.name}")` };
    }
    return null;
  },
};

/** Template slots a writer fills in later, and anonymised ones: "[character name]", "{date}", "<HOLDING>", "@PERSON1". */
const SLOT = /\[[A-Za-z][^\]\n]{3,39}\]|\{[^}\n]{1,40}\}|<[A-Z_]{2,20}>|@[A-Z]+\d+\b/g;

export const slotLost: Rule<Check, Located[]> = {
  id: 'name.slot-lost',
  drift: 'name',
  why: 'a bracketed slot ("[character name]") is for the writer to fill: filled in or dropped by the rewrite, it says something the writer did not',
  check: (c) => {
    const out: Located[] = [];
    const seen = new Set<string>();
    c.o.sentences.forEach((sent, i) => {
      for (const m of sent.text.matchAll(SLOT)) {
        const slot = m[0];
        if (seen.has(slot) || c.a.allText.includes(slot.toLowerCase())) continue;
        seen.add(slot);
        const answer = c.answersOf[i]?.[0] ?? -1;
        out.push({ detail: `a placeholder was filled in or left out ("${slot}")`, answer, original: [i] });
      }
    });
    return out;
  },
};

const QUOTED = /"[^"\n]+"|\u201c[^\u201d\n]+\u201d/g;
const SPEECH = /^(?:say|tell|ask|add|state|write|explain|insist|argue|claim|reply|warn|note|announce|declare|admit)$/;

/** The words naming who speaks, next to the speech verb of a sentence with a quotation (quoted words left out). */
function speakerOf(sentence: string): string[] {
  const frame = sentence.replace(QUOTED, ' ');
  if (frame.length === sentence.length) return [];
  const words = flat(frame).split(' ').filter(Boolean);
  const k = words.findIndex((w) => SPEECH.test(lemma(w)));
  if (k < 0) return [];
  // The speaker stands before the verb ("the coach said"), or after it when nothing does ("…," said the coach).
  const content = (ws: string[]): string[] => ws.filter((w) => w.length >= 3 && !STOP.has(w)).map((w) => lemma(w));
  const before = content(words.slice(Math.max(0, k - 3), k));
  return before.length > 0 ? before : content(words.slice(k + 1, k + 4));
}

export const quoteSpeaker: Rule<SentenceCheck> = {
  id: 'quote.speaker',
  drift: 'quote',
  why: 'a quotation given to another speaker ("the coach said" / "the captain said") puts words in someone else\'s mouth',
  exceptions: [
    { id: 'pronoun-speaker', why: 'a speaker named only by a pronoun ("he said") is not compared' },
    {
      id: 'same-speaker-other-words',
      why: 'the speaker said with a synonym ("the mayor" / "the city\'s mayor") is kept',
    },
  ],
  check: (s) => {
    if (s.f.quotes.length === 0 || s.followed.length === 0) return null;
    const answerWords = new Set(
      flat(s.text)
        .split(' ')
        .map((w) => lemma(w)),
    );
    for (const i of s.followed) {
      const o = s.c.o.sentences[i]?.text ?? '';
      const who = speakerOf(o);
      if (who.length === 0 || speakerOf(s.text).length === 0) continue;
      // The same quotation on both sides.
      const oq = [...o.matchAll(QUOTED)].map((m) => flat(m[0]));
      if (!oq.some((q) => s.f.quotes.some((aq) => q.includes(aq) || aq.includes(q)))) continue;
      if (!who.some((w) => answerWords.has(w) || [...answerWords].some((x) => synonyms(w, x))))
        return { detail: 'a quotation is given to another speaker' };
    }
    return null;
  },
};
