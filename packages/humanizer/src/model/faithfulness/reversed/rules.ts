import { allSensesOf, antonymSensesOf, antonymsOf, EVERYDAY_OPPOSITES, lemma, sensesOf } from '../../lexical.ts';
import type { Check, SentenceCheck } from '../context.ts';
import { deniedStem } from '../negation/prefix.ts';
import { alignedWords } from '../negation/rules.ts';
import type { Has, Rule } from '../types.ts';
import { keptIn, STOP } from '../words.ts';
import { reversedAmount, turnedComparison } from './amounts.ts';

/**
 * Reversed claims: a word whose opposite the aligned original says (a WordNet antonym, a common opposite, the
 * word with a negating prefix), an amount or comparison turned around, a denial the original does not make.
 */

/**
 * Common opposites WordNet does not list as antonyms ("help" / "hurt", "support" / "oppose"). With no sense to
 * match, they count only where the aligned original says the opposite word itself, in the same place.
 */
export const OPPOSED = ((): Map<string, string[]> => {
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
export const CONVERSES = new Set(['buy/sell', 'sell/buy', 'lend/borrow', 'borrow/lend', 'give/take', 'take/give']);

/** Lemmas of the verbs a sentence uses in the passive ("are sold", "was quietly given", "got taken"). */
function passives(sentence: string): Set<string> {
  const out = new Set<string>();
  for (const m of sentence
    .toLowerCase()
    .matchAll(/\b(?:is|are|was|were|be|been|being|get|gets|got|gotten)\s+(?:[a-z]+ly\s+)?([a-z]+)/g))
    out.add(lemma(m[1] ?? ''));
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

export const antonym: Rule<SentenceCheck> = {
  id: 'reversed.antonym',
  drift: 'antonym',
  why: 'a word whose antonym the aligned original uses in the same place (and not the word itself), or the word with a negating prefix ("unexpected" for "expected"), reverses the claim',
  exceptions: [
    {
      id: 'word-of-original',
      why: 'a word of the original, or a synonym of a word in the aligned original ("big" for "large")',
    },
    {
      id: 'antonym-elsewhere',
      why: 'the antonym elsewhere in the text, not in the aligned sentences in the same place',
    },
    {
      id: 'converse-in-passive',
      why: 'one event from its two sides in the passive ("tickets are sold" / "you buy tickets")',
      words: [...CONVERSES],
    },
    {
      id: 'denied-antonym',
      why: 'the original denies the antonym ("not bound") and the answer states the word ("unbound")',
    },
    {
      id: 'comparison-converse',
      why: 'two things compared the other way round ("cheaper than" / "more expensive than")',
    },
    {
      id: 'prefix-not-denying',
      why: 'a prefix that does not deny its stem ("impact", "information"), or a stem that is no content word',
    },
  ],
  check: (s) => {
    const { o, a } = s.c;
    const { j, aligned } = s;
    if (aligned.length === 0) return null;
    const { oLem, oSenses, oScope } = alignedWords(s);
    const oDenied = oScope.negated;
    for (const l of a.lemmaSet[j] ?? []) {
      if (oLem.has(l) || o.allLemmas.has(l)) continue;
      // A synonym of a word in the aligned original ("big" for "large") is not a reversal of another one.
      if (keptIn(l, oLem, oSenses)) continue;
      for (const ant of [...antonymsOf(l), ...(OPPOSED.get(l) ?? []).filter((x) => oLem.has(x))]) {
        // The antonym, or a word sharing with it the sense in which it is opposed ("crucial" where the answer
        // says "unimportant"), in the original sentences this one is aligned with: "reduce" elsewhere in the
        // text does not make "gain" here a reversal. WordNet opposes two words in one sense each: the original
        // must use the antonym, or a word that shares the sense in which it is opposed, or a synonym of it in the
        // same place, next to a word both sentences have ("two main reasons" / "two secondary reasons").
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
        return { detail: `a claim was reversed ("${ant}" became "${l}")` };
      }
      // "unexpected" for "expected": a negating prefix on a word of the aligned original (or its synonym). The
      // prefix must deny the stem ("impact", "information" and "improve" do not), and the stem must be a content
      // word ("uneven" says nothing against "even").
      const stem = deniedStem(l);
      if (
        stem &&
        !STOP.has(stem) &&
        keptIn(stem, oLem, oSenses) &&
        !oDenied.has(stem) &&
        !keptIn(stem, oDenied, oScope.negatedSenses)
      )
        return { detail: `a claim was reversed ("${stem}" became "${l}")` };
    }
    return null;
  },
};

export const addedPrefix: Rule<SentenceCheck> = {
  id: 'reversed.added-prefix',
  drift: 'antonym',
  why: 'a negating prefix ("unready", "ineffectively") on a word the aligned original sentences neither use nor deny in any way adds a denial the original does not make',
  exceptions: [
    { id: 'original-denies', why: 'the aligned original sentences deny something themselves' },
    { id: 'said-in-other-words', why: 'the word shares any sense, rare ones included, with a word of the original' },
    { id: 'denied-in-turn', why: 'the answer denies it in turn ("without unequal treatment")' },
    { id: 'stem-opposite-in-original', why: "the original says the stem's opposite ('sick' for 'unwell')" },
  ],
  check: (s) => {
    const { o, a } = s.c;
    const { j, aligned } = s;
    if (aligned.length === 0 || aligned.some((i) => s.c.deniesIn(i))) return null;
    const { oLem, oSenses, oAllSenses } = alignedWords(s);
    for (const l of a.lemmaSet[j] ?? []) {
      if (o.allLemmas.has(l) || keptIn(l, oLem, oSenses)) continue;
      if (allSensesOf(l).some((k) => oAllSenses.has(k))) continue;
      const stem = deniedStem(l);
      if (!stem) continue;
      if (a.scopes[j]?.negated.has(l)) continue;
      if ([...antonymsOf(stem)].some((x) => x !== l && allSensesOf(x).some((k) => oAllSenses.has(k)))) continue;
      return { detail: `a claim was reversed ("${l}" is not in your text)` };
    }
    return null;
  },
};

export const amount: Rule<SentenceCheck> = {
  id: 'reversed.amount',
  drift: 'antonym',
  why: 'an amount or comparison turned around ("more" / "less", "many" / "few", "all" / "some") against the original sentences it follows closely',
  exceptions: [
    { id: 'denied-other-side', why: 'the original denies one side and the answer says the other ("not many" / "few")' },
  ],
  check: (s) => {
    if (s.aligned.length === 0) return null;
    const reversed = reversedAmount(
      s.closeFollowed.map((i) => s.c.o.sentences[i]?.text ?? '').join(' '),
      s.c.a.sentences[s.j]?.text ?? '',
    );
    return reversed ? { detail: `a claim was reversed ("${reversed[0]}" became "${reversed[1]}")` } : null;
  },
};

export const comparison: Rule<SentenceCheck> = {
  id: 'reversed.comparison',
  drift: 'antonym',
  why: 'the two things a comparison compares changed places ("the bus is more expensive than the train" for the opposite)',
  exceptions: [{ id: 'converse', why: 'compared the other way round with the opposite quality says the same' }],
  check: (s) =>
    s.aligned.length > 0 &&
    s.closeFollowed.some(
      (i) => turnedComparison(s.c.o.sentences[i]?.text ?? '', s.c.a.sentences[s.j]?.text ?? '') === 'swapped',
    )
      ? { detail: 'a comparison was turned around (the two things it compares changed places)' }
      : null,
};

/**
 * Answer sentences that passed every check (and are not doubts already) and state a claim in a word the text
 * has in no form: a word with a WordNet antonym, used nowhere in the text, with no synonym in the original
 * sentences the answer sentence follows. Either way the model could have put it ("useful" or "useless"), the
 * text gives nothing to hold it against.
 */
export function claimsNewToText(c: Check): number[] {
  const { o, a, alignment, failures, doubts } = c;
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
