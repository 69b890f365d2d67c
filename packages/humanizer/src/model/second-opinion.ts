import { SOFT_DRIFTS, type Faithfulness } from './faithfulness/index.ts';

const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();

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
