import type { PutBack } from '../meaning-report.ts';
import { checkFaithful, SENTENCE_DRIFTS, SOFT_DRIFTS, type Drift, type Faithfulness } from './faithfulness/index.ts';

/**
 * Repair instead of discard: when only some sentences of a model answer fail the faithfulness check, keep
 * the rest of the rewrite and fix those. An invented sentence is removed; a sentence whose fact changed is
 * replaced by the original sentences it was aligned with (written as the user wrote them); a lost link or
 * quotation puts its original sentence back in place. When the sentences put back hold more than half of
 * the original's words, or the answer fails as a whole (unrelated, half dropped, far too long or short),
 * there is nothing worth keeping and the caller falls back.
 */
export interface Repair {
  drift: Drift;
  detail: string;
  /** Original sentences written back as they were (0 for a removed invented sentence). */
  restored: number;
  /** Their text, as the user wrote it (the model may be asked to rewrite just these). */
  sentences: string[];
  /** The id of the rule that found it ('coverage.left-out' and 'coverage.thinly-said' for sentences put back). */
  rule?: string;
}

export type Repaired =
  | { ok: true; text: string; repairs: Repair[]; judgement: Faithfulness }
  | { ok: false; reason: string; drift: Drift; judgement: Faithfulness };

/** The judgement without its soft failures (`SOFT_DRIFTS`, which never decide its verdict). */
const withoutSoft = (j: Faithfulness): Faithfulness => ({
  ...j,
  failures: j.failures.filter((f) => !SOFT_DRIFTS.includes(f.drift)),
});

/** More than this share of the original's words put back: the answer is not a rewrite any more. */
export const MAX_RESTORED_SHARE = 0.5;
/** A passing rewrite under the coverage in this many sentences says the text loosely (see `onlyMissing`). */
const LOOSE_SENTENCES = 3;
/**
 * A repaired answer that still leaves out sentences holding more than this share of the text's words, when they
 * cannot be put back, is set aside: it says too little of the text to be delivered as a rewrite of it.
 */
export const MAX_LEFT_OUT_SHARE = 0.4;

/** Spaces and blank lines left by removed sentences, tidied. */
const tidy = (t: string): string =>
  t
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

const words = (s: string): number => s.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/**
 * What a second opinion or the other drafts found: an answer sentence that says something different (its index, or
 * with the drift and reason the other drafts give), or a sentence of the user's the answer leaves out
 * (`{ original }`, decision 0067), which is put back where it stood.
 */
export type Dispute = number | { answer: number; drift: Drift; detail: string } | { original: number };

/** Why a sentence the second opinion found left out was put back. */
export const LEFT_OUT_DETAIL = 'a second check found that the rewrite left this sentence out';

