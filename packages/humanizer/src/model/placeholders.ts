import { stripChatter } from './chatter.ts';
import { contentRecall, negations, wordCount } from '../checks.ts';
import { mask, SENTINEL_RE, sentinelId, type Span } from '../protect.ts';
import { segment, skeleton } from '../segment.ts';

/**
 * What the model sees: protected spans (and whole code/table lines) as {{n}} placeholders, which models
 * copy reliably. What comes back is repaired where that is safe (a span written out literally becomes its
 * placeholder again; paragraph spacing is re-laid on the original's) and rejected otherwise.
 */
export interface ModelDoc {
  original: string;
  modelText: string;
  /** Placeholder number → original text. */
  spans: Map<number, string>;
}

const PH_RE = /\{\{(\d+)\}\}/g;

/** indexOf that only matches whole spans: "one" must not be found inside "someone". */
export function findSpan(hay: string, span: string, from = 0): number {
  if (!span) return -1;
  let i = hay.indexOf(span, from);
  while (i >= 0) {
    const before = hay[i - 1] ?? ' ';
    const after = hay[i + span.length] ?? ' ';
    const wordStart = /\w/.test(span[0] ?? '');
    const wordEnd = /\w/.test(span[span.length - 1] ?? '');
    const inPlaceholder = hay.slice(Math.max(0, i - 2), i).endsWith('{') && hay[i + span.length] === '}';
    if (!inPlaceholder && !(wordStart && /\w/.test(before)) && !(wordEnd && /\w/.test(after))) return i;
    i = hay.indexOf(span, i + 1);
  }
  return -1;
}

/**
 * Spans the local engine keeps but the model may reword: a number in words ("three", "first", "half", "twice").
 * As a placeholder it reads as a gap to the model, and a rewrite that writes it in figures would count as
 * losing it; the faithfulness check compares numbers in words and in figures.
 */
function plainWords(span: Span): boolean {
  return span.kind === 'number' && /^[a-z][a-z -]*$/i.test(span.text);
}

export function buildModelDoc(text: string): ModelDoc {
  const blocks = segment(text.replace(/\r\n/g, '\n'));
  const spans = new Map<number, string>();
  let n = 0;
  const ph = (s: string): string => {
    n++;
    spans.set(n, s);
    return `{{${n}}}`;
  };
  const fromMasked = (masked: string, list: Span[]): string => {
    const byId = new Map(list.map((s) => [s.id, s]));
    return masked.replace(SENTINEL_RE, (m) => {
      const span = byId.get(sentinelId(m));
      if (!span) return ph('');
      return plainWords(span) ? span.text : ph(span.text);
    });
  };
  const lines: string[] = [];
  let verbatimRun: string[] = [];
  const flush = (): void => {
    if (verbatimRun.length > 0) lines.push(ph(verbatimRun.join('\n')));
    verbatimRun = [];
  };
  for (const b of blocks) {
    const line = b.prefix + b.body + b.eol.replace(/\n$/, '');
    if (b.kind === 'verbatim') {
      verbatimRun.push(line);
      continue;
    }
    flush();
    if (b.kind === 'blank') lines.push('');
    else {
      const m = mask(b.body, { names: b.kind === 'prose' });
      lines.push(b.prefix + fromMasked(m.text, m.spans) + b.eol.replace(/\n$/, ''));
    }
  }
  flush();
  return { original: text, modelText: lines.join('\n'), spans };
}

/** The spans an answer must bring back (written out or as placeholders): whole code and table runs excluded. */
export function requiredSpans(doc: ModelDoc): string[] {
  return [...doc.spans.values()].filter((t) => t.trim() !== '' && !t.includes('\n'));
}

export interface Restored {
  ok: boolean;
  text: string;
  reason?: string;
  repaired: boolean;
  recall: number;
  lengthRatio: number;
}

const NUMBER_WORDS =
  /\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|trillion|dozen)\b/i;

function stripWrapping(s: string): string {
  let t = s.replace(/\r\n/g, '\n').trim();
  t = t.replace(/^```[a-z]*\n([\s\S]*?)\n```$/i, '$1').trim();
  t = t.replace(/^<text>\n?([\s\S]*?)\n?<\/text>$/i, '$1').trim();
  return t;
}

