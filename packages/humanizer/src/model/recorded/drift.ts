import { antonymsOf, inDictionary, lemma } from '../lexical.ts';
import { splitSentences } from '../faithfulness/index.ts';

/**
 * Planted drift: a real rewrite with one change a reader would object to, for measuring what the
 * faithfulness check catches. Each variant is built from a recorded pair; a kind that does not apply to a
 * text (no number to change, no name to swap) gives null.
 */
export const DRIFT_KINDS = [
  'number',
  'date',
  'name',
  'negation',
  'antonym',
  'invented',
  'half-dropped',
  'unrelated',
] as const;
export type DriftKind = (typeof DRIFT_KINDS)[number];

const SWAP_NAMES = ['Martinez', 'Okonkwo', 'Lindqvist', 'Harrington', 'Nakamura', 'Fitzgerald', 'Oslo', 'Winnipeg'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function replaceAt(text: string, start: number, end: number, by: string): string {
  return text.slice(0, start) + by + text.slice(end);
}

/**
 * A pair's salt, from its id: the same variant whichever other rewrites the bench uses whole (a salt by position
 * in that list would plant different changes everywhere when one rewrite joins it).
 */
export function saltOf(id: string): number {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return (h >>> 0) % 100_003;
}

/** `salt` picks among the places a change can go, so variants differ between texts. */
export function plantDrift(
  kind: DriftKind,
  original: string,
  rewrite: string,
  other: string,
  salt: number,
): string | null {
  const sentences = splitSentences(rewrite);
  switch (kind) {
    case 'number': {
      const ms = [...rewrite.matchAll(/\b\d+(?:[.,]\d+)?\b/g)].filter((m) => !/^(?:19|20)\d\d$/.test(m[0]));
      const m = ms[salt % Math.max(1, ms.length)];
      if (!m) {
        // No figure to change: state one where the text speaks of an amount in words.
        const w = /\b(?:many|several|some|a few|most)\b/i.exec(rewrite);
        if (!w) return null;
        return replaceAt(rewrite, w.index, w.index + w[0].length, String(12 + (salt % 80)));
      }
      const n = Number(m[0].replace(/,/g, ''));
      const changed = Number.isInteger(n) ? String(n + 1 + (salt % 9)) : (n * 1.5).toFixed(1);
      return replaceAt(rewrite, m.index, m.index + m[0].length, changed);
    }
    case 'date': {
      const y = [...rewrite.matchAll(/\b(?:19|20)\d\d\b/g)];
      const m = y[salt % Math.max(1, y.length)];
      if (m) return replaceAt(rewrite, m.index, m.index + 4, String(Number(m[0]) + 3 + (salt % 5)));
      const mo = new RegExp(`\\b(?:${MONTHS.join('|')})\\b`).exec(rewrite);
      if (mo) {
        const next = MONTHS[(MONTHS.indexOf(mo[0]) + 2) % MONTHS.length] as string;
        return replaceAt(rewrite, mo.index, mo.index + mo[0].length, next);
      }
      return null;
    }
    case 'name': {
      // A capitalised word inside a sentence that is also in the original and not a dictionary word.
      const cands = [...rewrite.matchAll(/(?<=[a-z,;] )[A-Z][a-z]{2,}\b/g)].filter(
        (m) => original.includes(m[0]) && !inDictionary(m[0].toLowerCase()),
      );
      const m = cands[salt % Math.max(1, cands.length)];
      if (!m) return null;
      const by = SWAP_NAMES.find((n) => !original.includes(n) && n !== m[0]) as string;
      return rewrite.split(m[0]).join(by);
    }
    case 'negation': {
      const order = sentences.map((_, i) => (i + salt) % sentences.length);
      for (const i of order) {
        const s = sentences[i];
        if (!s) continue;
        // "can't", "cannot" and "won't" included, with a straight or a curly apostrophe.
        const neg =
          /\b(?:do|does|did|is|are|was|were|could|would|should|must|has|have)(?: not|n['’]t)\b|\bcan(?:not| not|['’]t)\b|\bwon['’]t\b|\bnever\b/i.exec(
            s.text,
          );
        if (neg) {
          const w = neg[0];
          const fixed = /^can/i.test(w)
            ? w.slice(0, 3)
            : /^won/i.test(w)
              ? `${w[0] === 'W' ? 'W' : 'w'}ill`
              : w.replace(/ not$|n['’]t$/i, '').replace(/^never$/i, (m) => (m[0] === 'N' ? 'Always' : 'always'));
          return replaceAt(rewrite, s.start + neg.index, s.start + neg.index + neg[0].length, fixed);
        }
      }
      for (const i of order) {
        const s = sentences[i];
        if (!s) continue;
        const aux = /\b(is|are|was|were|can|will|should|must)\b(?! not|not|['’]t)/.exec(s.text);
        if (aux) return replaceAt(rewrite, s.start + aux.index, s.start + aux.index + aux[0].length, `${aux[0]} not`);
      }
      return null;
    }
    case 'antonym': {
      const words = [...rewrite.matchAll(/\b[a-z]{3,}\b/g)];
      const start = salt % Math.max(1, words.length);
      for (let k = 0; k < words.length; k++) {
        const m = words[(start + k) % words.length];
        if (!m) continue;
        const l = lemma(m[0]);
        // Only words used in their base form, so the antonym reads grammatically.
        if (l !== m[0]) continue;
        const ant = [...antonymsOf(l)].find((x) => !rewrite.toLowerCase().includes(x) && /^[a-z]+$/.test(x));
        if (!ant) continue;
        return replaceAt(rewrite, m.index, m.index + m[0].length, ant);
      }
      return null;
    }
    case 'invented': {
      const donor = splitSentences(other).filter((s) => s.text.split(/\s+/).length >= 8 && /[.!?]$/.test(s.text));
      const d = donor[salt % Math.max(1, donor.length)];
      if (!d || sentences.length === 0) return null;
      const at = sentences[Math.floor(sentences.length / 2)] as { end: number };
      return `${rewrite.slice(0, at.end)} ${d.text}${rewrite.slice(at.end)}`;
    }
    case 'half-dropped': {
      if (sentences.length < 4) return null;
      const keep = sentences[Math.ceil(sentences.length / 2) - 1] as { end: number };
      return rewrite.slice(0, keep.end);
    }
    case 'unrelated':
      return other;
  }
}
