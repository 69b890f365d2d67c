// Public API of the built-in AI-likeness detector. Keep these signatures stable: the humanizer,
// the server and the web app code against them.
import { detectWith, scoreFamiliesWith, scoreWith, type Detection, type SentenceScore } from './core.ts';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultWeightsDir, loadDetectorFrom } from './io.ts';
import { FAMILIES, type Detector } from './model.ts';
import { reviewDetection } from './review.ts';
import { splitSentences as split } from './text.ts';
import { reliabilityOf, type Reliability } from './reliability.ts';

export type { Detection, SentenceScore };
export {
  composition,
  decideVerdict,
  VERDICT_THRESHOLDS,
  type Composition,
  type DocVerdict,
  type VerdictStats,
  type VerdictThresholds,
} from './verdict.ts';
export { sentencesBackFlag } from './review.ts';

export {
  countWords,
  isEmailLike,
  SHORT_TEXT_WORDS,
  type KindFigures,
  type Reliability,
  type ReliabilityKind,
  type ReliabilityReason,
} from './reliability.ts';

export const FAMILY_NAMES: readonly string[] = Object.freeze([...FAMILIES]);

let detector: Detector | null = null;
let version: string | null = null;

/** The weights folder: DETECTOR_WEIGHTS_DIR when set (operators, tests), else the shipped weights. */
function weightsDir(): string {
  return process.env.DETECTOR_WEIGHTS_DIR || defaultWeightsDir();
}

/** Loads the weights now instead of on the first call (idempotent). Throws naming the file that failed. */
export function loadDetector(): void {
  if (detector) return;
  const dir = weightsDir();
  try {
    detector = loadDetectorFrom(dir);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const file = err.path ?? join(dir, 'manifest.json');
    throw new Error(`The detector's weights could not be loaded from ${file}: ${err.message}`, { cause: e });
  }
}

/**
 * The shipped weights' version: the first 12 hex digits of a SHA-256 over every weights file (name and
 * bytes, in name order), so two servers report the same version exactly when they score alike.
 */
export function detectorVersion(): string {
  if (version) return version;
  const dir = weightsDir();
  const h = createHash('sha256');
  for (const f of readdirSync(dir)
    .filter((f) => f !== 'report.json')
    .sort()) {
    h.update(f);
    h.update(readFileSync(join(dir, f)));
  }
  return (version = h.digest('hex').slice(0, 12));
}

function get(): Detector {
  loadDetector();
  return detector!;
}

/**
 * Scores a text: 0-100 (integer), flagged above the 1% false-positive threshold, with per-sentence scores. The
 * sentences are reviewed (review.ts): flagged only on named evidence, with reasons that name the words.
 */
export function detect(text: string): Detection {
  const det = get();
  return reviewDetection(det, detectWith(det, text));
}

/** The document's score and flag only (the same as detect's), skipping the per-sentence scores. */
export function detectScore(text: string): { score: number; flagged: boolean } {
  return scoreWith(get(), text);
}

/** Ensemble score 0-100 (not rounded to an integer) with the named families held out. */
export function scoreFamilies(text: string, exclude: string[] = []): number {
  return scoreFamiliesWith(get(), text, exclude);
}

export function splitSentences(text: string): { text: string; start: number; end: number }[] {
  return split(typeof text === 'string' ? text : '');
}

/**
 * How far the detector's verdict on `text` can be trusted, from its length and form (decision 0057). Cheap (no
 * scoring) and stable; read it next to `detect()` to say "hard to judge" instead of accusing.
 *
 * - `words`: words as people count them (`countWords`).
 * - `kind`: `'too_short'` (under 8 words: not scored, `detect()` gives 0), `'short'` (under `SHORT_TEXT_WORDS` = 80
 *   words), `'email'` (80+ words with a greeting line such as "Hi Sam," or a sign-off line such as "Best," near the
 *   end: emails, letters, messages), else `'general'`.
 * - `emailLike`: the greeting/sign-off test on its own, whatever the length (a short email is `'short'` and `emailLike`).
 * - `hardToJudge`: true when the figures measured for this kind on held-out folds of the training corpus (shipped in
 *   the weights' manifest) show more than 1% of its human texts flagged, less than half of its AI texts flagged, an
 *   AUROC under 0.9, or fewer than 50 human texts to measure it on; always true for `'too_short'`, never for
 *   `'general'`.
 * - `reason`: `'too_short' | 'short_text' | 'email_like'` when `hardToJudge`, else null.
 * - `measured`: those figures for the kind (`{ humans, humansFlagged, ai, aiFlagged, auroc }`), or null.
 */
export function textReliability(text: string): Reliability {
  return reliabilityOf(typeof text === 'string' ? text : '', get().reliability);
}