/** Put placeholders back for spans the model wrote out literally; report what cannot be repaired. */
export function repairPlaceholders(
  candidate: string,
  expected: Map<number, string>,
  tolerateLost = false,
): { text: string; reason?: string; repaired: boolean } {
  let text = candidate;
  let repaired = false;
  const seen = new Map<number, number>();
  for (const m of text.matchAll(PH_RE)) {
    const id = Number(m[1]);
    seen.set(id, (seen.get(id) ?? 0) + 1);
  }
  for (const [id, count] of seen) {
    if (!expected.has(id)) return { text, reason: `invented placeholder {{${id}}}`, repaired };
    if (count > 1) return { text, reason: `placeholder {{${id}}} repeated`, repaired };
  }
  // Longest spans first, so "New York City" is restored before "New York".
  const missing = [...expected.entries()].filter(([id]) => !seen.has(id)).sort((a, b) => b[1].length - a[1].length);
  for (const [id, span] of missing) {
    const idx = findSpan(text, span);
    if (idx < 0) {
      // Left to the faithfulness check, which judges the sentence the span was in.
      if (tolerateLost) continue;
      return { text, reason: `lost or changed span "${span.slice(0, 40)}"`, repaired };
    }
    text = text.slice(0, idx) + `{{${id}}}` + text.slice(idx + span.length);
    repaired = true;
  }
  return { text, repaired };
}

