import type { Check, SentenceCheck } from '../context.ts';
import type { Located, Rule } from '../types.ts';
import { flat, oneSpelling } from '../words.ts';

/** Links, quotations and protected spans: kept exactly, never changed or lost. */

const originalLinks = (c: Check): Set<string> => c.once('origLinks', () => new Set(c.o.facts.flatMap((f) => f.links)));

export const linkChanged: Rule<SentenceCheck> = {
  id: 'link.changed',
  drift: 'link',
  why: 'a web address or email the original does not have sends the reader somewhere else',
  exceptions: [
    {
      id: 'inside-a-longer-link',
      why: 'a link the original has whole or inside a longer address ("reason.com" in a long link) is kept',
    },
  ],
  check: (s) => {
    for (const l of s.f.links)
      if (!originalLinks(s.c).has(l) && !s.c.o.allText.includes(l))
        return { detail: `a link or email changed ("${l}")` };
    return null;
  },
};

export const quoteChanged: Rule<SentenceCheck> = {
  id: 'quote.changed',
  drift: 'quote',
  why: "words inside quotation marks must be the original's words: a quotation may be reported in other words, never misquoted",
  exceptions: [
    { id: 'scare-quotes', why: 'a quotation of fewer than three words is a scare quote' },
    { id: 'spelling', why: 'British and American spellings of a word count as one ("colour" / "color")' },
  ],
  check: (s) => {
    const originalFlat = s.c.once('originalFlat', () => ` ${oneSpelling(flat(s.c.o.allText))} `);
    for (const q of s.f.quotes)
      if (!originalFlat.includes(` ${q} `))
        return { detail: 'a quotation was changed (your text does not say it in these words)' };
    return null;
  },
};

export const linkLost: Rule<Check, Located[]> = {
  id: 'link.lost',
  drift: 'link',
  why: 'a link or email of the original that the answer does not carry is lost to the reader',
  check: (c) => {
    const answerLinks = new Set(c.a.facts.flatMap((f) => f.links));
    const out: Located[] = [];
    c.o.facts.forEach((f, i) => {
      for (const l of f.links)
        if (!answerLinks.has(l) && !c.a.allText.includes(l))
          out.push({ detail: `a link or email was lost ("${l}")`, answer: -1, original: [i] });
    });
    return out;
  },
};

/** Protected spans that are ordinary words: number words alone, ordinals, common abbreviations. */
export const ORDINARY_SPAN =
  /^(?:(?:the\s+)?(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|half|twice|once|first|second|third|fourth|fifth|dozen|hundred|thousand)(?:[- ](?:one|ones|time|times|hundred|thousand))?|e\.g\.|i\.e\.|etc\.|vs\.|cf\.|approx\.|et al\.|a\.m\.|p\.m\.)$/i;

export const spanLost: Rule<Check, Located[]> = {
  id: 'span.lost',
  drift: 'name',
  why: 'a protected span (a number, name, quotation, link or frozen phrase) must come back verbatim; the sentence that holds it is put back',
  exceptions: [
    { id: 'other-capitals-or-spacing', why: 'written with other capitals or spacing, it is still there' },
    {
      id: 'ordinary-span',
      why: 'ordinary words the protector also holds ("one", "first", "e.g.") are judged in context by the number and name rules',
    },
  ],
  check: (c) => {
    // A span written out counts the same as its placeholder. Reported as a number, a quotation or a name.
    const answerRaw = c.answer.replace(/\r\n/g, '\n');
    const answerLoose = answerRaw.replace(/\s+/g, ' ').toLowerCase();
    const out: Located[] = [];
    for (const span of c.spans) {
      if (!span.trim() || answerRaw.includes(span)) continue;
      if (answerLoose.includes(span.replace(/\s+/g, ' ').toLowerCase())) continue;
      if (ORDINARY_SPAN.test(span.trim())) continue;
      const i = c.o.sentences.findIndex((s) => s.text.includes(span) || span.includes(s.text));
      if (i < 0) continue;
      const where = c.answersOf[i] ?? [];
      // The answer sentence that says the span's sentence most closely is the one repaired: the sentence is put
      // back in its place, not beside it. (Putting back the sentences it merges in as well set aside more rewrites
      // than it saved: decision 0065.)
      const best =
        where.length === 0 ? -1 : where.reduce((b, k) => ((c.sim[k]?.[i] ?? 0) > (c.sim[b]?.[i] ?? 0) ? k : b));
      out.push({
        drift: /\d/.test(span) ? 'number' : /^["“]/.test(span) ? 'quote' : 'name',
        detail: `"${span.slice(0, 40)}" was lost`,
        answer: best,
        original: [i],
      });
    }
    return out;
  },
};
