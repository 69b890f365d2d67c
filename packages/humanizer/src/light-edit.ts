import { wordCount } from './checks.ts';
import { detect, type Detection } from './detector.ts';
import { localHumanize, usedAlternatives } from './local/index.ts';
import { applyLocalStyle, localStyleSupport } from './local/style.ts';
import { keptIntact, keptOccurrences, withKept } from './protect.ts';
import { hash32 } from './rng.ts';
import type { HumanizeOptions, Mode } from './types.ts';

/**
 * The light edit, as a step of its own: the local clean-up of an English text with the writing options it can
 * honour and every frozen phrase kept, and its comparison with a model's rewrite (decision 0059).
 */

function localPass(
  text: string,
  mode: Mode,
  seed: number,
  secondPass: boolean,
  deadline: number,
  before: number,
  avoidText?: string,
  contractions = false,
): { text: string; note?: string; detection?: Detection } {
  if (!secondPass) return localHumanize(text, mode, { seed, deadline, contractions });
  const first = localHumanize(text, mode, { seed, deadline, contractions }).text;
  const avoidAlts = usedAlternatives(text, seed);
  // Lightning keeps its promise on the second pass too: a different rewrite, but never a worse score.
  const acceptable = (out: string): Detection | null => {
    if (out === first || out === avoidText) return null;
    const d = detect(out);
    return mode === 'lightning' && d.score > before ? null : d;
  };
  // Try a few derived seeds; Deep additionally steers away from the first pass's sentences.
  // Lightning last tries Deep's edit once.
  const attempts: { mode: Mode; seed: number }[] = [1, 2, 3, 4].map((k) => ({
    mode,
    seed: hash32(seed, 'second', k),
  }));
  if (mode === 'lightning') attempts.push({ mode: 'deep', seed: hash32(seed, 'second') });
  for (const a of attempts) {
    const out = localHumanize(text, a.mode, { seed: a.seed, avoidAlts, avoidText: first, deadline, contractions }).text;
    const d = acceptable(out);
    if (d) return { text: out, detection: d };
  }
  if (mode === 'lightning' && detect(first).score > before)
    return { text, note: 'no different rewrite kept the score; text left unchanged' };
  return { text: first, note: 'no different rewrite was found for this text' };
}

/**
 * The light edit of the same text (same seed, mode and options as the local path), scored, when the model's
 * rewrite does not score lower than it in whole percents; null when the model's rewrite is to be delivered.
 * A light edit that does not lower the text's score is delivered as the text itself, at the text's score.
 * A light edit that fails is no reason to withhold the model's rewrite (null).
 */
export function compareWithLightEdit(
  text: string,
  mode: Mode,
  seed: number,
  opts: HumanizeOptions,
  keep: readonly string[],
  before: number,
  modelScore: number,
): { edit: LightEdit; score: number } | null {
  let edit: LightEdit;
  try {
    edit = lightEdit(text, mode, seed, opts, keep, before);
  } catch {
    return null;
  }
  let score = before;
  if (edit.text !== text) {
    const d = edit.detection ?? detect(edit.text);
    if (Math.round(d.score) < Math.round(before)) {
      score = d.score;
      edit = { ...edit, detection: d };
    } else {
      // The light edit does not lower the score: the text itself is what the model must beat.
      edit = {
        text,
        styleApplied: [],
        note: [edit.note, 'the light edit did not lower the score; text left unchanged'].filter(Boolean).join('; '),
      };
    }
  }
  return Math.round(modelScore) < Math.round(score) ? null : { edit, score };
}

/** What the light edit made of a text: the text to deliver, its detection when known, and what it did. */
export interface LightEdit {
  text: string;
  detection?: Detection;
  styleApplied: string[];
  note?: string;
}

/**
 * The light edit (the local clean-up) of an English text, as the local path delivers it: the clean-up, the
 * writing options it can honour, Lightning's promise never to score worse, and every frozen phrase kept.
 * The model path runs the same function with the same seed and options to compare its rewrite with it.
 */
export function lightEdit(
  text: string,
  mode: Mode,
  seed: number,
  opts: HumanizeOptions,
  keep: readonly string[],
  before: number | null,
): LightEdit {
  const deadline = Date.now() + Math.max(2000, Math.ceil(wordCount(text) / 500) * 1200);
  const r = withKept(keep, () =>
    localPass(
      text,
      mode,
      seed,
      opts.secondPass === true,
      deadline,
      before ?? 0,
      opts.avoidText,
      opts.writing ? localStyleSupport(opts.writing).contractions : false,
    ),
  );
  // The writing options the local clean-up can honour (contractions, plainer connectives), unless they
  // would touch a frozen phrase.
  const styledRaw = applyLocalStyle(r.text, opts.writing);
  const styled = keptIntact(text, styledRaw.text, keep) ? styledRaw : { text: r.text, applied: [] };
  let out = styled.text;
  let styleApplied = styled.applied;
  let note = r.note;
  let afterDet: Detection | undefined = styled.text === r.text ? r.detection : undefined;
  if (mode === 'lightning' && !opts.secondPass) {
    afterDet = detect(out);
    if (afterDet.score > (before ?? 0) && out !== r.text) {
      // The style edits made it read worse: keep the clean-up without them.
      out = r.text;
      styleApplied = [];
      afterDet = detect(out);
    }
    // Lightning promises never to make the score worse.
    if (afterDet.score > (before ?? 0)) {
      out = text;
      afterDet = undefined;
      styleApplied = [];
      note = [note, 'no rewrite lowered the score; text left unchanged'].filter(Boolean).join('; ');
    }
  }
  // A frozen phrase is never traded for a better score. Lines the clean-up does not mask (headings get
  // sentence case) are put back as written where they lost one; a rewrite that still lost one is not used.
  if (!keptIntact(text, out, keep)) {
    const repaired = restoreKeptLines(text, out, keep);
    if (repaired !== out && keptIntact(text, repaired, keep)) {
      out = repaired;
      afterDet = undefined;
    }
  }
  if (!keptIntact(text, out, keep)) {
    out = text;
    afterDet = undefined;
    styleApplied = [];
    note = [note, 'a rewrite changed a frozen phrase; text left unchanged'].filter(Boolean).join('; ');
  }
  return { text: out, detection: afterDet, styleApplied, note };
}

/**
 * When the rewrite kept the line structure, each output line that lost a frozen phrase its original line
 * holds gets the original line back (a heading re-cased around a kept name, say). Otherwise unchanged.
 */
function restoreKeptLines(original: string, out: string, keep: readonly string[]): string {
  const a = original.split('\n');
  const b = out.split('\n');
  if (a.length !== b.length) return out;
  return b
    .map((line, i) => {
      const was = a[i] ?? '';
      return keptIntact(was, line, keep) || keptOccurrences(was, keep).length === 0 ? line : was;
    })
    .join('\n');
}
