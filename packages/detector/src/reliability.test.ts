import { describe, expect, it } from 'vitest';
import { countWords, hardFromFigures, isEmailLike, reliabilityOf, type KindFigures } from './reliability.ts';
import { SHORT_TEXT_WORDS, detect, detectScore, textReliability } from './index.ts';
import { loadDetectorFrom } from './io.ts';
import { scoreWith } from './core.ts';
import { FAMILIES, lengthShift, subsetKey } from './model.ts';

// Written for these tests.
const EMAIL = `Hi Marta,

Thanks for sending the figures over so quickly. I went through them last night and the totals for March look right to me, but the travel line seems to count the Lisbon trip twice. Could you check it before Friday? If it is a mistake on my side, no problem at all, I will fix the sheet myself.

I am also happy to move our call to Thursday afternoon if that suits you better, since I will be out on Wednesday morning.

Best,
Jonas`;
const NOTE = 'I will bring the ladder back on Thursday, I promise. Tell Sam the paint is in the shed.';
const ESSAY = `Cities that plant trees along their streets tend to be cooler in summer, and the effect is larger than most people expect. A street with a full canopy can be several degrees cooler at noon than a bare one a block away, which matters for people who walk to work or wait for a bus. The trees also slow rain on its way to the drains, so storms flood fewer basements. None of this is free: roots lift pavements, leaves block gutters, and a young tree needs water for years before it gives much shade. Still, when a city counts what it spends on heat and floods, the trees usually pay for themselves within a decade or two.`;

const good: KindFigures = { humans: 400, humansFlagged: 2, ai: 300, aiFlagged: 240, auroc: 0.97 };
const leaky: KindFigures = { humans: 400, humansFlagged: 12, ai: 300, aiFlagged: 240, auroc: 0.95 };

describe('countWords and isEmailLike', () => {
  it('count words as people do and find greetings and sign-offs', () => {
    expect(countWords('Hello there, 3 cats -- and a dog.')).toBe(7);
    expect(countWords('')).toBe(0);
    expect(isEmailLike(EMAIL)).toBe(true);
    expect(isEmailLike('Dear Dr. Okafor, I am writing about the lab schedule for next term.')).toBe(true);
    expect(isEmailLike('The report is attached.\nLet me know what you think.\nThanks,\nPriya')).toBe(true);
    expect(isEmailLike(ESSAY)).toBe(false);
    expect(isEmailLike('Hi-fi speakers sound better in a small room than most people think.')).toBe(false);
    expect(isEmailLike(NOTE)).toBe(false);
  });
});

describe('reliabilityOf', () => {
  it('calls too few words to score hard to judge', () => {
    const r = reliabilityOf('See you soon.', { short: good });
    expect(r).toMatchObject({ kind: 'too_short', hardToJudge: true, reason: 'too_short', measured: null });
  });

  it('follows the measured figures for short texts', () => {
    expect(countWords(NOTE)).toBeLessThan(SHORT_TEXT_WORDS);
    expect(reliabilityOf(NOTE, { short: leaky })).toMatchObject({
      kind: 'short',
      hardToJudge: true,
      reason: 'short_text',
      measured: leaky,
    });
    expect(reliabilityOf(NOTE, { short: good })).toMatchObject({ kind: 'short', hardToJudge: false, reason: null });
    // Nothing measured: not trusted.
    expect(reliabilityOf(NOTE, {})).toMatchObject({ hardToJudge: true, reason: 'short_text', measured: null });
  });

  it('calls emails hard to judge unless enough human emails were measured and kept under the flag', () => {
    expect(countWords(EMAIL)).toBeGreaterThanOrEqual(SHORT_TEXT_WORDS);
    expect(reliabilityOf(EMAIL, {})).toMatchObject({
      kind: 'email',
      emailLike: true,
      hardToJudge: true,
      reason: 'email_like',
    });
    expect(reliabilityOf(EMAIL, { email: { ...good, humans: 30, humansFlagged: 0 } }).hardToJudge).toBe(true);
    expect(reliabilityOf(EMAIL, { email: good })).toMatchObject({ kind: 'email', hardToJudge: false, reason: null });
  });

  it('leaves other texts alone', () => {
    expect(reliabilityOf(ESSAY, {})).toMatchObject({
      kind: 'general',
      emailLike: false,
      hardToJudge: false,
      reason: null,
    });
  });

  it('reads every failing figure', () => {
    expect(hardFromFigures(good)).toBe(false);
    expect(hardFromFigures(leaky)).toBe(true);
    expect(hardFromFigures({ ...good, aiFlagged: 100 })).toBe(true);
    expect(hardFromFigures({ ...good, auroc: 0.85 })).toBe(true);
    expect(hardFromFigures({ ...good, auroc: NaN })).toBe(true);
    expect(hardFromFigures(undefined)).toBe(true);
  });
});

describe('textReliability with the shipped weights', () => {
  it('gives the same shape for any input and agrees with the text kind', () => {
    const r = textReliability(EMAIL);
    expect(r.kind).toBe('email');
    expect(typeof r.hardToJudge).toBe('boolean');
    expect(r.reason === null || r.reason === 'email_like').toBe(true);
    expect(textReliability(ESSAY)).toMatchObject({ kind: 'general', hardToJudge: false });
    expect(textReliability('ok')).toMatchObject({ kind: 'too_short', hardToJudge: true });
    expect(textReliability(undefined as unknown as string).kind).toBe('too_short');
  });
});

describe('the short-text margin', () => {
  it('lowers a short text only, and detect and detectScore agree', () => {
    const c = { threshold: 1, shortThreshold: 3 };
    expect(lengthShift(c, SHORT_TEXT_WORDS - 1)).toBe(2);
    expect(lengthShift(c, SHORT_TEXT_WORDS)).toBe(0);
    expect(lengthShift({ threshold: 1 }, 10)).toBe(0);
    expect(lengthShift({ threshold: 1, shortThreshold: 0.5 }, 10)).toBe(0);
    expect(detect(NOTE).score).toBe(detectScore(NOTE).score);
  });

  it('keeps a short text under the flag when its threshold is far above, a long one unchanged', () => {
    const det = loadDetectorFrom();
    const short = `${ESSAY.split('. ').slice(0, 3).join('. ')}.`;
    expect(countWords(short)).toBeLessThan(SHORT_TEXT_WORDS);
    const longBefore = scoreWith(det, ESSAY);
    const key = subsetKey(FAMILIES);
    const cal = det.calibrations.get(key)!;
    det.calibrations.set(key, { ...cal, shortThreshold: cal.threshold + 1e3 });
    expect(scoreWith(det, short)).toEqual({ score: 0, flagged: false });
    expect(scoreWith(det, ESSAY)).toEqual(longBefore);
  });
});
