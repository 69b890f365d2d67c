/**
 * Lays ranges (sentences located by UTF-16 offsets) over a text without ever rebuilding it: the text
 * between and around the ranges comes through as it is, so joining the segments gives the text back
 * character for character, whatever the offsets are (out of range, reversed, overlapping, fractional).
 */
export interface Range {
  start: number;
  end: number;
}

export interface Segment<R extends Range> {
  text: string;
  start: number;
  end: number;
  /** The range this segment shows, or null for text outside every range. */
  range: R | null;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** An offset clamped into the text, moved off the middle of a surrogate pair (an emoji is never cut). */
function clampOffset(text: string, n: number): number {
  let i = Math.min(text.length, Math.max(0, Math.trunc(n)));
  if (i > 0 && i < text.length && isLowSurrogate(text.charCodeAt(i))) i += 1;
  return i;
}

export function splitByRanges<R extends Range>(text: string, ranges: readonly R[]): Segment<R>[] {
  const usable = ranges
    .filter((r) => Number.isFinite(r.start) && Number.isFinite(r.end))
    .map((r) => ({ r, start: clampOffset(text, r.start), end: clampOffset(text, r.end) }))
    .filter((x) => x.end > x.start)
    .sort((a, b) => a.start - b.start || a.end - b.end);

  const out: Segment<R>[] = [];
  let cursor = 0;
  for (const { r, start, end } of usable) {
    // An overlap keeps the earlier range whole and shows only what is left of the later one.
    const from = Math.max(start, cursor);
    if (end <= from) continue;
    if (from > cursor) out.push({ text: text.slice(cursor, from), start: cursor, end: from, range: null });
    out.push({ text: text.slice(from, end), start: from, end, range: r });
    cursor = end;
  }
  if (cursor < text.length) out.push({ text: text.slice(cursor), start: cursor, end: text.length, range: null });
  return out;
}
