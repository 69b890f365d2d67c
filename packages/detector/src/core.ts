// Scoring with a given detector; index.ts binds it to the shipped weights.
import {
  calibrate,
  Detector,
  extract,
  FAMILIES,
  lengthShift,
  subsetKey,
  type DocLogits,
  type Extracted,
  type Family,
} from './model.ts';
import { docPass, sentenceLogits, type DocPass } from './docpass.ts';
import { FAMILY_REASONS, heuristicReasons } from './explain.ts';
import { normalizeForFeatures, splitSentences, isWord, letterRuns } from './text.ts';
import { countWords } from './reliability.ts';
import {
  composition,
  decideVerdict,
  MIXED_SENTENCE_AT,
  type Composition,
  type DocVerdict,
  type VerdictStats,
} from './verdict.ts';

export interface SentenceScore {
  text: string;
  start: number;
  end: number;
  score: number;
  flagged: boolean;
  features: string[];
}
export interface Detection {
  score: number;
  flagged: boolean;
  sentences: SentenceScore[];
  families: Record<string, number>;
  /** AI, mixed or human, from how much of the text and which parts read as machine-written (verdict.ts). */
  verdict: DocVerdict;
  /** Shares of the scored words in flagged, some-signs and human-reading sentences. */
  composition: Composition;
  /** The word counts behind verdict and composition. */
  stats: VerdictStats;
}

/** Word counts of the sentences by class, and the longest run of flagged sentences. */
export function verdictStats(sentences: readonly SentenceScore[], scored: readonly boolean[]): VerdictStats {
  const st: VerdictStats = { aiWords: 0, mixedWords: 0, humanWords: 0, run: 0 };
  let run = 0;
  sentences.forEach((s, i) => {
    if (!scored[i]) return;
    const n = letterRuns(s.text);
    if (s.flagged) {
      st.aiWords += n;
      run += n;
      st.run = Math.max(st.run, run);
      return;
    }
    run = 0;
    if (s.score >= MIXED_SENTENCE_AT) st.mixedWords += n;
    else st.humanWords += n;
  });
  return st;
}

/** Texts shorter than this carry too little evidence to score. */
export const MIN_WORDS = 8;
const MIN_SENTENCE_WORDS = 4;

function wordCount(tokens: string[]): number {
  let n = 0;
  for (const t of tokens) if (isWord(t)) n++;
  return n;
}

function emptyFamilies(): Record<string, number> {
  return Object.fromEntries(FAMILIES.map((f) => [f, 0]));
}

/** Ensemble logit of a family subset plus its calibration. */
export function ensembleLogit(
  det: Detector,
  x: Extracted,
  fams: readonly Family[],
  words = Infinity,
): { logit: number; score: number; threshold: number } {
  const cal = det.calibrations.get(subsetKey(fams));
  if (!cal) throw new Error(`no calibration for families ${fams.join('+')}`);
  const logits = det.familyLogits(x, cal.families);
  const logit = Detector.combine(cal, logits) - lengthShift(cal, words);
  return { logit, score: calibrate(cal, logit), threshold: cal.threshold };
}

type Span = { text: string; start: number; end: number };

/**
 * Sentence family logits of every span with enough words (null for the others); training uses the same rule.
 * With the text's document pass, each sentence reuses its figures (same results, less work).
 */
function spanLogits(
  det: Detector,
  spans: readonly Span[],
  pass?: DocPass,
): { norm: string; fl: Record<Family, number> | null }[] {
  return spans.map((s) => {
    const sn = normalizeForFeatures(s.text);
    const nWords = letterRuns(sn);
    if (nWords < MIN_SENTENCE_WORDS) return { norm: sn, fl: null };
    return { norm: sn, fl: pass ? sentenceLogits(det, pass, sn) : det.sentenceFamilyLogits(sn) };
  });
}

function withWindows(det: Detector, logits: Record<Family, number>, sents: ReturnType<typeof spanLogits>): DocLogits {
  if (!det.windows) return logits;
  const fls: Record<Family, number>[] = [];
  for (const s of sents) if (s.fl) fls.push(s.fl);
  return { ...logits, windows: det.windowLogit(fls) };
}

/** The document's score and flag alone, exactly as detectWith gives them, without the per-sentence output. */
export function scoreWith(det: Detector, text: string): { score: number; flagged: boolean } {
  const raw = typeof text === 'string' ? text : '';
  const x = extract(normalizeForFeatures(raw));
  if (wordCount(x.tokens) < MIN_WORDS) return { score: 0, flagged: false };
  const sents = det.windows ? spanLogits(det, splitSentences(raw)) : [];
  return documentScore(det, withWindows(det, det.familyLogits(x), sents), countWords(raw));
}