/** Judge an answer and, when only sentences fail, return it repaired. */
export function judgeAndRepair(
  original: string,
  answer: string,
  mode: 'deep' | 'lightning' = 'deep',
  spans: readonly string[] = [],
  depth = 0,
  alreadyRestored = 0,
  /**
   * Answer sentences found to say something different by a second opinion (an index) or by the other drafts
   * (a contest, with its reason): they fail like any other. A sentence of the text the second opinion found left
   * out (`{ original }`) is put back where it stood.
   */
  disputed: readonly Dispute[] = [],
  /**
   * For an answer that passes as a whole: put back only the sentences it leaves out entirely (reached by no
   * answer sentence, or whose words are nowhere in it), not those it says loosely.
   */
  onlyMissing = false,
  /**
   * How much is repaired: 0 everything; 1 not the sentences said only thinly; 2 not the soft failures either
   * (`SOFT_DRIFTS`). Each step is tried when repairing more would set the answer aside.
   */
  level: 0 | 1 | 2 = 0,
): Repaired {
  const judge = (text: string): Faithfulness => {
    const r = checkFaithful(original, text, mode, spans);
    return level === 2 ? withoutSoft(r) : r;
  };
  const first = judge(answer);
  const extra = disputed.flatMap((d) => {
    if (typeof d === 'object' && 'original' in d)
      return d.original >= 0 && d.original < first.originalSentences.length
        ? [{ answer: -1, original: [d.original], drift: 'disputed' as const, detail: LEFT_OUT_DETAIL }]
        : [];
    const f =
      typeof d === 'number'
        ? {
            answer: d,
            drift: 'disputed' as Drift,
            detail: 'a second check found that the sentence says something different',
          }
        : d;
    return f.answer >= 0 && f.answer < first.answerSentences.length
      ? [{ ...f, original: first.alignment[f.answer] ?? [] }]
      : [];
  });
  const j: Faithfulness =
    extra.length === 0
      ? first
      : {
          ...first,
          ok: false,
          drift: first.drift ?? extra[0]?.drift ?? 'disputed',
          detail: first.detail ?? extra[0]?.detail,
          failures: [...first.failures, ...extra],
        };
  // Sentences said only thinly are put back with the rest, unless that would set the answer aside (soft).
  const thin = level > 0 || onlyMissing ? [] : j.thin;
  const softer = thin.length > 0 ? 1 : j.failures.some((f) => SOFT_DRIFTS.includes(f.drift)) ? 2 : 0;
  const hasSoft = softer > level;
  if (j.ok && j.dropped.length === 0 && thin.length === 0 && j.failures.length === 0)
    return { ok: true, text: answer, repairs: [], judgement: j };
  // Sentences the answer left out are put back where they were: when it left out too much to pass, and when it
  // passes but a sentence of the user's is still missing (a rewrite never loses one in silence). Any other
  // failure of the whole answer (unrelated, most of it invented, far too long or short) leaves nothing worth
  // keeping.
  const aligned = new Set(j.alignment.flat());
  const notAligned = [...new Set([...j.dropped, ...j.unreached.filter((i) => !aligned.has(i))])];
  // A rewrite that stops early or leaves a long gap, though every sentence is covered loosely: the sentences it
  // reaches with no answer sentence of their own are what is missing.
  const leftOut =
    j.drift === 'dropped'
      ? [...(notAligned.length > 0 ? notAligned : j.unreached)].sort((a, b) => a - b)
      : j.ok
        ? j.dropped.filter((i) => !onlyMissing || j.unreached.includes(i) || j.missing.includes(i))
        : [];
  const thinOut = thin.filter((i) => !leftOut.includes(i));
  if (j.ok && leftOut.length === 0 && thin.length === 0 && j.failures.length === 0)
    return { ok: true, text: answer, repairs: [], judgement: j };
  const wholeFailure = !j.ok && !SENTENCE_DRIFTS.includes(j.drift as Drift) && leftOut.length === 0;
  if (wholeFailure) return { ok: false, reason: j.detail ?? String(j.drift), drift: j.drift as Drift, judgement: j };
  const orig = original.replace(/\r\n/g, '\n');
  const ans = answer.replace(/\r\n/g, '\n');
  const oS = j.originalSentences;
  const aS = j.answerSentences;

  // Which answer sentences go, which original sentences come back, and where.
  const remove = new Set<number>();
  const restoreAt = new Map<number, Set<number>>(); // answer sentence index (insert before; aS.length = end) → originals
  const restoredOriginals = new Set<number>();
  const repairs: Repair[] = [];
  /** Where an original sentence goes back: after the last answer sentence that follows an earlier one. */
  const placeOf = (i: number): number => {
    let at = 0;
    j.similarity.forEach((row, k) => {
      const best = row.reduce((b, x, idx) => (x > (row[b] ?? 0) ? idx : b), 0);
      if ((row[best] ?? 0) > 0 && best < i) at = Math.max(at, k + 1);
    });
    return at;
  };
  /**
   * In the text's order: a sentence put back goes before the model sentences just ahead of its place that say
   * only what comes after it in the text (a model that moved "She bakes…" before "Maria Lopez opened…" would
   * otherwise leave the pronoun before the name it refers to).
   */
  const inTextOrder = (at: number, last: number): number => {
    let to = at;
    while (to > 0) {
      const al = j.alignment[to - 1] ?? [];
      if (!remove.has(to - 1) && !(al.length > 0 && al.every((i) => i > last))) break;
      to--;
    }
    return to;
  };
  const failing = new Set(j.failures.map((f) => f.answer).filter((k) => k >= 0));
  /**
   * The original sentences a failing answer sentence answers for: the one it follows most closely, and any
   * other it is aligned with that no sound answer sentence also covers (a merge keeps the rest elsewhere).
   */
  const responsible = (f: Faithfulness['failures'][number]): number[] => {
    if (f.answer < 0 || f.original.length < 2) return f.original;
    const row = j.similarity[f.answer] ?? [];
    const best = f.original.reduce((b, i) => ((row[i] ?? 0) > (row[b] ?? 0) ? i : b), f.original[0] as number);
    return f.original.filter(
      (i) => i === best || !j.alignment.some((is, k) => k !== f.answer && !failing.has(k) && is.includes(i)),
    );
  };
  const failures = [
    ...j.failures,
    ...leftOut.map((i) => ({
      drift: 'dropped' as const,
      detail: 'part of your text was left out',
      answer: -1,
      original: [i],
      rule: 'coverage.left-out',
    })),
    ...thinOut.map((i) => ({
      drift: 'dropped' as const,
      detail: 'part of a sentence was left out',
      answer: -1,
      original: [i],
      rule: 'coverage.thinly-said',
    })),
  ];
  for (const f of failures) {
    if (f.answer >= 0 && remove.has(f.answer) && f.drift !== 'quote') continue;
    if (f.drift === 'invented' && f.answer >= 0) {
      remove.add(f.answer);
      repairs.push({
        drift: f.drift,
        detail: f.detail,
        restored: 0,
        sentences: [],
        ...(f.rule ? { rule: f.rule } : {}),
      });
      continue;
    }
    const answersFor = responsible(f);
    const originals = answersFor.filter((i) => !restoredOriginals.has(i));
    // Every answer sentence aligned only with the originals put back goes with them (a split sentence, or the
    // loose rewrite of a sentence that left part of it out: kept, it would say the same thing twice); one that
    // covers an original of a merge that is not put back stays.
    const looseOnly: number[] = [];
    if (f.answer >= 0) remove.add(f.answer);
    j.alignment.forEach((is, k) => {
      if (is.length > 0 && is.every((i) => answersFor.includes(i))) {
        if (f.answer < 0 && !remove.has(k)) looseOnly.push(k);
        remove.add(k);
      }
    });
    if (originals.length === 0) {
      repairs.push({
        drift: f.drift,
        detail: f.detail,
        restored: 0,
        sentences: [],
        ...(f.rule ? { rule: f.rule } : {}),
      });
      continue;
    }
    const at = inTextOrder(
      f.answer >= 0
        ? Math.min(f.answer, ...[...remove].filter((k) => (j.alignment[k] ?? []).some((i) => originals.includes(i))))
        : looseOnly.length > 0
          ? Math.min(...looseOnly)
          : placeOf(Math.min(...originals)),
      Math.max(...originals),
    );
    const set = restoreAt.get(at) ?? new Set<number>();
    for (const i of originals) {
      set.add(i);
      restoredOriginals.add(i);
    }
    restoreAt.set(at, set);
    repairs.push({
      ...(f.rule ? { rule: f.rule } : {}),
      drift: f.drift,
      detail: f.detail,
      restored: originals.length,
      sentences: originals.map((i) => oS[i]?.text ?? '').filter(Boolean),
    });
  }
  const restoredWords = [...restoredOriginals].reduce((s, i) => s + words(oS[i]?.text ?? ''), 0);
  if (alreadyRestored + restoredWords > MAX_RESTORED_SHARE * words(orig)) {
    // A rewrite that passes as a whole (it reaches the end, leaves no long gap and keeps the content) but says
    // many sentences of the text loosely: rather than set it aside, put back only what it leaves out entirely.
    // One or two sentences under the coverage are more likely a part left out than a loose style.
    if (j.ok && !onlyMissing && extra.length === 0 && leftOut.length >= LOOSE_SENTENCES)
      return judgeAndRepair(original, answer, mode, spans, depth, alreadyRestored, disputed, true, level);
    if (hasSoft)
      return judgeAndRepair(original, answer, mode, spans, depth, alreadyRestored, disputed, onlyMissing, softer);
    return {
      ok: false,
      reason: `most sentences failed (${j.detail ?? 'part of your text was left out'})`,
      drift: j.drift ?? 'dropped',
      judgement: j,
    };
  }

  // Rebuild the answer: sentences kept in place, originals inserted where they were aligned.
  let out = '';
  let pos = 0;
  const insert = (k: number): string => {
    const set = restoreAt.get(k);
    if (!set) return '';
    return [...set]
      .sort((a, b) => a - b)
      .map((i) => oS[i]?.text ?? '')
      .join(' ');
  };
  aS.forEach((s, k) => {
    out += ans.slice(pos, s.start);
    const ins = insert(k);
    if (remove.has(k)) out += ins;
    else out += ins ? `${ins} ${s.text}` : s.text;
    pos = s.end;
  });
  const tail = insert(aS.length);
  out += ans.slice(pos);
  if (tail) out = `${out.trimEnd()} ${tail}`;
  out = tidy(out);
  if (!out) return { ok: false, reason: 'nothing left after repair', drift: j.drift as Drift, judgement: j };
  // The repaired text must pass as a whole; sentences written as the user wrote them always align.
  // Sentences put back can change how the rest aligns: judge again, and repair once more if needed.
  const again = judge(out);
  if (again.ok) {
    const text = withoutRepeats(orig, out, again, restoredOriginals, mode, spans);
    // Sentences of the user's that the repaired text still leaves out (an answer set aside for an invented or
    // changed sentence can also have dropped others): put back too, as for an answer that passes whole. If that
    // would put back too much, the repair so far stands, unless what it leaves out is more than
    // MAX_LEFT_OUT_SHARE of the text (decision 0061).
    if (depth < 2 && again.dropped.length > 0) {
      const next = judgeAndRepair(orig, text, mode, spans, depth + 1, alreadyRestored + restoredWords, [], false, 1);
      if (next.ok) return { ok: true, text: next.text, repairs: [...repairs, ...next.repairs], judgement: j };
      // They cannot all come back: a text that still leaves out that much of the user's is no rewrite of it.
      const lost = again.dropped.reduce((n, i) => n + words(again.originalSentences[i]?.text ?? ''), 0);
      if (lost > MAX_LEFT_OUT_SHARE * words(orig))
        return { ok: false, reason: 'part of your text was left out', drift: 'dropped', judgement: again };
    }
    return { ok: true, text, repairs, judgement: j };
  }
  // The answer passed and only had sentences the user wrote put back, word for word: they cannot change what it
  // says, however the alignment reads the longer text.
  if (j.ok) return { ok: true, text: out, repairs, judgement: j };
  if (depth < 2 && (SENTENCE_DRIFTS.includes(again.drift as Drift) || again.drift === 'dropped')) {
    const next = judgeAndRepair(orig, out, mode, spans, depth + 1, alreadyRestored + restoredWords, [], false, level);
    if (next.ok) return { ok: true, text: next.text, repairs: [...repairs, ...next.repairs], judgement: j };
  }
  // Repairing the soft failures too broke the answer: leave them as written and repair the rest.
  if (hasSoft)
    return judgeAndRepair(original, answer, mode, spans, depth, alreadyRestored, disputed, onlyMissing, softer);
  return {
    ok: false,
    reason: `repair did not hold (${again.detail ?? ''})`,
    drift: again.drift as Drift,
    judgement: again,
  };
}

