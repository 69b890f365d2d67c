/**
 * Span protection: numbers, names, quotations, URLs, emails, code, citations and inline markdown are
 * swapped for opaque sentinels before any rule runs, so no rule can touch them, and every check can
 * compare sentinel multisets instead of re-parsing the text.
 * A sentinel is U+E000, two private-use id characters, U+E001; ids avoid digits so number checks on
 * masked text never see a sentinel as a number.
 */
import { segment } from './segment.ts';

export type SpanKind =
  | 'code'
  | 'link'
  | 'url'
  | 'email'
  | 'handle'
  | 'quote'
  | 'citation'
  | 'markup'
  | 'number'
  | 'acronym'
  | 'abbrev'
  | 'name'
  | 'kept';

export interface Span {
  id: number;
  text: string;
  kind: SpanKind;
}

export interface Masked {
  text: string;
  spans: Span[];
}

export const SENT_OPEN = '\uE000';
export const SENT_CLOSE = '\uE001';
const ID_BASE = 0xe100;
const ID_RANGE = 0x700;

export function sentinel(id: number): string {
  return (
    SENT_OPEN +
    String.fromCharCode(ID_BASE + Math.floor(id / ID_RANGE)) +
    String.fromCharCode(ID_BASE + (id % ID_RANGE)) +
    SENT_CLOSE
  );
}

export const SENTINEL_RE = /\uE000[\uE100-\uE7FF][\uE100-\uE7FF]\uE001/g;

export function sentinelId(s: string): number {
  return (s.charCodeAt(1) - ID_BASE) * ID_RANGE + (s.charCodeAt(2) - ID_BASE);
}

interface Pattern {
  kind: SpanKind;
  re: RegExp;
}

const MONTHS =
  'January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec';

