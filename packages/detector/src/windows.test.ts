// The sentence-window term is opt-in at training time (DETECTOR_WINDOWS=1); the shipped weights have none.
// These tests attach one by hand to the shipped families, so the run-time path is exercised for real.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectWith, scoreFamiliesWith, scoreWith } from './core.ts';
import { STYLO_NAMES } from './stylometry.ts';
import { defaultWeightsDir, loadDetectorFrom, saveDetector } from './io.ts';
import { calibrate, Detector, extract, FAMILIES, subsetKey, windowStats, WINDOW_STATS } from './model.ts';
import { DenseLR } from './scorers.ts';
import { LM_FEATURE_NAMES } from './lm.ts';
import { normalizeForFeatures, splitSentences } from './text.ts';

const AI_TEXT = `It is important to note that effective communication plays a crucial role in fostering collaboration. Moreover, it enhances productivity across diverse teams. Furthermore, by leveraging modern tools, organizations can streamline their workflows. Ultimately, embracing these practices is essential for long-term success.`;
const HUMAN_TEXT = `We got to the cabin late, around ten, and the heater was broken again. Dad swore at it for a while. I found two blankets in the closet that smelled like mothballs and gave one to my brother. Nobody slept much, but the pancakes in the morning made up for it.`;

function withWindows(): Detector {
  const base = loadDetectorFrom(defaultWeightsDir());
  const n = WINDOW_STATS.length;
  const lr = new DenseLR(
    new Float32Array(n),
    new Float32Array(n).fill(1),
    Float32Array.from([1.5, 0.2, 0.4, 0.3, 0.4, 0]),
    0,
  );
  const cals = new Map(base.calibrations);
  const all = subsetKey(FAMILIES);
  cals.set(all, { ...cals.get(all)!, windowWeight: 0.5 });
  return new Detector(
    base.ngram,
    base.skeleton,
    base.stylo,
    base.lmratio,
    base.casual,
    base.stylotrees,
    cals,
    base.sentenceCal,
    {
      weights: [0.5, 0.5, 0.5],
      lr,
    },
  );
}

const dir = mkdtempSync(join(tmpdir(), 'detector-windows-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sentence-window term', () => {
  it('summarises sentence logits by mean, spread, extremes, upper quartile and count', () => {
    expect(windowStats([])).toEqual([0, 0, 0, 0, 0, 0]);
    const s = windowStats([1, 3, -1, 5]);
    expect(s[0]).toBe(2);
    expect(s[1]).toBeCloseTo(Math.sqrt(5), 10);
    expect(s.slice(2, 5)).toEqual([5, -1, 5]);
    expect(s[5]).toBeCloseTo(Math.log(4), 10);
  });

  it('moves the document score, and detect, detectScore and the full-ensemble score agree on it', () => {
    const plain = loadDetectorFrom(defaultWeightsDir());
    const det = withWindows();
    let moved = 0;
    for (const t of [AI_TEXT, HUMAN_TEXT]) {
      const d = detectWith(det, t);
      expect(scoreWith(det, t)).toEqual({ score: d.score, flagged: d.flagged });
      const cal = det.calibrations.get(subsetKey(FAMILIES))!;
      const full = calibrate(cal, Detector.combine(cal, logitsOf(det, t)));
      expect(scoreFamiliesWith(det, t)).toBe(Math.round(full * 100) / 100);
      expect(d.score).toBe(d.flagged ? Math.max(50, Math.round(full)) : Math.min(49, Math.round(full)));
      if (detectWith(plain, t).score !== d.score) moved++;
      // Sentence highlights do not use the window term.
      expect(d.sentences).toEqual(detectWith(plain, t).sentences);
    }
    expect(moved).toBeGreaterThan(0);
  });

  it('is saved with the weights and loaded back with identical scores', () => {
    const det = withWindows();
    saveDetector(det, dir, { texts: 0, human: 0, ai: 0, files: [] }, { stylo: STYLO_NAMES, lm: LM_FEATURE_NAMES });
    const back = loadDetectorFrom(dir);
    expect(back.windows).not.toBeNull();
    expect(back.calibrations.get(subsetKey(FAMILIES))!.windowWeight).toBe(0.5);
    for (const t of [AI_TEXT, HUMAN_TEXT]) {
      expect(detectWith(back, t)).toEqual(detectWith(det, t));
      // Every family, the trees included, gives the same logit to the last digit.
      const x = extract(normalizeForFeatures(t));
      expect(back.familyLogits(x)).toEqual(det.familyLogits(x));
    }
  });
});

/** The document's family logits and window term, recomputed here independently of core.ts. */
function logitsOf(det: Detector, t: string): ReturnType<Detector['familyLogits']> & { windows: number } {
  const x = extract(normalizeForFeatures(t));
  const fls = splitSentences(t)
    .map((s) => normalizeForFeatures(s.text))
    .filter((sn) => (sn.match(/[A-Za-z]+/g) ?? []).length >= 4)
    .map((sn) => det.sentenceFamilyLogits(sn));
  return { ...det.familyLogits(x), windows: det.windowLogit(fls) };
}
