import { describe, expect, it } from 'vitest';
import { detect } from './index.ts';
import {
  composition,
  decideVerdict,
  HUMAN_PART_AT,
  machineShare,
  VERDICT_THRESHOLDS,
  type VerdictStats,
} from './verdict.ts';

const st = (aiWords: number, mixedWords: number, humanWords: number, run = aiWords): VerdictStats => ({
  aiWords,
  mixedWords,
  humanWords,
  run,
});

describe('the document verdict', () => {
  it('composition is whole percents of the scored words that sum to 100', () => {
    expect(composition(st(1, 1, 1))).toEqual({ ai: 33, mixed: 33, human: 34 });
    expect(composition(st(0, 0, 0))).toEqual({ ai: 0, mixed: 0, human: 100 });
    for (const s of [st(7, 0, 3), st(2, 5, 9), st(1, 0, 0)]) {
      const c = composition(s);
      expect(c.ai + c.mixed + c.human).toBe(100);
    }
  });

  it('a flagged document is never human; a machine-like share decides AI against mixed', () => {
    const t = { mixedAt: 0.3, aiAt: 0.6, aiAtUnflagged: 0.9, runAt: 0.4 };
    // Flagged as a whole with no flagged sentence: no part of it is machine-written, so it is not "mixed".
    expect(decideVerdict(st(0, 0, 100), true, t)).toBe('ai');
    expect(decideVerdict(st(70, 0, 30), true, t)).toBe('ai');
    expect(decideVerdict(st(70, 0, 30), false, t)).toBe('mixed');
    expect(decideVerdict(st(95, 0, 5), false, t)).toBe('ai');
    expect(decideVerdict(st(0, 40, 60), false, t)).toBe('human');
    expect(machineShare(st(0, 40, 60))).toBeCloseTo(0.2);
    // One long machine-written stretch makes a text mixed even when most of it reads human.
    expect(decideVerdict(st(25, 0, 75, 25), false, { ...t, runAt: 0.2 })).toBe('mixed');
    expect(decideVerdict(st(25, 0, 75, 5), false, { ...t, runAt: 0.2 })).toBe('human');
  });

  it('follows the sentences: "mixed" needs a flagged sentence and a human part; no human part is machine-written', () => {
    const t = VERDICT_THRESHOLDS;
    // The stock cover letter of issue 57: flagged, a third of it in flagged sentences, none (or a sliver) human.
    expect(decideVerdict(st(34, 66, 0), true, t)).toBe('ai');
    expect(decideVerdict(st(34, 55, 11), true, t)).toBe('ai');
    // With a human part of a fifth or more and a flagged sentence, it is mixed.
    expect(decideVerdict(st(34, 46, 20), true, t)).toBe('mixed');
    expect(HUMAN_PART_AT).toBe(0.2);
    // Some signs everywhere but no flagged sentence: never "part of it reads as machine-written".
    expect(decideVerdict(st(0, 80, 20), true, t)).toBe('ai');
    expect(decideVerdict(st(0, 90, 10), false, t)).toBe('human');
    // Every sentence machine-like, flagged ones holding half the words: machine-written even unflagged.
    expect(decideVerdict(st(50, 50, 0), false, t)).toBe('ai');
    expect(decideVerdict(st(30, 70, 0), false, t)).toBe('mixed');
    // A human text with one flagged sentence is not called mixed on it unless the text's figures say so.
    expect(decideVerdict(st(5, 10, 85, 5), false, t)).toBe('human');
    for (const s of [st(0, 0, 100), st(20, 0, 80), st(0, 100, 0), st(60, 20, 20), st(10, 85, 5), st(40, 40, 20)])
      for (const flagged of [true, false]) {
        const v = decideVerdict(s, flagged, t);
        const total = s.aiWords + s.mixedWords + s.humanWords;
        if (v === 'mixed') {
          expect(s.aiWords).toBeGreaterThan(0);
          expect(s.humanWords / total).toBeGreaterThanOrEqual(HUMAN_PART_AT);
        }
        if (flagged) expect(v).not.toBe('human');
      }
  });

  it('detect() gives the verdict and composition of the shipped thresholds from its own sentence scores', () => {
    const ai =
      'In conclusion, it is important to note that technology plays a pivotal role in fostering a culture of innovation. ' +
      'Moreover, leveraging these tools can significantly enhance productivity and streamline workflows in an ever-evolving landscape. ' +
      'Furthermore, this rich tapestry of ideas serves as a testament to the transformative power of collaboration.';
    const human =
      "We got to the campsite late, which was my fault, because I'd insisted on stopping for pie. The pie was fine. " +
      'Not worth two hours of setting up a tent by headlamp, though, and Marcus let me know it more than once.';
    for (const text of [ai, human, `${human} ${ai}`]) {
      const d = detect(text);
      expect(d.composition).toEqual(composition(d.stats));
      expect(d.verdict).toBe(decideVerdict(d.stats, d.flagged, VERDICT_THRESHOLDS));
      const words = d.stats.aiWords + d.stats.mixedWords + d.stats.humanWords;
      expect(d.stats.aiWords).toBe(
        d.sentences.filter((s) => s.flagged).reduce((n, s) => n + (s.text.match(/[A-Za-z]+/g) ?? []).length, 0),
      );
      expect(words).toBeGreaterThan(0);
    }
    expect(detect(ai).verdict).toBe('ai');
    expect(detect(human).verdict).toBe('human');
  });
});
