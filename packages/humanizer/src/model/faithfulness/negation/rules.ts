import { antonymsOf, lemma, sensesOf } from '../../lexical.ts';
import type { SentenceCheck } from '../context.ts';
import { CLOSE_ALIGN, DENIED_ACT_ALIGN, NEGATION_ALIGN } from '../thresholds.ts';
import type { Has, Rule } from '../types.ts';
import { keptIn, STOP } from '../words.ts';
import { ADDED_DENIAL, AS_IF, DENIED_ACT, NEGATING_PREFIXES, NOT_AS_IF } from './lexicon.ts';
import { mergeScopes, type Scope } from './scope.ts';

/**
 * Negation rules: a "not" gained or lost between an answer sentence and the original sentences it follows, said
 * of a word both sides state (a flip), and denials made without "not" lost or added.
 */

/** The "not" counts on both sides: the answer sentence with its peers, and the original sentences it follows. */
function counts(s: SentenceCheck): { negA: number; negO: number; plainly: boolean } {
  return s.once('negation-counts', () => {
    const { o, a } = s.c;
    const negA = [...s.peers].reduce((n, k) => n + (a.negations[k] ?? 0), 0);
    const negO = s.followed.reduce((n, i) => n + (o.negations[i] ?? 0), 0);
    // Read with a "not uncommon" as a plain "common" on both sides, the counts agree.
    const plainly =
      negA - [...s.peers].reduce((n, k) => n + (a.litotes[k] ?? 0), 0) ===
      negO - s.followed.reduce((n, i) => n + (o.litotes[i] ?? 0), 0);
    return { negA, negO, plainly };
  });
}

/** A word denied on the `from` side and stated plainly on the `to` side (not denied there, not far in a denial). */
function flip(from: Scope, to: Scope): string | null {
  for (const l of from.negated) {
    if (from.plain.has(l)) continue;
    if (keptIn(l, to.plain, to.plainSenses) && !keptIn(l, to.negated, to.negatedSenses) && !to.farDenied.has(l))
      return l;
  }
  return null;
}

export const mergeFlip: Rule<SentenceCheck> = {
  id: 'negation.merge-flip',
  drift: 'negation',
  why: 'in a merge of several original sentences the totals can agree while one sentence flips: compared word by word with the sentence it follows most closely',
  check: (s) => {
    const { o, a } = s.c;
    const { j, followed, best } = s;
    if (s.aligned.length === 0) return null;
    if (!(followed.length >= 2 && s.simTo(best) >= CLOSE_ALIGN && a.negations[j] !== o.negations[best])) return null;
    const so = o.scopes[best] as Scope;
    const sa = a.scopes[j] as Scope;
    const lostHere = (o.negations[best] ?? 0) > (a.negations[j] ?? 0) ? flip(so, sa) : null;
    if (lostHere)
      return { detail: `a "not" was lost, so the sentence now says "${lostHere}" where your text denies it` };
    const addedHere = (a.negations[j] ?? 0) > (o.negations[best] ?? 0) ? flip(sa, so) : null;
    if (addedHere) return { detail: `a "not" was added, so the sentence now denies "${addedHere}"` };
    return null;
  },
};

/**
 * Where the counts of "not" differ: whether the difference is explained (a "not" traded for a word that denies,
 * a denial restated with an antonym or a prefix), and if not, the word that flipped each way.
 */
interface Difference {
  negA: number;
  negO: number;
  plainly: boolean;
  explained: boolean;
  scopeO: Scope;
  scopeA: Scope;
  lost: string | null;
  added: string | null;
  odd: boolean;
  lexical: boolean;
}

