import { allSensesOf } from '../lexical.ts';
import type { Check, SentenceCheck } from './context.ts';
import { numberFacts } from './facts/number-rules.ts';
import { NEGATOR_WORD } from './negation/lexicon.ts';
import { deniedStem } from './negation/prefix.ts';
import {
  ADDED_MIN_NEW,
  ADDED_SHARE,
  ALIGN_MIN,
  COVERED,
  THINLY_COVERED,
  DROPPED_MIN_LEMMAS,
  GAP_ALIGN,
  INVENTED_ALIGN_FACTOR,
  INVENTED_MIN_NEW,
  INVENTED_SHARE,
  INVENTED_STRAY,
  INVENTED_STRAY_SHARE,
  OWN_FIGURE_DIGITS,
  REACH_NEAR_BEST,
} from './thresholds.ts';
import type { Has, Rule } from './types.ts';
import { contentLemmas, keptOrDerived } from './words.ts';

/**
 * Coverage: an answer sentence that aligns with nothing and brings mostly new content is invented; an original
 * sentence no answer sentence covers is dropped; the longest unaligned run and a missing end are measured for
 * the verdict.
 */

export const invented: Rule<SentenceCheck> = {
  id: 'coverage.invented',
  drift: 'invented',
  why: 'a sentence that aligns with nothing and brings mostly new content says something the text does not',
  exceptions: [
    {
      id: 'own-figures',
      why: "a sentence that states figures of the original, and only those, restates the original's facts in new words",
    },
    { id: 'derived-forms', why: 'a word said as another part of speech ("announced" / "the announcement") is not new' },
  ],
  check: (s) => {
    const { c, f, j } = s;
    const ls = c.a.lemmas[j] ?? [];
    const { origNumbers } = numberFacts(c);
    // "in total my setup cost around 650€": removing it as invented would lose the figures.
    const ownFigures =
      f.numbers.some((n) => n.replace(/\D/g, '').length >= OWN_FIGURE_DIGITS) &&
      f.numbers.every((n) => origNumbers.has(n));
    if (s.bestSim >= ALIGN_MIN * INVENTED_ALIGN_FACTOR || ownFigures) return null;
    const fresh = ls.filter((l) => !keptOrDerived(l, c.o.allLemmas, c.o.allSenses));
    const share = s.bestSim < INVENTED_STRAY ? INVENTED_STRAY_SHARE : INVENTED_SHARE;
    return fresh.length >= INVENTED_MIN_NEW && fresh.length / Math.max(1, ls.length) >= share
      ? { detail: 'a sentence says something your text does not' }
      : null;
  },
};

/** Number words: a figure written out is judged by the number rules, not as a new word. */
const NUMBER_WORD =
  /^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|half|quarter|dozen|twice|double|triple|first|second|third|fourth|fifth|percent)$/;

/** Stock frames that state nothing about the subject ("in today's fast-paced world", "when it comes to"). */
const STOCK_FRAMES =
  /\b(?:in (?:today['’]s|this|our) (?:[a-z-]+ )?(?:world|age|era|landscape|society)|in this day and age|in the (?:modern|digital) (?:era|age|world)|when it comes to|it is (?:worth|important to) not(?:e|ing)|needless to say|at the end of the day|all in all|in conclusion|to sum up)\b/gi;

export const addedClaim: Rule<SentenceCheck> = {
  id: 'coverage.added-claim',
  drift: 'added',
  why: 'a sentence that follows the text but brings in mostly words the text never uses adds a claim (an example, a reason, a conclusion) the author did not make',
  exceptions: [
    { id: 'derived-forms', why: 'a word said as another part of speech ("announced" / "the announcement") is not new' },
    { id: 'stock-frames', why: 'a stock frame ("in today\'s fast-paced world") adds words but no claim' },
    { id: 'number-words', why: 'a figure written out in words ("two and a half") is judged by the number rules' },
  ],
  check: (s) => {
    const { c, j } = s;
    if (s.aligned.length === 0) return null;
    const frame = new Set(contentLemmas((s.text.match(STOCK_FRAMES) ?? []).join(' ')));
    const ls = (c.a.lemmas[j] ?? []).filter((l) => !frame.has(l));
    const fresh = ls.filter((l) => !NUMBER_WORD.test(l) && !keptOrDerived(l, c.o.allLemmas, c.o.allSenses));
    return fresh.length >= ADDED_MIN_NEW && fresh.length / Math.max(1, ls.length) >= ADDED_SHARE
      ? { detail: 'a sentence adds things your text does not say' }
      : null;
  },
};

export interface Coverage {
  /** Original sentences no answer sentence covers. */
  dropped: number[];
  /** Of those, the ones the answer as a whole does not cover either. */
  missing: number[];
  /** Original sentences covered, but thinly: part of what they say may be left out. */
  thin: number[];
  droppedShare: number;
  gapShare: number;
  tailShare: number;
  closestTailShare: number;
  unreached: number[];
}

/** Which original sentences the answer covers, and the shares of content it leaves out (gaps, the end). */
export function coverageOf(c: Check): Coverage {
  const { o, a, sim, bestA, answersOf, total } = c;
  const nO = o.sentences.length;
  const dropped: number[] = [];
  const missing: number[] = [];
  const thin: number[] = [];
  let droppedWeight = 0;
  o.sentences.forEach((_s, i) => {
    // Covered by the answer sentences aligned with it, or by the answer as a whole for short sentences whose
    // words were spread over a merged sentence.
    const nearList = [...new Set<number>(answersOf[i] ?? [])];
    // Read through the answer sentences' own sets, not copied into one.
    const bag: Has = { has: (l) => nearList.some((j) => a.lemmaSet[j]?.has(l) === true) };
    // A denial the answer makes in other words is not content it must repeat ("not significant" /
    // "insignificant", "not wrong" / "right"): the negation checks judge it.
    const ls = (o.lemmas[i] ?? []).filter((l) => !NEGATOR_WORD.test(l) || bag.has(l));
    if (ls.length < DROPPED_MIN_LEMMAS) return;
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
    if (best / ls.length >= COVERED && best / ls.length < THINLY_COVERED) thin.push(i);
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
  // The longest run of original sentences, in order, that no answer sentence aligns with: a condensed rewrite
  // leaves small gaps everywhere, a dropped half leaves one long gap.
  const reached = new Set<number>();
  sim.forEach((row, j) =>
    row.forEach((x, i) => {
      if (x >= GAP_ALIGN && x >= REACH_NEAR_BEST * (bestA[j] ?? 0)) reached.add(i);
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
  // rewrite that stops halfway (a closing line that repeats key words) does not count as reaching the end. An
  // answer sentence also reaches the sentence next to its closest when it is nearly as close to it (two
  // neighbours merged into one): the echo of a far sentence is not next to its closest.
  let lastClosest = -1;
  sim.forEach((row, j) => {
    const best = bestA[j] ?? 0;
    if (best < GAP_ALIGN) return;
    const closest = row.indexOf(best);
    const next = row[closest + 1] ?? 0;
    lastClosest = Math.max(lastClosest, next >= GAP_ALIGN && next >= REACH_NEAR_BEST * best ? closest + 1 : closest);
  });
  let closestTail = 0;
  for (let i = lastClosest + 1; i < nO; i++) closestTail += (o.lemmas[i] ?? []).length;
  const closestTailShare = total === 0 ? 0 : closestTail / total;
  return { dropped, missing, thin, droppedShare, gapShare, tailShare, closestTailShare, unreached };
}
