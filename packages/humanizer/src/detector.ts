import * as fallback from './fallback-detector.ts';

/**
 * The one door to @plainspoken/detector. It is loaded dynamically so the engine still runs, on a labelled
 * heuristic stand-in, in a checkout where the detector package is missing or broken.
 */
export type { Detection, SentenceScore } from './fallback-detector.ts';

interface DetectorApi {
  detect: typeof fallback.detect;
  detectScore?: (text: string) => { score: number; flagged: boolean };
  loadDetector: () => void;
  splitSentences: typeof fallback.splitSentences;
  scoreFamilies: (text: string, exclude?: string[]) => number;
  FAMILY_NAMES: readonly string[];
}

let api: DetectorApi = fallback;
export let detectorName: 'detector' | 'fallback' = 'fallback';

// A variable specifier keeps the type checker from requiring the package's sources to exist.
const DETECTOR_PKG = '@plainspoken/detector';
try {
  const mod = (await import(DETECTOR_PKG)) as Partial<DetectorApi>;
  if (typeof mod.detect === 'function' && typeof mod.scoreFamilies === 'function' && typeof mod.loadDetector === 'function' && Array.isArray(mod.FAMILY_NAMES)) {
    // Weights missing or unreadable: the stand-in is better than failing every rewrite.
    mod.loadDetector();
    api = mod as DetectorApi;
    detectorName = 'detector';
  }
} catch {
  // Missing or broken detector package: keep the stand-in.
}

function ensure(): void {
  // loadDetector is idempotent on both implementations.
  api.loadDetector();
}

export function detect(text: string): fallback.Detection {
  ensure();
  return api.detect(text);
}

/** The document score alone (the same number detect gives), when the sentence scores are not needed. */
export function detectScore(text: string): number {
  ensure();
  return api.detectScore ? api.detectScore(text).score : api.detect(text).score;
}

export function scoreFamilies(text: string, exclude?: string[]): number {
  ensure();
  return api.scoreFamilies(text, exclude);
}

export function familyNames(): readonly string[] {
  return api.FAMILY_NAMES;
}
