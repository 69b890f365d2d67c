import { diffWordsWithSpace } from 'diff';

/** One piece of "What changed": text kept, taken out, or put in. */
export interface DiffPart {
  value: string;
  kind: 'same' | 'removed' | 'added';
}

/** Beyond this many edit steps the diff is not worth its cost: the whole text shows as replaced. */
const MAX_EDIT_LENGTH = 20_000;

/**
 * What a changed phrase runs across: spaces inside a line, or one kept word between changes ("to" in
 * "leverage solutions to drive" -> "use tools to grow"). Never a line break, never two kept words.
 */
const GLUE = /^[^\S\n]*\S*[^\S\n]*$/u;

/**
 * The word diff of a rewrite, read as phrases: a run of changed words (separated only by spaces inside a
 * line, or one kept word) shows as one removed phrase followed by one added phrase, not as removed and
 * added words one by one. The added and kept parts together are exactly `after`; the removed and kept
 * parts are `before`.
 */
export function phraseDiff(before: string, after: string): DiffPart[] {
  const words = diffWordsWithSpace(before, after, { maxEditLength: MAX_EDIT_LENGTH }) ?? [
    { value: before, removed: true, added: false, count: 1 },
    { value: after, added: true, removed: false, count: 1 },
  ];
  const out: DiffPart[] = [];
  const push = (value: string, kind: DiffPart['kind']) => {
    if (!value) return;
    const last = out[out.length - 1];
    if (last?.kind === kind) last.value += value;
    else out.push({ value, kind });
  };
  let i = 0;
  while (i < words.length) {
    const w = words[i]!;
    if (!w.added && !w.removed) {
      push(w.value, 'same');
      i++;
      continue;
    }
    // Extend the run to the last changed part reachable across glue only.
    let end = i;
    for (let j = i; j < words.length; j++) {
      const p = words[j]!;
      if (p.added || p.removed) end = j;
      else if (!GLUE.test(p.value)) break;
    }
    const run = words.slice(i, end + 1);
    i = end + 1;
    if (!run.some((p) => p.removed) || !run.some((p) => p.added)) {
      // Only words taken out (or only put in): nothing to pair, each part shows as it is.
      for (const p of run) push(p.value, p.removed ? 'removed' : p.added ? 'added' : 'same');
      continue;
    }
    let removed = '';
    let added = '';
    for (const p of run) {
      if (!p.added) removed += p.value;
      if (!p.removed) added += p.value;
    }
    // Spaces both phrases start or end with are kept text, not a change.
    const lead = sharedSpace(removed, added, false);
    const trail = sharedSpace(removed.slice(lead), added.slice(lead), true);
    push(removed.slice(0, lead), 'same');
    push(removed.slice(lead, removed.length - trail), 'removed');
    push(added.slice(lead, added.length - trail), 'added');
    push(removed.slice(removed.length - trail), 'same');
  }
  return out;
}

/** How many whitespace characters `a` and `b` share at their start (or end), leaving each one character. */
function sharedSpace(a: string, b: string, fromEnd: boolean): number {
  const max = Math.min(a.length, b.length) - 1;
  let n = 0;
  while (n < max) {
    const ca = fromEnd ? a[a.length - 1 - n]! : a[n]!;
    const cb = fromEnd ? b[b.length - 1 - n]! : b[n]!;
    if (ca !== cb || !/\s/u.test(ca)) break;
    n++;
  }
  return n;
}
