import type { SentenceCheck } from '../context.ts';
import { CERTAINTY_ALIGN } from '../thresholds.ts';
import type { Rule } from '../types.ts';
import { CERTAINTY_CLASSES, CERTAINTY_IDIOMS, type CertaintyClass } from './lexicon.ts';

/**
 * Certainty and attribution: a claim stated more or less surely than the text states it ("may cause" / "will
 * cause", "research suggests" / "research shows"), a view made a fact ("I believe X" / "X"), what someone said
 * made the writer's claim, or "some" made "all". Judged by word class between an answer sentence (with the answer
 * sentences that split the same original) and the original sentences it follows.
 */

const wordsRe = (ws: readonly string[]): RegExp =>
  new RegExp(`(?:^|[^a-z'’-])(?:${ws.map((w) => w.replace(/ /g, '\\s+')).join('|')})(?![a-z'’-])`, 'i');
const STATES = new Map(CERTAINTY_CLASSES.map((c) => [c.id, wordsRe(c.words)] as const));
const KEEPS = new Map(CERTAINTY_CLASSES.map((c) => [c.id, wordsRe([...c.words, ...c.near])] as const));

type Classes = Set<CertaintyClass['id']>;

/** The classes a text states (`states`) and those it keeps, loosely said too (`keeps`). */
export function certaintyClasses(text: string): { states: Classes; keeps: Classes } {
  const t = text.toLowerCase().replace(/’/g, "'").replace(CERTAINTY_IDIOMS, ' ');
  const states: Classes = new Set();
  const keeps: Classes = new Set();
  for (const c of CERTAINTY_CLASSES) {
    if ((STATES.get(c.id) as RegExp).test(t)) states.add(c.id);
    if ((KEEPS.get(c.id) as RegExp).test(t)) keeps.add(c.id);
  }
  return { states, keeps };
}

/**
 * The two sides: the original sentences this answer sentence follows, against every answer sentence that
 * covers any of them (a hedge may move to the other half of a split); and this answer sentence against every
 * original sentence it is aligned with (a merge takes the hedge of either).
 */
function sides(s: SentenceCheck): { lost: CertaintyClass['id'] | null; added: CertaintyClass['id'] | null } | null {
  return s.once('certainty-sides', () => {
    if (s.aligned.length === 0 || s.bestSim < CERTAINTY_ALIGN) return null;
    const { o, a, answersOf } = s.c;
    const oText = s.followed.map((i) => o.sentences[i]?.text ?? '').join(' ');
    const covering = new Set(s.followed.flatMap((i) => answersOf[i] ?? []));
    covering.add(s.j);
    const aWide = [...covering].map((k) => a.sentences[k]?.text ?? '').join(' ');
    const oWide = s.aligned.map((i) => o.sentences[i]?.text ?? '').join(' ');
    const oc = certaintyClasses(oText).states;
    const aWideKeeps = certaintyClasses(aWide).keeps;
    const ac = certaintyClasses(s.text).states;
    const oWideKeeps = certaintyClasses(oWide).keeps;
    const lost = [...oc].find((id) => !aWideKeeps.has(id)) ?? null;
    const added = [...ac].find((id) => !oWideKeeps.has(id)) ?? null;
    return { lost, added };
  });
}

const saysOf = (id: CertaintyClass['id']): string => CERTAINTY_CLASSES.find((c) => c.id === id)?.says ?? id;

/** What both certainty rules let pass (the word lists are in `lexicon.ts`). */
const EXCEPTIONS = [
  {
    id: 'near-words',
    why: 'a word that says about the same keeps the class ("can" a possibility, "daily" every day, "a number of" some)',
    words: CERTAINTY_CLASSES.flatMap((c) => c.near),
  },
  {
    id: 'set-phrases',
    why: 'set phrases made of certainty words state no certainty ("first of all", "would like to", "could not")',
  },
  {
    id: 'moved-within-a-split',
    why: 'a hedge said in another answer sentence that covers the same original sentence is kept',
  },
] as const;

export const certaintyLost: Rule<SentenceCheck> = {
  id: 'certainty.lost',
  drift: 'certainty',
  why: 'a hedge, a view or a source the text gives a claim, dropped, states as fact what the text only supposes or reports',
  exceptions: EXCEPTIONS,
  check: (s) => {
    const x = sides(s);
    return x?.lost ? { detail: `a claim lost how surely your text states it (${saysOf(x.lost)})` } : null;
  },
};

export const certaintyAdded: Rule<SentenceCheck> = {
  id: 'certainty.added',
  drift: 'certainty',
  why: 'a hedge, a view or a source the text does not give a claim changes how surely it is stated',
  exceptions: EXCEPTIONS,
  check: (s) => {
    const x = sides(s);
    return x?.added ? { detail: `a claim is stated less or more surely than in your text (${saysOf(x.added)})` } : null;
  },
};