/**
 * The repaired text without a model sentence that only restates a sentence put back as the user wrote it (the
 * final alignment can pair them where the first one did not), or says it again while merging a neighbour in:
 * kept, the text would say the same thing twice. A sentence goes only when the text still passes without it.
 */
export function withoutRepeats(
  original: string,
  text: string,
  j: Faithfulness,
  restored: ReadonlySet<number>,
  mode: 'deep' | 'lightning',
  spans: readonly string[],
): string {
  const restoredText = new Set([...restored].map((i) => j.originalSentences[i]?.text.trim() ?? ''));
  // The originals this repair put back, found word for word in the text.
  const inText = new Set(j.answerSentences.map((a) => a.text.trim()));
  const copied = new Set(
    j.originalSentences.map((o, i) => (inText.has(o.text.trim()) && restoredText.has(o.text.trim()) ? i : -1)),
  );
  copied.delete(-1);
  if (copied.size === 0) return text;
  /** Aligned with a sentence put back alone: it can only restate it. */
  const alone = (k: number): boolean => {
    const al = j.alignment[k] ?? [];
    return al.length === 1 && copied.has(al[0] as number) && (j.similarity[k]?.[al[0] as number] ?? 0) >= REPEAT_SIM;
  };
  /** Closest to a sentence put back, and close enough to say it again (a merge may say a neighbour too). */
  const restates = (k: number): boolean => {
    const row = j.similarity[k] ?? [];
    const best = row.reduce((b, x, i) => (x > (row[b] ?? 0) ? i : b), 0);
    return copied.has(best) && (row[best] ?? 0) >= RESTATE_SIM;
  };
  const model = j.answerSentences.map((a, k) => ({ a, k })).filter(({ a }) => !restoredText.has(a.text.trim()));
  // The wider set first; when the text no longer passes without it (a merge said a neighbour only there), the
  // sentences aligned with a sentence put back alone.
  const wide = model.filter(({ k }) => alone(k) || restates(k));
  for (const drop of [wide, model.filter(({ k }) => alone(k))]) {
    if (drop.length === 0) continue;
    let out = '';
    let pos = 0;
    for (const { a } of drop) {
      out += text.slice(pos, a.start);
      pos = a.end;
    }
    out = tidy(out + text.slice(pos));
    const r = out ? withoutSoft(checkFaithful(original, out, mode, spans)) : null;
    // Taking out a sentence that merged a neighbour in must not leave that neighbour unsaid.
    if (r?.ok && (drop !== wide || r.dropped.length <= j.dropped.length)) return out;
  }
  return text;
}

