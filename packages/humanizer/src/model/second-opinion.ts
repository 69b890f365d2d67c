import { contentLemmas, SOFT_DRIFTS, splitSentences, type Faithfulness } from './faithfulness/index.ts';
import { DROPPED_MIN_LEMMAS } from './faithfulness/thresholds.ts';

/** Whitespace runs as one space, ends trimmed: how sentences are found in a delivered text. */
export const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();

/**
 * The answer sentences the second opinion hears first, in this order (decision 0064): the doubts (a "not"
 * gained or lost with no word to point at), the claims in words the text does not have, then the sentences a
 * soft rule found something in (a claim stated more or less surely, a claim added) and those that follow a
 * sentence of the text they say only thinly. The last two are where the real fact changes the word rules cannot
 * judge stand (certainty, added and dropped detail, who did what); the repair leaves them as written when it has
 * no room. A sentence no longer in the delivered text (put back or removed) is not asked about.
 */
export function toHear(j: Faithfulness, delivered?: string): number[] {
  const soft = j.failures.filter((f) => f.answer >= 0 && SOFT_DRIFTS.includes(f.drift)).map((f) => f.answer);
  const thin = j.alignment.flatMap((is, k) => (is.some((i) => j.thin.includes(i)) ? [k] : []));
  const text = delivered === undefined ? null : squash(delivered);
  return [...new Set([...j.doubts, ...j.claims, ...soft, ...thin])].filter((k) => {
    const s = squash(j.answerSentences[k]?.text ?? '');
    return s.length > 0 && (text === null || text.includes(s));
  });
}

/**
 * What the second opinion asks about, in this order (decision 0066): the sentences `toHear` gives, then every
 * other sentence of the answer still in the delivered text as the model wrote it, unless it is word for word the
 * text's own sentence. Measured with a judge of given accuracy on the gold set (`bench:llm -- --recorded`), the
 * sentences the rules do not doubt hold about as many of the real fact changes as those they do.
 */
export function toAsk(j: Faithfulness, delivered?: string): number[] {
  const first = toHear(j, delivered);
  const text = delivered === undefined ? null : squash(delivered);
  const rest = j.answerSentences.flatMap((s, k) => {
    const said = squash(s.text);
    if (said.length === 0 || first.includes(k) || (text !== null && !text.includes(said))) return [];
    const own = squash((j.alignment[k] ?? []).map((i) => j.originalSentences[i]?.text ?? '').join(' '));
    return own === said ? [] : [k];
  });
  return [...first, ...rest];
}

/** A sentence of the user's that no delivered sentence says, and the delivered passage where it would stand. */
export interface LeftOut {
  /** Its index among the original sentences. */
  original: number;
  /** The delivered sentences on either side of where it stood (the ones that say its neighbours in the text). */
  passage: string;
}

/**
 * The sentences of the text the delivered rewrite leaves out whole, as the second opinion hears them after the
 * rewritten ones (decision 0067): no answer sentence still in the delivered text is aligned with it, and it is not
 * there as written. They are left out when a repair takes out a model sentence that also said them and there is no
 * room to put them back, or when the check reads their words as said loosely elsewhere. With every rewritten
 * sentence heard, they are what a judge always right would still let through on the gold set.
 */
export function toHearLeftOut(j: Faithfulness, delivered: string): LeftOut[] {
  const text = squash(delivered);
  const keptAnswer = new Map<string, number>();
  j.answerSentences.forEach((s, k) => {
    const t = squash(s.text);
    if (t.length > 0 && text.includes(t)) keptAnswer.set(t, k);
  });
  const said = new Set([...keptAnswer.values()].flatMap((k) => j.alignment[k] ?? []));
  const own = new Map(j.originalSentences.map((o, i) => [squash(o.text), i]));
  // Each delivered sentence with the sentences of the text it says: its own (put back as written) or, as the
  // model wrote it, those its answer sentence is aligned with.
  const parts = splitSentences(delivered).map((d) => {
    const t = squash(d.text);
    const k = keptAnswer.get(t);
    const i = own.get(t);
    return { text: t, says: i !== undefined ? [i] : k !== undefined ? (j.alignment[k] ?? []) : [] };
  });
  const out: LeftOut[] = [];
  j.originalSentences.forEach((o, i) => {
    if (said.has(i) || text.includes(squash(o.text)) || contentLemmas(o.text).length < DROPPED_MIN_LEMMAS) return;
    const before = parts.findLastIndex((d) => d.says.some((x) => x < i));
    const after = parts.findIndex((d) => d.says.some((x) => x > i));
    const near = [...new Set([before, after])].filter((d) => d >= 0).sort((a, b) => a - b);
    if (near.length === 0) return;
    out.push({ original: i, passage: near.map((d) => parts[d]?.text ?? '').join(' ') });
  });
  return out;
}
