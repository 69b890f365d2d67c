// The fitting pipeline shared by the training script and the benchmarks: out-of-fold family scores, the stack,
// the threshold and calibration, and the final family fits.
import {
  Detector,
  FAMILIES,
  lengthShift,
  SENTENCE_FAMILIES,
  subsetKey,
  type Calibration,
  type DocLogits,
  type Family,
} from '../model.ts';
import { countWords, isEmailLike, SHORT_TEXT_WORDS, UNSCORED_WORDS, type ReliabilityFigures } from '../reliability.ts';
import { auroc } from './metrics.ts';
import { normalizeForFeatures, splitSentences } from '../text.ts';
import { trainingConfig } from './config.ts';
import { isNonNative, sampleWeights, type Prepared } from './corpus.ts';
import { familyLogits, fitFamilies } from './families-fit.ts';
import { allSubsets, fitMeta } from './stack.ts';
import { calibrationFrom, chooseThresholdRule, shortThresholdFor, thresholdFor, type RuleChoice } from './threshold.ts';

/** A document's family logits under a fitted detector (prepared features). */
export function docLogits(det: Detector, p: Prepared): DocLogits {
  return det.familyLogits({
    norm: '',
    tokens: [],
    ngram: p.ngram,
    skeleton: p.skeleton,
    stylo: p.stylo,
    lm: p.lm,
    skel: p.skel,
  });
}

export interface FitResult {
  detector: Detector;
  oof: DocLogits[];
  rule: RuleChoice;
}

/** The kind reliability.ts sorts a text into, for the figures behind it (unscored texts: none). */
export function kindOf(text: string): 'short' | 'email' | 'general' | null {
  const n = countWords(text);
  if (n < UNSCORED_WORDS) return null;
  if (n < SHORT_TEXT_WORDS) return 'short';
  return isEmailLike(text) ? 'email' : 'general';
}

/**
 * Figures per kind of text (short, email-like, the rest) from ensemble logits already lowered by the short-text
 * margin, at `threshold`: what reliability.ts reads to say whether a kind can be judged.
 */
export function reliabilityFigures(
  logits: readonly number[],
  ys: readonly number[],
  texts: readonly string[],
  threshold: number,
): ReliabilityFigures {
  const out: ReliabilityFigures = {};
  for (const kind of ['short', 'email', 'general'] as const) {
    const idx = texts.map((_, i) => i).filter((i) => kindOf(texts[i]!) === kind);
    if (!idx.length) continue;
    const hu = idx.filter((i) => !ys[i]);
    const ai = idx.filter((i) => ys[i]);
    out[kind] = {
      humans: hu.length,
      humansFlagged: hu.filter((i) => logits[i]! >= threshold).length,
      ai: ai.length,
      aiFlagged: ai.filter((i) => logits[i]! >= threshold).length,
      auroc:
        hu.length && ai.length
          ? auroc(
              idx.map((i) => logits[i]!),
              idx.map((i) => ys[i]!),
            )
          : NaN,
    };
  }
  return out;
}

/** Full pipeline: out-of-fold family scores, stacked ensemble, percentile calibration, final family fits. */
export function fitDetector(ps: Prepared[], opts: { sentences: boolean; log?: (s: string) => void }): FitResult {
  const log = opts.log ?? (() => {});
  const oof: DocLogits[] = new Array<DocLogits>(ps.length);
  const sentOof: { logits: Record<Family, number>; y: number; nonNative: boolean; domain: string }[] = [];
  // Out-of-fold scores for the stack and the calibration, by text group: each text is scored by a model that
  // never saw it nor its group.
  const foldOf = ps.map((p) => p.fold);
  const nFolds = trainingConfig().folds;
  for (let k = 0; k < nFolds; k++) {
    const tr = ps.filter((_, i) => foldOf[i] !== k);
    log(`fold ${k + 1}/${nFolds}: ${tr.length} training texts`);
    const m = fitFamilies(tr, log);
    const det = new Detector(
      m.ngram,
      m.skeleton,
      m.stylo,
      m.lmratio,
      m.casual,
      m.stylotrees,
      new Map(),
      null as unknown as Calibration,
    );
    ps.forEach((p, i) => {
      if (foldOf[i] !== k) return;
      oof[i] = familyLogits(m, p);
      if (opts.sentences) {
        for (const s of splitSentences(normalizeForFeatures(p.doc.text))) {
          if (s.text.split(' ').length < 4) continue;
          sentOof.push({
            logits: det.sentenceFamilyLogits(s.text),
            y: p.y,
            nonNative: isNonNative(p.doc),
            domain: p.doc.domain,
          });
        }
      }
    });
  }
  const sw = sampleWeights(ps);
  const cals = new Map<string, Calibration>();
  const meta = ps.map((p) => ({ y: p.y, nonNative: isNonNative(p.doc), domain: p.doc.domain }));
  const words = ps.map((p) => countWords(p.doc.text));
  const choice = chooseThresholdRule(oof, ps, words);
  log(
    `threshold rule ${choice.rule.kind} ${choice.rule.q}${choice.rule.fpr ? ` at ${choice.rule.fpr}` : ''} (inner FPR ${(100 * choice.innerFpr).toFixed(2)}%, TPR ${(100 * choice.innerTpr).toFixed(1)}%)`,
  );
  for (const line of choice.table) log('  ' + line);
  for (const fams of allSubsets()) {
    const { weights, bias } = fitMeta(fams, oof, ps, sw);
    const logits = oof.map((o) => fams.reduce((s, f, i) => s + weights[i]! * o[f], bias));
    const threshold = thresholdFor(logits, meta, choice.rule);
    const shortThreshold = shortThresholdFor(logits, meta, words, threshold);
    const c = calibrationFrom(
      fams,
      weights,
      bias,
      // The calibration reads the logits as the run time computes them: short texts lowered by their margin.
      logits.map((x, i) => x - lengthShift({ threshold, shortThreshold }, words[i]!)),
      meta,
      threshold,
    );
    cals.set(subsetKey(fams), shortThreshold !== undefined ? { ...c, shortThreshold: +shortThreshold.toFixed(6) } : c);
  }
  const all = cals.get(subsetKey(FAMILIES))!;
  const reliability = reliabilityFigures(
    oof.map((o, i) => Detector.combine(all, o) - lengthShift(all, words[i]!)),
    ps.map((p) => p.y),
    ps.map((p) => p.doc.text),
    all.threshold,
  );
  log(`reliability ${JSON.stringify(reliability)}`);
  let sentenceCal: Calibration;
  const sf = [...SENTENCE_FAMILIES];
  if (opts.sentences && sentOof.length > 0) {
    // Sentence highlights: the 5% point of human sentences, every domain weighted equally.
    const base = cals.get(subsetKey(sf))!;
    const logits = sentOof.map((s) => Detector.combine(base, s.logits));
    sentenceCal = calibrationFrom(
      sf,
      base.weights,
      base.bias,
      logits,
      sentOof,
      thresholdFor(logits, sentOof, { kind: 'pooled', q: trainingConfig().sentenceFpr }),
    );
  } else {
    sentenceCal = cals.get(subsetKey(sf))!;
  }
  log('final fit on all texts');
  const m = fitFamilies(ps, log);
  const detector = new Detector(m.ngram, m.skeleton, m.stylo, m.lmratio, m.casual, m.stylotrees, cals, sentenceCal);
  detector.reliability = reliability;
  return { detector, oof, rule: choice };
}
