// Text handling shared by training and run time. Everything here must stay deterministic,
// because the same normalisation has to be applied when the weights are fitted and when they are used.

export interface Span {
  text: string;
  start: number;
  end: number;
}

const LINE_BREAK_RE = /[\n\r\u2028\u2029]/;
const LIST_MARKER_RE = /^(?:[-*•‣◦▪–—>]|\d{1,3}[.)]|[a-zA-Z][)])[ \t]+/;

// Words that end with a period but rarely end a sentence.
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'eg',
  'ie',
  'cf',
  'al',
  'fig',
  'no',
  'vol',
  'pp',
  'inc',
  'ltd',
  'co',
  'corp',
  'dept',
  'approx',
  'est',
  'gen',
  'gov',
  'sen',
  'rep',
  'u.s',
  'u.k',
  'a.m',
  'p.m',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'mt',
  'ft',
  'lt',
  'col',
  'capt',
  'sgt',
  'ave',
  'blvd',
  'ph.d',
  'b.a',
  'm.a',
  'u.n',
  'e.u',
]);

/**
 * Splits text into sentences with offsets into the original string. Line breaks always end a
 * sentence because headings, list items and letter salutations rarely carry final punctuation.
 */
export function splitSentences(text: string): Span[] {
  const out: Span[] = [];
  if (typeof text !== 'string' || text.length === 0) return out;
  const n = text.length;
  let start = 0;
  let lineStart = 0;
  const push = (s: number, e: number): void => {
    const first = s === lineStart;
    while (s < e && /\s/.test(text[s] ?? '')) s++;
    // A list marker at the start of a line ("- ", "* ", "• ", "1. ", "a) ") is not part of the item's sentence.
    if (first) {
      const lm = LIST_MARKER_RE.exec(text.slice(s, Math.min(e, s + 8)));
      if (lm && s + lm[0].length < e) s += lm[0].length;
    }
    while (e > s && /\s/.test(text[e - 1] ?? '')) e--;
    const piece = e > s ? text.slice(s, e) : '';
    if (e > s && /[\p{L}\p{N}]/u.test(piece)) out.push({ text: piece, start: s, end: e });
    else if (e > s && out.length > 0 && !LINE_BREAK_RE.test(text.slice(out[out.length - 1]!.end, e))) {
      // Stray punctuation or symbols on the same line join the previous sentence rather than standing alone;
      // on a line of their own (a "-----" rule) they are dropped, so no span crosses a line break.
      const prev = out[out.length - 1]!;
      prev.end = e;
      prev.text = text.slice(prev.start, e);
    }
  };
  let i = 0;
  while (i < n) {
    const ch = text[i]!;
    if (ch === '\n' || ch === '\r' || ch === '\u2028' || ch === '\u2029') {
      push(start, i);
      start = i + 1;
      lineStart = start;
      i++;
      continue;
    }
    if (ch === '.' || ch === '!' || ch === '?' || ch === '…') {
      let j = i + 1;
      while (j < n && /[.!?…]/.test(text[j]!)) j++;
      // Closing quotes and brackets belong to the sentence they close.
      const beforeClose = j;
      while (j < n && /["'”’)\]]/.test(text[j]!)) j++;
      const next = text[j];
      // '"Yes!" she said.' continues the sentence after a quoted exclamation or question.
      if (j > beforeClose && /^\s+[a-z]/.test(text.slice(j, j + 3))) {
        i = j;
        continue;
      }
      if (j >= n) {
        i = j;
        continue;
      }
      if (!/\s/.test(next!)) {
        i = j;
        continue;
      } // "3.5", "e.g.x", "file.txt"
      if (ch === '.' && j === i + 1) {
        // A list number at the start of a line ("1. Preheat the oven") does not end a sentence.
        if (start === lineStart && /^\s*(?:\d{1,3}|[A-Za-z])$/.test(text.slice(start, i))) {
          i = j;
          continue;
        }
        const m = /([A-Za-z][A-Za-z.]*)$/.exec(text.slice(Math.max(start, i - 12), i));
        const word = m ? m[1]!.toLowerCase() : '';
        if (ABBREVIATIONS.has(word)) {
          i = j;
          continue;
        }
        // Single capital initials ("J. R. R. Tolkien").
        if (/^[A-Z]$/.test(m ? m[1]! : '') && /\s[A-Z]/.test(text.slice(i + 1, i + 3))) {
          i = j;
          continue;
        }
      }
      // A lower-case continuation after a period is usually not a new sentence ("approx. twenty"),
      // but student writing often starts sentences in lower case, so only skip for abbreviations above.
      push(start, j);
      start = j;
      i = j;
      continue;
    }
    i++;
  }
  push(start, n);
  return out;
}

// Label-specific artefacts of the training sources. They are masked identically at run time so
// that the weights never depend on them.
const ANON_RE = /\bGeneric_[A-Za-z]+\b|\bPROPER_NAME\b|\b[A-Z]{2,}_[A-Z]{2,}\b|@[A-Z]+[0-9]*\b|\[[^\]\n]{1,40}\]/g;
// Links, including the anonymised `_URL_0_` of the Reddit answers (human only): all become one word.
const LINK_RE = /_URL_\d+_|\b(?:https?:\/\/|www\.)[^\s)\]]*[^\s)\].,;:!?'"]/g;
// Numeric citation markers ("[12]", Wikipedia copies) are dropped rather than masked.
const CITATION_RE = /[ \t]?\[\d{1,3}(?:[,\u2013-]\d{1,3})*\]/g;
// Chat-model self-references. "language model" alone is not one: human NLP abstracts use it.
const CHATBOT_RE =
  /\bas an? (?:ai|artificial intelligence)\b|\bas artificial intelligence\b|\b(?:as|I am|I'm) an? (?:AI |large |artificial intelligence )?language model\b|\bmy (?:knowledge )?(?:cutoff|last (?:knowledge )?update)\b|\bI (?:do not|don't) have personal (?:opinions|experiences|beliefs)/i;

