import { LONG_RUN, RUN_WORDS } from './thresholds.ts';
import type { Sentence } from './types.ts';

/**
 * The check's sentence splitter: lines are paragraphs, a stop followed by a capital ends a sentence, and a long
 * run with no stops (a transcript, a scraped page) is judged in pieces.
 */

/** Sentences with their offsets: lines are paragraphs, and a stop followed by a capital ends a sentence. */
export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  let paragraph = 0;
  let pos = 0;
  for (const line of text.split('\n')) {
    const lineStart = pos;
    pos += line.length + 1;
    if (line.trim() === '') {
      paragraph++;
      continue;
    }
    // A stop before a capital, a single stop after a word before a lower-case word (text written all in lower
    // case), a stop glued to the next sentence's first word ("bad.After"), or line breaks written as HTML
    // ("<br />") in pasted text.
    const re =
      /[.!?…]+["'”’)\]]*\s+(?=(?:[*•–-]\s+)?["'“‘(\[]?[A-Z0-9])|(?<=[a-z]{2})(?<![.!?])[.!?]["'”’)\]]*\s+(?=["'“‘(\[]?[a-z]{2})|(?<=[a-z]{2}[.!?])(?=[A-Z][a-z])|(?:\s*<[bB][rR]\s*\/?>)+\s*/g;
    let last = 0;
    let m: RegExpExecArray | null;
    const add = (a: number, b: number): void => {
      const raw = line.slice(a, b);
      const lead = raw.length - raw.trimStart().length;
      const t = raw.trim();
      if (t) out.push({ text: t, start: lineStart + a + lead, end: lineStart + a + lead + t.length, paragraph });
    };
    const push = (a: number, b: number): void => {
      // Text with its stops taken out (a transcript, a scraped page) is one long run: judged in pieces, cut
      // before a capital that starts a new thought, or every RUN_WORDS words, so coverage is still measured.
      const words = [...line.slice(a, b).matchAll(/\S+/g)];
      if (words.length <= LONG_RUN) return add(a, b);
      let from = a;
      let count = 0;
      for (const w of words) {
        const at = a + w.index;
        if (count >= RUN_WORDS / 2 && (/^[A-Z][a-z]/.test(w[0]) || count >= RUN_WORDS)) {
          add(from, at);
          from = at;
          count = 0;
        }
        count++;
      }
      add(from, b);
    };
    while ((m = re.exec(line)) !== null) {
      if (m[0] === '') re.lastIndex++;
      const end = /<br/i.test(m[0]) ? m.index : m.index + m[0].trimEnd().length;
      // "Dr. Smith", "e.g. Paris", "U.S. Army": an abbreviation is not a sentence end.
      const before = line.slice(last, end);
      // A quotation closed before a lower-case word goes on in the same sentence ('"Why?" asked the Guru.').
      if (/[?!.]["”’]$/.test(before) && /^\s+[a-z]/.test(line.slice(end))) continue;
      if (/(?:\b(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|vs|etc|e\.g|i\.e|No|Vol|Fig)\.|\b[A-Z]\.)$/.test(before)) continue;
      // A page, section or figure reference before its number ("(Lee, 2019, p. 4)", "pp. 12-15", "sec. 3").
      if (
        /^\s+\d/.test(line.slice(end)) &&
        /\b(?:p|pp|para|paras|ch|sec|art|eq|ref|fig|figs|no|nos|vol)\.$/i.test(before)
      )
        continue;
      // Before a lower-case word, a short abbreviation ("approx.", "et al.", "p.m.") does not end a sentence.
      if (
        /^\s+[a-z]/.test(line.slice(end)) &&
        /\b(?:[a-z]\.[a-z]|approx|etc|vs|al|cf|ca|fig|figs|no|nos|vol|pp|ed|eds|inc|ltd|co|corp|dept|est|min|max|ave|mt|ft|oz|lbs?|hrs?|sec|mins?|st|resp|viz|incl|excl)\.$/i.test(
          before,
        )
      )
        continue;
      push(last, end);
      last = m.index + m[0].length;
    }
    push(last, line.length);
    paragraph++;
  }
  return out;
}

/** Whether only spaces stand between `at` and the start of its line. */
export function opensLine(text: string, at: number): boolean {
  let k = at - 1;
  while (k >= 0 && (text[k] === ' ' || text[k] === '\t')) k--;
  return k < 0 || text[k] === '\n';
}