// Order matters: longer and more specific spans first, so a URL inside a link is masked as the link.
const PATTERNS: Pattern[] = [
  { kind: 'code', re: /`[^`\n]+`/g },
  { kind: 'link', re: /!?\[[^\]\n]*\]\([^)\n]*\)/g },
  { kind: 'link', re: /<(?:https?:\/\/|mailto:)[^>\s]+>/g },
  { kind: 'code', re: /<\/?[a-zA-Z][^>\n]*>|<!--[\s\S]*?-->/g },
  { kind: 'url', re: /\b(?:https?:\/\/|www\.)[^\s<>()"']*[^\s<>()"'.,;:!?]/g },
  { kind: 'email', re: /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g },
  { kind: 'handle', re: /(?<![\w@])[@#][A-Za-z_][\w-]*/g },
  {
    kind: 'quote',
    // A straight quotation opens on a word and closes after one: the text between a closing quote and the next
    // opening one is not a quotation.
    re: /"(?=\S)[^"\n]*\s[^"\n]*(?<=\S)"|\u201c[^\u201d\n]*\s[^\u201d\n]*\u201d|\u2018[^\u2019\n]*\s[^\u2019\n]*\u2019(?![a-z])/g,
  },
  {
    kind: 'citation',
    re: /\((?:[A-Z][\w'-]+(?: et al\.)?(?:,? (?:and|&) [A-Z][\w'-]+)?,? (?:\d{4}[a-z]?|n\.d\.)(?:[;,] ?)?)+(?:, p+\. ?\d+)?\)|\[\d+(?:[,\u2013-] ?\d+)*\]/g,
  },
  {
    kind: 'markup',
    re: /\*\*|__|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])|(?<![\w_])_(?=[^\s_])|(?<=[^\s_])_(?![\w_])|~~/g,
  },
  {
    kind: 'abbrev',
    re: /\b(?:e\.g\.|i\.e\.|etc\.|vs\.|cf\.|approx\.|et al\.|Mr\.|Mrs\.|Ms\.|Dr\.|Prof\.|Sr\.|Jr\.|St\.|Fig\.|No\.|Vol\.|pp?\.|a\.m\.|p\.m\.)(?!\w)/g,
  },
  { kind: 'acronym', re: /\b(?:[A-Za-z]\.){2,}/g },
  {
    kind: 'number',
    re: new RegExp(
      `\\b(?:${MONTHS})\\.? \\d{1,2}(?:st|nd|rd|th)?(?:, \\d{4})?\\b|\\b\\d{1,2}(?:st|nd|rd|th)? (?:${MONTHS}) \\d{4}\\b`,
      'g',
    ),
  },
  {
    kind: 'number',
    re: /[$\u20ac\u00a3\u00a5]?(?<![\w.])\d+(?:[.,:/-]\d+)*(?:st|nd|rd|th|s|%|k|m|bn|x)?(?:\s?(?:%|percent|per cent|km|kg|mph|cm|mm|GB|MB|TB|ms|am|pm|AM|PM))?(?!\w)/g,
  },
  {
    kind: 'number',
    re: /\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|trillion|dozen|half|twice|first|second|third|fourth|fifth|once)\b(?:[- ](?:one|two|three|four|five|six|seven|eight|nine|hundred|thousand|million|billion))*/gi,
  },
  { kind: 'acronym', re: /\b[A-Z][A-Z0-9&]+s?\b/g },
];

const NOT_NAMES = new Set(['I', "I'm", "I've", "I'll", "I'd", 'OK']);
// A capitalized word at the start of a sentence is only a name if it is followed by another capitalized word.
// Names never run across a line break (a heading followed by a paragraph is not one name).
const NAME_RUN =
  /(?<![\w'\u2019-])[A-Z][a-zA-Z'\u2019-]*[a-z][a-zA-Z'\u2019-]*(?:[ \t]+(?:of|de|van|von|der|la|le|da|del|the|and|for)?[ \t]*[A-Z][a-zA-Z'\u2019-]*)*/g;

function isSentenceInitial(
  text: string,
  index: number,
  spanText?: (sentinelEnd: number) => string | undefined,
): boolean {
  let i = index - 1;
  while (i >= 0 && /[\s"'\u201c\u2018(\[]/.test(text[i] ?? '')) i--;
  if (i < 0) return true;
  const c = text[i] ?? '';
  if (/[.!?:;\u2014]/.test(c)) return true;
  if (c === SENT_CLOSE) {
    // After a quotation that ends its sentence ("...was over." Then ...) the next word starts one. After a masked
    // abbreviation like "etc." it may or may not; be conservative and say no.
    return /[.!?]["\u201d'\u2019]$/.test(spanText?.(i) ?? '');
  }
  return false;
}

/**
 * Frozen phrases ('Keep as written'): while `withKept` runs, every mask() protects each occurrence of them
 * first, whole words only, matched without regard to case and kept exactly as the text writes them. Both
 * paths call mask() synchronously when they start (the local clean-up's prepare, the model's placeholder
 * document), so the phrases are in force for exactly that call even when rewrites interleave.
 */
let activeKept: RegExp | null = null;

/** The frozen phrases as given by a user: trimmed, inner whitespace collapsed, empties and repeats removed. */
export function normalizeKept(keep: readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of keep ?? []) {
    const k = raw.replace(/\s+/g, ' ').trim();
    if (!k || seen.has(k.toLowerCase())) continue;
    seen.add(k.toLowerCase());
    out.push(k);
  }
  return out;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One pattern for all phrases, longest first; whitespace inside a phrase matches any run of spaces or tabs. */
export function keptPattern(keep: readonly string[]): RegExp | null {
  const list = normalizeKept(keep).sort((a, b) => b.length - a.length);
  if (list.length === 0) return null;
  const alts = list.map((k) => {
    const body = k.split(' ').map(escapeRe).join('[ \\t]+');
    const pre = /^\w/.test(k) ? "(?<![\\w\u2019'])" : '';
    const post = /\w$/.test(k) ? '(?![\\w])' : '';
    return pre + body + post;
  });
  return new RegExp(alts.join('|'), 'gi');
}

/** Runs `fn` with the frozen phrases in force for every mask() it makes before it first awaits. */
export function withKept<T>(keep: readonly string[] | undefined, fn: () => T): T {
  const prev = activeKept;
  activeKept = keptPattern(keep ?? []);
  try {
    return fn();
  } finally {
    activeKept = prev;
  }
}

/** Occurrences of a frozen phrase in a text, as mask() finds them. */
export function keptOccurrences(text: string, keep: readonly string[]): string[] {
  const re = keptPattern(keep);
  return re ? (text.match(re) ?? []) : [];
}

/**
 * True when every occurrence of a frozen phrase in `original` is still in `output`, written the same way
 * (the multiset of matched texts is contained in the output's).
 */
export function keptIntact(original: string, output: string, keep: readonly string[]): boolean {
  const need = new Map<string, number>();
  for (const m of keptOccurrences(original, keep)) need.set(m, (need.get(m) ?? 0) + 1);
  if (need.size === 0) return true;
  const have = new Map<string, number>();
  for (const m of keptOccurrences(output, keep)) have.set(m, (have.get(m) ?? 0) + 1);
  for (const [t, n] of need) if ((have.get(t) ?? 0) < n) return false;
  return true;
}

/**
 * Mask all protected spans. `keepNames` false skips name runs (headings are all Title Case, where that rule
 * would mask every word).
 */
export function mask(text: string, opts: { names?: boolean; startId?: number } = {}): Masked {
  const spans: Span[] = [];
  let nextId = opts.startId ?? 0;
  let out = text;
  const byId = new Map<number, string>();
  const add = (kind: SpanKind, s: string): string => {
    const id = nextId++;
    // A later pattern can swallow earlier sentinels (a quotation containing a hashtag): store the span with
    // them resolved, so unmasking is one pass and no sentinel can leak into output.
    const text = s.includes(SENT_OPEN) ? s.replace(SENTINEL_RE, (m) => byId.get(sentinelId(m)) ?? m) : s;
    byId.set(id, text);
    spans.push({ id, text, kind });
    return sentinel(id);
  };
  if (activeKept) {
    activeKept.lastIndex = 0;
    out = out.replace(activeKept, (m) => add('kept', m));
  }
  for (const p of PATTERNS) {
    p.re.lastIndex = 0;
    out = out.replace(p.re, (m) => add(p.kind, m));
  }
  if (opts.names !== false) {
    out = out.replace(NAME_RUN, (m, offset: number, whole: string) => {
      const trimmed = m.replace(/[ \t]+(?:of|de|van|von|der|la|le|da|del|the|and|for)[ \t]*$/, '');
      const tail = m.slice(trimmed.length);
      const words = trimmed.split(/\s+/).filter(Boolean);
      if (words.length === 1 && NOT_NAMES.has(words[0] ?? '')) return m;
      if (isSentenceInitial(whole, offset, (end) => byId.get(sentinelId(whole.slice(end - 3, end + 1))))) {
        if (words.length < 2) return m;
        // "However Google said" is not a name run starting at "However": keep the first word when it is a
        // common sentence opener, and protect the rest.
        const first = words[0] ?? '';
        if (COMMON_OPENERS.has(first.toLowerCase())) {
          const rest = trimmed.slice(first.length).replace(/^\s+/, '');
          const gap = trimmed.slice(first.length, trimmed.length - rest.length);
          return first + gap + (rest.split(/\s+/).length >= 1 && rest ? add('name', rest) : '') + tail;
        }
      }
      return add('name', trimmed) + tail;
    });
  }
  return { text: out, spans };
}

const COMMON_OPENERS = new Set(
  'the a an this that these those it its in on at for with by from as after before when while if but and so or yet however moreover furthermore additionally also although though because since during despite overall ultimately many some most all every each one our their his her my your we they he she you there here what why how today finally first second third lastly firstly secondly thus therefore hence meanwhile similarly likewise instead nevertheless nonetheless indeed notably importantly consequently subsequently conversely accordingly essentially undoubtedly interestingly unlike like through under over between within without across among against toward towards into onto upon about above below beyond around throughout'.split(
    ' ',
  ),
);

export function unmask(text: string, spans: readonly Span[]): string {
  const byId = new Map<number, string>();
  for (const s of spans) byId.set(s.id, s.text);
  return text.replace(SENTINEL_RE, (m) => byId.get(sentinelId(m)) ?? m);
}

export function sentinelsOf(text: string): string[] {
  return (text.match(SENTINEL_RE) ?? []).slice().sort();
}

export function sameSentinels(a: string, b: string): boolean {
  const x = sentinelsOf(a);
  const y = sentinelsOf(b);
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/** Every protected span of the original must appear in the output the same number of times. */
/** The spans the engine protects, found the way it finds them: line by line, headings without names. */
export function protectedSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const b of segment(text)) {
    if (b.kind === 'prose') spans.push(...mask(b.body).spans);
    else if (b.kind === 'heading') spans.push(...mask(b.body, { names: false }).spans);
  }
  return spans;
}

export function spansKept(original: string, output: string): boolean {
  const spans = protectedSpans(original);
  const counts = new Map<string, number>();
  for (const s of spans) counts.set(s.text, (counts.get(s.text) ?? 0) + 1);
  for (const [t, n] of counts) {
    if (countOccurrences(output, t) < n) return false;
  }
  return true;
}

function countOccurrences(hay: string, needle: string): number {
  if (!needle) return 0;
  let n = 0;
  let i = hay.indexOf(needle);
  while (i !== -1) {
    n++;
    i = hay.indexOf(needle, i + needle.length);
  }
  return n;
}