function difference(s: SentenceCheck): Difference | null {
  return s.once('negation-difference', () => {
    const { o, a } = s.c;
    const { negA, negO, plainly } = counts(s);
    if (s.aligned.length === 0 || negA === negO) return null;
    const { followed, peers } = s;
    // Which words the negations reach, on both sides: a flip is a word denied on one side and stated plainly on
    // the other, with the count of negations moving the same way.
    const scopeO = mergeScopes(followed.map((i) => o.scopes[i] as Scope));
    const scopeA = mergeScopes([...peers].map((k) => a.scopes[k] as Scope));
    // The denial said in other words: an antonym or a negating-prefix form of a denied word ("not bound" /
    // "unbound", "not static" / "dynamic"). An antonym both sides state plainly ("male teachers") restates nothing.
    const restated = (from: Scope, to: Scope): boolean =>
      [...from.negated].some(
        (l) =>
          [...antonymsOf(l)].some(
            (x) => (to.plain.has(x) || keptIn(x, to.plain, to.plainSenses)) && !from.plain.has(x),
          ) || NEGATING_PREFIXES.some((p) => to.plain.has(p + l)),
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
    const explained = traded || (negO > negA ? restated(scopeO, scopeA) : restated(scopeA, scopeO));
    // Words that deny without "not", counted on each side: the same number on both ("sugar-free" in each)
    // explains no difference in the count of "not".
    const lexicalA = [...peers].reduce((n, k) => n + (a.lexicalNegations[k] ?? 0), 0);
    const lexicalO = followed.reduce((n, i) => n + (o.lexicalNegations[i] ?? 0), 0);
    // With an odd difference the two sides' net polarity differs whichever has more ("not arguing that there
    // aren't" / "it's not true that there are"): a flip is looked for both ways.
    const odd = (negO + negA) % 2 === 1;
    let lost: string | null = null;
    let added: string | null = null;
    if (!explained) {
      // The word must be denied (or stated) in an original sentence this one follows closely. Found only in a
      // loose merge (the sentence shares little with the original that denies the word), a flip is as likely a
      // word the rewrite uses in another sense: it is a doubt for the optional second opinion, not a failure.
      const closeO = mergeScopes(s.closeFollowed.map((i) => o.scopes[i] as Scope));
      const lostFrom: Scope = { ...scopeO, negated: closeO.negated, negatedSenses: closeO.negatedSenses };
      const addedTo: Scope = { ...scopeO, plain: closeO.plain, plainSenses: closeO.plainSenses };
      lost = negO > negA || odd ? flip(lostFrom, scopeA) : null;
      added = lost === null && (negA > negO || odd) ? flip(scopeA, addedTo) : null;
    }
    return { negA, negO, plainly, explained, scopeO, scopeA, lost, added, odd, lexical: lexicalA !== lexicalO };
  });
}

export const notLost: Rule<SentenceCheck> = {
  id: 'negation.lost',
  drift: 'negation',
  why: 'a word the original sentence denies, stated plainly in the answer with one "not" fewer, says the opposite',
  exceptions: [
    { id: 'traded-for-a-denying-word', why: 'a "not" traded for a word that denies ("not allowed" / "banned")' },
    { id: 'restated', why: 'a denial restated with an antonym or a prefix ("not bound" / "unbound")' },
    { id: 'loose-merge', why: 'found only in a loose merge, the flip is a doubt for the second opinion' },
  ],
  check: (s) => {
    const d = difference(s);
    return d?.lost
      ? { detail: `a "not" was lost, so the sentence now says "${d.lost}" where your text denies it` }
      : null;
  },
};

export const notAdded: Rule<SentenceCheck> = {
  id: 'negation.added',
  drift: 'negation',
  why: 'a word the original sentence states plainly, denied in the answer with one "not" more, says the opposite',
  exceptions: notLost.exceptions ?? [],
  check: (s) => {
    const d = difference(s);
    return d?.added ? { detail: `a "not" was added, so the sentence now denies "${d.added}"` } : null;
  },
};

export const notMoved: Rule<SentenceCheck> = {
  id: 'negation.unpinned',
  drift: 'negation',
  why: 'with no word to point at, one side denies and the other does not, in sentences that clearly align: the sentence may say the opposite',
  exceptions: [
    { id: 'litotes', why: '"not uncommon" read as "common" settles the count' },
    { id: 'denies-in-other-words', why: 'the answer denies in other words ("lacks", "fails to", "free of", "un-")' },
    { id: 'loose-merge', why: 'in a merge of three or more the flip must show against the closest original sentence' },
  ],
  check: (s) => {
    const d = difference(s);
    if (!d || d.explained) return null;
    const { o, a, doubts } = s.c;
    const { j, followed, best } = s;
    const { negA, negO, plainly, odd } = d;
    // With no word to point at, "not uncommon" read as "common" settles the count.
    const loose =
      !plainly &&
      (((negO > negA || odd) && flip(d.scopeO, d.scopeA)) || ((negA > negO || odd) && flip(d.scopeA, d.scopeO)));
    if (loose) doubts.push(j);
    const confident = followed.some((i) => s.simTo(i) >= NEGATION_ALIGN);
    // In a merge of three or more, the flip must show against the original sentence this one follows most closely.
    const pinned =
      followed.length >= 3 &&
      s.simTo(best) >= NEGATION_ALIGN &&
      (o.negations[best] ?? 0) + (a.negations[j] ?? 0) === 1 &&
      (o.lexicalNegations[best] ?? 0) === (a.lexicalNegations[j] ?? 0);
    if (
      !plainly &&
      confident &&
      !d.lexical &&
      (followed.length <= 2 || pinned) &&
      (negO === 0 || negA === 0) &&
      (negO + negA) % 2 === 1
    )
      return {
        detail:
          negO > negA
            ? 'a "not" was lost, so the sentence may say the opposite'
            : 'a "not" was added, so the sentence may say the opposite',
      };
    if (!plainly && (negO === 0 || negA === 0) && !doubts.includes(j)) doubts.push(j);
    return null;
  },
};

export const asIf: Rule<SentenceCheck> = {
  id: 'negation.as-if',
  drift: 'negation',
  why: '"It was not as if he cared" says he did not; "it was as if he cared" says he seemed to: a "not" gained or lost before "as if" turns the claim around, whatever words follow',
  exceptions: [
    {
      id: 'said-without-as-if',
      why: 'a side that says the likeness otherwise ("it\'s not like he cared") is left to the other negation rules',
    },
  ],
  check: (s) => {
    if (s.aligned.length === 0) return null;
    const answer = s.text;
    if (!AS_IF.test(answer)) return null;
    const denied = NOT_AS_IF.test(answer);
    for (const i of s.closeFollowed) {
      const original = s.c.o.sentences[i]?.text ?? '';
      if (!AS_IF.test(original) || NOT_AS_IF.test(original) === denied) continue;
      return {
        detail: denied
          ? 'a "not" was added before "as if", so the sentence now denies what your text says it seemed'
          : 'a "not" was lost before "as if", so the sentence now says what your text denies',
      };
    }
    return null;
  },
};

export const addedInOtherWords: Rule<SentenceCheck> = {
  id: 'negation.added-in-other-words',
  drift: 'negation',
  why: 'a word that denies possession or ability outright ("lacks", "unable", "fails") where the original sentences deny nothing adds a "not"',
  exceptions: [{ id: 'original-word', why: 'a word the original uses, or a synonym of one in the aligned sentences' }],
  check: (s) => {
    const { c, j } = s;
    if (s.aligned.length === 0 || s.aligned.some((i) => c.deniesIn(i))) return null;
    const { oLem, oSenses } = alignedWords(s);
    for (const raw of (c.a.sentences[j]?.text ?? '').toLowerCase().match(/[a-z]+/g) ?? []) {
      if (!ADDED_DENIAL.test(raw) || c.o.allLemmas.has(lemma(raw)) || keptIn(lemma(raw), oLem, oSenses)) continue;
      // Only in a sentence that follows one original closely.
      if (!s.followed.some((i) => s.simTo(i) >= CLOSE_ALIGN)) return null;
      return { detail: `a "not" was added in other words ("${raw}" is not in your text)` };
    }
    return null;
  },
};

/** Acts after a denial that deny nothing ("the years yet to come" are future ones). */
export const NOT_DENIED_ACTS: readonly string[] = ['come'];

export const deniedActLost: Rule<SentenceCheck> = {
  id: 'negation.denied-act-lost',
  drift: 'negation',
  why: 'a denial made without "not" ("failed to reduce", "has yet to reply", "denied taking") lost: the answer denies nothing and states the act plainly',
  exceptions: [
    {
      id: 'not-denied-acts',
      why: '"the years yet to come" are future ones: nothing is denied',
      words: NOT_DENIED_ACTS,
    },
    { id: 'denied-otherwise', why: 'the answer denies in any other way (the wider count of denying words)' },
  ],
  check: (s) => {
    const { o, a } = s.c;
    const { j } = s;
    if (s.aligned.length === 0) return null;
    if ((a.negations[j] ?? 0) !== 0 || (a.lexicalNegations[j] ?? 0) !== 0) return null;
    const answerHas: Has = { has: (x) => a.lemmaSet[j]?.has(x) === true };
    const answerSenses: Has = { has: (x) => a.senseSet[j]?.has(x) === true };
    for (const i of s.closeFollowed) {
      if ((o.negations[i] ?? 0) > 0 || s.simTo(i) < DENIED_ACT_ALIGN) continue;
      for (const m of (o.sentences[i]?.text ?? '').matchAll(DENIED_ACT)) {
        const act = lemma((m[1] as string).toLowerCase());
        // The wider count of denying words is read last: it is built on first use.
        if (
          !STOP.has(act) &&
          !NOT_DENIED_ACTS.includes(act) &&
          keptIn(act, answerHas, answerSenses) &&
          a.denialsOf(j).count === 0
        )
          return { detail: `a denial was lost ("${m[0].trim()}"), so the sentence now says "${act}" was done` };
      }
    }
    return null;
  },
};

/** The aligned original sentences' words, as the reversal and added-denial rules read them. */
export interface AlignedWords {
  oLem: Set<string>;
  oSenses: Has;
  oScope: Scope;
  oAllSenses: Has;
}

export function alignedWords(s: SentenceCheck): AlignedWords {
  return s.once('aligned-words', () => {
    const { o } = s.c;
    const { aligned } = s;
    return {
      oLem: new Set(aligned.flatMap((i) => o.lemmas[i] ?? [])),
      // Read through the aligned sentences' own sets: most words of a faithful sentence are words of the original
      // and never ask.
      oSenses: { has: (k: string): boolean => aligned.some((i) => o.senseSet[i]?.has(k) === true) },
      // Words the aligned original denies: "not bound" and "unbound", "not static" and "dynamic" agree.
      oScope: mergeScopes(aligned.map((i) => o.scopes[i] as Scope)),
      // Every sense of the aligned original words, built once per original sentence and only when needed.
      oAllSenses: { has: (k: string): boolean => aligned.some((i) => o.allSensesIn(i).has(k)) },
    };
  });
}