/** Similarity at which a model sentence aligned with one sentence put back only restates it. */
const REPEAT_SIM = 0.2;
/** Similarity at which a model sentence closest to a sentence put back says it again, whatever else it merges. */
const RESTATE_SIM = 0.5;

/** What the repairs did, in counts a note can say without reading the engine's words. */
export interface RepairCounts {
  /** Sentences of the original put back as the user wrote them. */
  kept: number;
  /** Sentences the model added that were taken out. */
  removed: number;
  /** Why the sentences put back were put back, each once, at most three ("a number changed"). */
  reasons: string[];
  /** Every sentence put back had been left out by the rewrite: none of them changed a fact. */
  leftOut: boolean;
}

const reasonOf = (r: Repair): string => r.detail.replace(/ \(.*\)$/, '').replace(/ \("[^"]*"[^)]*\)/, '');

export function countRepairs(repairs: Repair[]): RepairCounts {
  const putBack = repairs.filter((r) => r.restored > 0);
  return {
    kept: putBack.reduce((s, r) => s + r.restored, 0),
    removed: repairs.filter((r) => r.restored === 0 && r.drift === 'invented').length,
    reasons: [...new Set(putBack.map(reasonOf))].slice(0, 3),
    leftOut: putBack.length > 0 && putBack.every((r) => r.drift === 'dropped'),
  };
}

/** Each sentence put back as the user wrote it, with why and the rule that found it (for the meaning report). */
export function putBackOf(repairs: readonly Repair[]): PutBack[] {
  return repairs.flatMap((r) => r.sentences.map((sentence) => ({ sentence, why: reasonOf(r), rule: r.rule ?? null })));
}

/** "2 sentences kept as written: a number changed; a name changed." */
export function describeRepairs(repairs: Repair[]): string {
  if (repairs.length === 0) return '';
  const { kept, removed } = countRepairs(repairs);
  const why = [...new Set(repairs.map(reasonOf))].slice(0, 3);
  const parts: string[] = [];
  if (kept > 0) parts.push(`${kept} sentence${kept === 1 ? '' : 's'} kept as written`);
  if (removed > 0) parts.push(`${removed} added sentence${removed === 1 ? '' : 's'} removed`);
  return `${parts.join(', ')}: ${why.join('; ')}`;
}