/** Removes formatting artefacts and masks placeholders; returns plain prose with single spaces. */
export function normalizeForFeatures(text: string): string {
  let t = text.replace(/\r\n?/g, '\n');
  t = t
    .replace(/[‘’‚‛′]/g, "'")
    .replace(/[“”„‟″]/g, '"')
    .replace(/[–—―]/g, ' — ')
    .replace(/\u00a0/g, ' ');
  t = t.replace(/^\s*title\s*:[^\n]*\n/i, '');
  // Markdown and list formatting: headings, bold, rules and underlines, list markers, quote markers, "Step 3:" labels.
  t = t.replace(/^[ \t]*[-=_*~#]{3,}[ \t]*$/gm, '');
  t = t
    .replace(/^[ \t]*#{1,6}[ \t]+/gm, '')
    .replace(/\*\*|__/g, '')
    .replace(/^[ \t]*(?:[-*•>]|\d{1,2}[.)])[ \t]+/gm, '');
  t = t.replace(/^[ \t]*>+[ \t]*/gm, '').replace(/^[ \t]*step[ \t]+\d{1,2}[ \t]*[:.)-][ \t]*/gim, '');
  t = t.replace(LINK_RE, ' link ').replace(CITATION_RE, '');
  t = t.replace(ANON_RE, 'Name');
  if (CHATBOT_RE.test(t)) {
    t = splitSentences(t)
      .filter((s) => !CHATBOT_RE.test(s.text))
      .map((s) => s.text)
      .join(' ');
  }
  // Runs of whitespace become one space; a single space is left as it is (the same result, no new string).
  return t.replace(/\s{2,}|[^\S ]/g, ' ').trim();
}

export function hasChatbotArtifact(text: string): boolean {
  return CHATBOT_RE.test(text);
}

const TOKEN_RE = /[A-Za-z]+(?:'[A-Za-z]+)*|\d+(?:[.,:]\d+)*|—|\.\.\.|[^\sA-Za-z\d]/g;

/** Tokens with original case: words (with inner apostrophes), numbers, single punctuation marks. */
export function tokenize(norm: string): string[] {
  return norm.match(TOKEN_RE) ?? [];
}

/**
 * Where each of `tokens` (tokenize's output for `norm`) starts in `norm`. Only whitespace lies between tokens and
 * no token holds any, so each is the first occurrence of its text after the one before.
 */
export function tokenOffsets(norm: string, tokens: readonly string[]): Int32Array {
  const at = new Int32Array(tokens.length);
  let pos = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    pos = norm.indexOf(t, pos);
    at[i] = pos;
    pos += t.length;
  }
  return at;
}

/** How many runs of ASCII letters `s` holds (the length of s.match(/[A-Za-z]+/g)), without building them. */
export function letterRuns(s: string): number {
  let n = 0;
  let inRun = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i) | 32;
    const letter = c >= 97 && c <= 122;
    if (letter && !inRun) n++;
    inRun = letter;
  }
  return n;
}

export function isWord(tok: string): boolean {
  const c = tok.charCodeAt(0);
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** 32-bit FNV-1a; seeds keep the feature spaces of different families apart. */
export function hashString(s: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // Final avalanche so that low bits (used for buckets) are well mixed.
  return mix(h);
}

export function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
