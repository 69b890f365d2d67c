import { contentLemmas, keptIn, type Drift, type Faithfulness } from './faithfulness/index.ts';
import { antonymsOf, EVERYDAY_OPPOSITES as EVERYDAY, sensesOf } from './lexical.ts';

/**
 * The other drafts as witnesses (Deep writes several at once). A claim the model reverses in a word the
 * user's text does not have ("the secondary tool" where the text says "a widely used tool") cannot be caught
 * against the text: there is no word there to turn around. The model's other drafts of the same sentences
 * usually say it the same way; a draft whose word is the WordNet antonym of a word another draft uses for the
 * same original sentences ("secondary" / "primary"), where neither word is in the text, is contested.
 *
 * Only exact antonyms count (a shared sense is too loose a witness), and not the everyday words whose antonym
 * is one sense among many ("present" / "future", "give" / "take", "first" / "last"). Negation is not judged
 * this way: drafts reword a "not" far too often for a difference between them to mean anything.
 */

export interface Contest {
  /** The contested answer sentence. */
  answer: number;
  drift: Drift;
  detail: string;
}

const lemmasOf = (text: string): Set<string> => new Set(contentLemmas(text).filter((l) => !EVERYDAY.has(l)));

/**
 * Sentences of `draft` that the other drafts (`witnesses`, judged against the same original) contradict: more
 * of them say a word's antonym for the same original sentences than say the word (or a synonym of it). Two
 * drafts that disagree contest each other, and the sentence goes back as the user wrote it.
 */
export function contested(draft: Faithfulness, witnesses: readonly Faithfulness[]): Contest[] {
  if (witnesses.length === 0) return [];
  const original = new Set(draft.originalSentences.flatMap((s) => contentLemmas(s.text)));
  const out: Contest[] = [];
  const said = witnesses.map((w) => w.answerSentences.map((t) => lemmasOf(t.text)));
  draft.answerSentences.forEach((sentence, k) => {
    const aligned = new Set(draft.alignment[k] ?? []);
    if (aligned.size === 0) return;
    const mine = lemmasOf(sentence.text);
    // What each witness says for the same original sentences.
    const bags = witnesses
      .map((w, n) => {
        const bag = new Set<string>();
        w.answerSentences.forEach((_t, m) => {
          if ((w.alignment[m] ?? []).some((i) => aligned.has(i))) for (const l of said[n]?.[m] ?? []) bag.add(l);
        });
        return { bag, senses: new Set([...bag].flatMap((l) => [...sensesOf(l)])) };
      })
      .filter((b) => b.bag.size > 0);
    for (const l of mine) {
      if (original.has(l)) continue;
      for (const ant of antonymsOf(l)) {
        if (mine.has(ant) || original.has(ant)) continue;
        const against = bags.filter((b) => b.bag.has(ant) && !keptIn(l, b.bag, b.senses)).length;
        const agree = bags.filter((b) => keptIn(l, b.bag, b.senses)).length;
        if (against === 0 || against <= agree) continue;
        out.push({
          answer: k,
          drift: 'antonym',
          detail: `a claim was reversed (the other drafts say "${ant}", this one "${l}")`,
        });
        return;
      }
    }
  });
  return out;
}