function newNames(candidate: string, original: string): string | null {
  for (const sentence of candidate.split(/(?<=[.!?:;])\s+|\n+/)) {
    const words = sentence.trim().split(/\s+/).slice(1);
    for (const raw of words) {
      const w = raw.replace(/^["'\u201c\u2018(\[]+|[^A-Za-z'-]+$/g, '');
      if (!/^[A-Z][a-z]/.test(w) || /^I(?:'|$)/.test(w)) continue;
      if (/^["'\u201c\u2018(]/.test(raw)) continue;
      if (!original.includes(w)) return w;
    }
  }
  return null;
}

/** Relay the candidate's non-blank lines onto the original layout when only blank-line spacing changed. */
function relayout(candidate: string, modelText: string): string | null {
  const want = modelText.split('\n');
  const got = candidate.split('\n').filter((l) => l.trim() !== '');
  const slots = want.filter((l) => l.trim() !== '').length;
  if (got.length !== slots) return null;
  let i = 0;
  return want.map((l) => (l.trim() === '' ? l : (got[i++] ?? ''))).join('\n');
}

export interface CheckLimits {
  minRecall: number;
  maxLengthDelta: number;
  /**
   * 'delegated': only the structure is checked here (placeholders, markdown); paragraphs may be re-laid,
   * and meaning, length and facts are left to the faithfulness check, which judges them by sentence.
   */
  meaning?: 'strict' | 'delegated';
}

/** Whether the text has structure beyond plain paragraphs (headings, list markers, code or tables). */
function structured(text: string): boolean {
  return skeleton(text).some((k) => k !== 'B' && k !== 'P:');
}

/** Validate a full-text candidate from the model and return the final text. */
export function restore(
  doc: ModelDoc,
  raw: string,
  limits: CheckLimits = { minRecall: 0.6, maxLengthDelta: 0.15 },
): Restored {
  const fail = (reason: string, repaired = false, text = ''): Restored => ({
    ok: false,
    text,
    reason,
    repaired,
    recall: 0,
    lengthRatio: 0,
  });
  // What the model said around the rewrite ("Here is …:", "I hope this helps!", hashtags) is not the rewrite.
  const stripped = stripChatter(stripWrapping(raw), doc.original).text;
  if (!stripped) return fail('empty answer');
  const delegated = limits.meaning === 'delegated';
  let laid = relayout(stripped, doc.modelText);
  if (laid === null && delegated && !structured(doc.original.replace(/\r\n/g, '\n'))) laid = stripped;
  if (laid === null) return fail('paragraph structure changed');
  const rep = repairPlaceholders(laid, doc.spans, delegated);
  if (rep.reason) return fail(rep.reason, rep.repaired);
  const outside = rep.text.replace(PH_RE, ' ');
  // The answer as the user would read it, kept with a meaning failure so the caller can weigh it.
  const text = rep.text.replace(PH_RE, (_m, id: string) => doc.spans.get(Number(id)) ?? '');
  if (delegated) {
    if (
      structured(doc.original.replace(/\r\n/g, '\n')) &&
      JSON.stringify(skeleton(text)) !== JSON.stringify(skeleton(doc.original.replace(/\r\n/g, '\n')))
    )
      return fail('markdown structure changed', rep.repaired, text);
    const lengthRatio = wordCount(text) / Math.max(1, wordCount(doc.original));
    return { ok: true, text, repaired: rep.repaired, recall: contentRecall(doc.original, text), lengthRatio };
  }
  if (/\d/.test(outside)) return fail('new number', rep.repaired, text);
  const origOutside = doc.modelText.replace(PH_RE, ' ');
  const nw = NUMBER_WORDS.exec(outside);
  if (nw && !new RegExp(`\\b${nw[0]}\\b`, 'i').test(origOutside))
    return fail(`new number "${nw[0]}"`, rep.repaired, text);
  const nn = newNames(outside, doc.original);
  if (nn) return fail(`new name "${nn}"`, rep.repaired, text);
  if (JSON.stringify(skeleton(text)) !== JSON.stringify(skeleton(doc.original.replace(/\r\n/g, '\n'))))
    return fail('markdown structure changed', rep.repaired, text);
  const n0 = negations(origOutside);
  const n1 = negations(outside);
  if (Math.abs(n0 - n1) > Math.floor(n0 / 8)) return fail('negation changed', rep.repaired, text);
  const lengthRatio = wordCount(text) / Math.max(1, wordCount(doc.original));
  if (Math.abs(lengthRatio - 1) > limits.maxLengthDelta)
    return {
      ok: false,
      text,
      reason: `length ratio ${lengthRatio.toFixed(2)}`,
      repaired: rep.repaired,
      recall: 0,
      lengthRatio,
    };
  const recall = contentRecall(doc.original, text);
  if (recall < limits.minRecall)
    return {
      ok: false,
      text,
      reason: `content recall ${recall.toFixed(2)}`,
      repaired: rep.repaired,
      recall,
      lengthRatio,
    };
  return { ok: true, text, repaired: rep.repaired, recall, lengthRatio };
}

/** Put a detector sentence (plain text) into placeholder form using the document's spans. */
export function toPlaceholders(sentence: string, doc: ModelDoc): { text: string; ids: number[] } {
  let s = sentence;
  const ids: number[] = [];
  const entries = [...doc.spans.entries()].filter(([, t]) => t.length > 0).sort((a, b) => b[1].length - a[1].length);
  for (const [id, t] of entries) {
    const i = findSpan(s, t);
    if (i >= 0) {
      s = s.slice(0, i) + `{{${id}}}` + s.slice(i + t.length);
      ids.push(id);
    }
  }
  return { text: s, ids };
}

/** Validate one rewritten sentence of a round. */
export function checkRoundSentence(
  doc: ModelDoc,
  before: { text: string; ids: number[] },
  after: string,
): { ok: boolean; text: string; reason?: string } {
  const expected = new Map(before.ids.map((id) => [id, doc.spans.get(id) ?? '']));
  const t = after.trim().replace(/\n+/g, ' ');
  if (!t) return { ok: false, text: '', reason: 'empty' };
  const rep = repairPlaceholders(t, expected);
  if (rep.reason) return { ok: false, text: '', reason: rep.reason };
  const outside = rep.text.replace(PH_RE, ' ');
  const origOutside = before.text.replace(PH_RE, ' ');
  if (/\d/.test(outside)) return { ok: false, text: '', reason: 'new number' };
  const nn = newNames(outside, doc.original);
  if (nn) return { ok: false, text: '', reason: `new name "${nn}"` };
  if (negations(outside) !== negations(origOutside)) return { ok: false, text: '', reason: 'negation changed' };
  const lr = wordCount(outside) / Math.max(1, wordCount(origOutside));
  if (lr < 0.6 || lr > 1.5) return { ok: false, text: '', reason: 'length' };
  if (contentRecall(origOutside, outside) < 0.5) return { ok: false, text: '', reason: 'recall' };
  return { ok: true, text: rep.text.replace(PH_RE, (_m, id: string) => doc.spans.get(Number(id)) ?? '') };
}