/** The ensemble logit of all families as the flag reads it: lowered by the short-text margin for short texts. */
function documentScore(det: Detector, logits: DocLogits, words: number): { score: number; flagged: boolean } {
  const all = det.calibrations.get(subsetKey(FAMILIES))!;
  const logit = Detector.combine(all, logits) - lengthShift(all, words);
  const flagged = logit >= all.threshold;
  const raw100 = calibrate(all, logit);
  return { score: flagged ? Math.max(50, Math.round(raw100)) : Math.min(49, Math.round(raw100)), flagged };
}

export function detectWith(det: Detector, text: string): Detection {
  const raw = typeof text === 'string' ? text : '';
  const spans = splitSentences(raw);
  const pass = docPass(det, normalizeForFeatures(raw));
  if (wordCount(pass.tokens) < MIN_WORDS) {
    const stats: VerdictStats = { aiWords: 0, mixedWords: 0, humanWords: 0, run: 0 };
    return {
      score: 0,
      flagged: false,
      families: emptyFamilies(),
      verdict: 'human',
      composition: composition(stats),
      stats,
      sentences: spans.map((s) => ({ ...s, score: 0, flagged: false, features: [] })),
    };
  }
  const sents = spanLogits(det, spans, pass);
  const logits = withWindows(det, pass.logits, sents);
  const words = countWords(raw);
  const { score, flagged } = documentScore(det, logits, words);
  const families: Record<string, number> = {};
  for (const f of FAMILIES) {
    const c = det.calibrations.get(f);
    families[f] = c ? Math.round(calibrate(c, Detector.combine(c, logits) - lengthShift(c, words))) : 0;
  }
  // Sentence lengths for the uniformity reason.
  const lens = spans.map((s) => letterRuns(s.text)).filter((n) => n > 0);
  const meanLen = lens.reduce((a, b) => a + b, 0) / Math.max(1, lens.length);
  const sdLen = Math.sqrt(lens.reduce((a, b) => a + (b - meanLen) ** 2, 0) / Math.max(1, lens.length));
  const uniform = lens.length >= 4 && meanLen > 0 && sdLen / meanLen < 0.3;
  const sc = det.sentenceCal;
  const sentences = spans.map((s, k): SentenceScore => {
    const fl = sents[k]!.fl;
    if (!fl) return { ...s, score: 0, flagged: false, features: [] };
    const sl = Detector.combine(sc, fl);
    const sflag = sl >= sc.threshold;
    const sraw = calibrate(sc, sl);
    const features: string[] = [];
    sc.families.forEach((f, i) => {
      const reason = FAMILY_REASONS[f];
      if (reason && sc.weights[i]! * fl[f] > 0.5) features.push(reason);
    });
    features.push(...heuristicReasons(s.text, { uniform, meanLen }));
    return {
      ...s,
      score: sflag ? Math.max(50, Math.round(sraw)) : Math.min(49, Math.round(sraw)),
      flagged: sflag,
      features,
    };
  });
  const stats = verdictStats(
    sentences,
    sents.map((s) => s.fl !== null),
  );
  return {
    score,
    flagged,
    sentences,
    families,
    verdict: decideVerdict(stats, flagged),
    composition: composition(stats),
    stats,
  };
}

export function scoreFamiliesWith(det: Detector, text: string, exclude: readonly string[] = []): number {
  const fams = FAMILIES.filter((f) => !exclude.includes(f));
  if (fams.length === 0) return 0;
  const raw = typeof text === 'string' ? text : '';
  const x = extract(normalizeForFeatures(raw));
  if (wordCount(x.tokens) < MIN_WORDS) return 0;
  const cal = det.calibrations.get(subsetKey(fams));
  const words = countWords(raw);
  if (cal?.windowWeight && det.windows) {
    // The full ensemble includes the sentence-window term, exactly as the document score does.
    const logits = withWindows(det, det.familyLogits(x, cal.families), spanLogits(det, splitSentences(raw)));
    return Math.round(calibrate(cal, Detector.combine(cal, logits) - lengthShift(cal, words)) * 100) / 100;
  }
  return Math.round(ensembleLogit(det, x, fams, words).score * 100) / 100;
}
