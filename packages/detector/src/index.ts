// Public API of the built-in AI-likeness detector. Keep these signatures stable: the humanizer,
// the server and the web app code against them.
import { detectWith, scoreFamiliesWith, scoreWith, type Detection, type SentenceScore } from './core.ts';
import { loadDetectorFrom } from './io.ts';
import { FAMILIES, type Detector } from './model.ts';
import { splitSentences as split } from './text.ts';

export type { Detection, SentenceScore };

export const FAMILY_NAMES: readonly string[] = Object.freeze([...FAMILIES]);

let detector: Detector | null = null;

/** Loads the weights now instead of on the first call (idempotent). */
export function loadDetector(): void {
  if (!detector) detector = loadDetectorFrom();
}

function get(): Detector {
  loadDetector();
  return detector!;
}

/** Scores a text: 0-100 (integer), flagged above the 1% false-positive threshold, with per-sentence scores. */
export function detect(text: string): Detection {
  return detectWith(get(), text);
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
