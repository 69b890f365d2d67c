import { contentRecall, contentStems, stem, tokens } from '../checks.ts';

/**
 * The faithfulness guard on model answers, run after the structural checks of `restore`: an answer that
 * reads better but says something else is worse than a light edit. It rejects an answer whose content-word
 * recall is under the floor, one where something the original denies is now affirmed (or the reverse),
 * and one that states a new claim with a number or a name the original does not have.
 */
export type Drift = 'recall' | 'negation' | 'number' | 'name';

export interface Faithfulness {
  ok: boolean;
  drift?: Drift;
  detail?: string;
  recall: number;
}

/** Content-word recall under this is a different text, not a rewrite of it. */
export const RECALL_FLOOR = 0.65;

const NEGATOR = /^(?:not|no|never|none|nor|without|neither|nobody|nothing|nowhere|cannot|hardly|barely|\w+n't)$/;
const CLAUSE_END = /[.!?;:,]/;

/**
 * Content stems under a negation, and content stems used without one. A stem found only on one side in
 * the original and only on the other in the answer is a flipped claim.
 */
export function polarity(text: string): { negated: Set<string>; plain: Set<string> } {
  const negated = new Set<string>();
  const plain = new Set<string>();
  const content = new Set(contentStems(text));
  for (const clause of text
    .toLowerCase()
    .replace(/\bnot only\b|\bno longer\b/g, ' ')
    .split(CLAUSE_END)) {
    const ws = tokens(clause);
    // A negation reaches the first content word after it ("does not reduce costs" negates "reduce"), and one
    // more when that word is an adverb ("does not fully replace" negates "replace" too).
    let reach = 0;
    for (const w of ws) {
      if (NEGATOR.test(w)) {
        reach = 1;
        continue;
      }
      const s = stem(w);
      if (!content.has(s)) continue;
      if (reach > 0) {
        negated.add(s);
        reach = w.endsWith('ly') ? 1 : 0;
      } else plain.add(s);
    }
  }
  return { negated, plain };
}

function flipped(original: string, answer: string): string | null {
  const a = polarity(original);
  const b = polarity(answer);
  for (const s of a.negated) if (!a.plain.has(s) && b.plain.has(s) && !b.negated.has(s)) return s;
  for (const s of b.negated) if (!b.plain.has(s) && a.plain.has(s) && !a.negated.has(s)) return s;
  return null;
}

const NUMBER_WORD =
  /\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|trillion|dozen|half|twice|double|triple|percent|first|second|third)\b/gi;

function newNumber(original: string, answer: string): string | null {
  const had = new Set((original.match(/\d+(?:[.,]\d+)*/g) ?? []).map((x) => x.replace(/,/g, '')));
  for (const d of answer.match(/\d+(?:[.,]\d+)*/g) ?? []) if (!had.has(d.replace(/,/g, ''))) return d;
  const words = new Set((original.match(NUMBER_WORD) ?? []).map((w) => w.toLowerCase()));
  // "one" and "second" are too common as ordinary words to count on their own.
  for (const w of answer.match(NUMBER_WORD) ?? []) {
    const lw = w.toLowerCase();
    if (lw === 'one' || lw === 'second') continue;
    if (!words.has(lw)) return w;
  }
  return null;
}

function newName(original: string, answer: string): string | null {
  const lower = original.toLowerCase();
  const known = new Set((original.match(/\p{L}[\p{L}'-]*/gu) ?? []).map((w) => w.toLowerCase()));
  for (const sentence of answer.split(/(?<=[.!?:;])\s+|\n+/)) {
    const words = sentence.trim().split(/\s+/).slice(1);
    for (const raw of words) {
      const w = raw.replace(/^["'\u201c\u2018(\[]+|[^A-Za-z'-]+$/g, '');
      if (!/^[A-Z][a-z]/.test(w) && !/^[A-Z]{2,}$/.test(w)) continue;
      if (/^I(?:'|$)/.test(w)) continue;
      if (!known.has(w.toLowerCase()) && !lower.includes(w.toLowerCase())) return w;
    }
  }
  return null;
}

/** Judge a model answer (plain text, placeholders restored) against the original it rewrites. */
export function checkFaithful(original: string, answer: string, floor = RECALL_FLOOR): Faithfulness {
  const recall = contentRecall(original, answer);
  if (recall < floor) return { ok: false, drift: 'recall', detail: `content recall ${recall.toFixed(2)}`, recall };
  const f = flipped(original, answer);
  if (f) return { ok: false, drift: 'negation', detail: `negation flipped on "${f}"`, recall };
  const n = newNumber(original, answer);
  if (n) return { ok: false, drift: 'number', detail: `new number "${n}"`, recall };
  const nm = newName(original, answer);
  if (nm) return { ok: false, drift: 'name', detail: `new name "${nm}"`, recall };
  return { ok: true, recall };
}
