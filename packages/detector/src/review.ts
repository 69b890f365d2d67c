// The sentence review behind every detection (issue 57, docs/decisions/0058): a sentence is called machine-written
// only on named evidence, its reasons name the words that raised it, and the document verdict and composition are
// taken from the reviewed sentences, so the verdict's wording agrees with the highlights. The document's own score
// and flag are the model's and are left as they are (detectScore gives the same).
import { verdictStats, type Detection, type SentenceScore } from './core.ts';
import { evidenceOf, FAMILY_REASONS, wordingCues, wordingReason } from './explain.ts';
import type { Detector } from './model.ts';
import { letterRuns, normalizeForFeatures } from './text.ts';
import { composition, decideVerdict, HUMAN_PART_AT, MIXED_SENTENCE_AT } from './verdict.ts';

/**
 * Named evidence a sentence needs to be flagged: two cues, or one strong one (a chatbot or stock phrase). A
 * sentence the model scores from SURE_SENTENCE_AT up has one already, so one named cue is enough there.
 */
export const FLAG_EVIDENCE = 2;
export const SURE_SENTENCE_AT = 70;
/** As core.ts: sentences with fewer words are not scored on their own. */
const MIN_SENTENCE_WORDS = 4;
const WORDING = FAMILY_REASONS.ngram!;

/** One sentence after review: the reasons name the wording, and the flag and score follow the evidence. */
export function reviewSentence(det: Detector, s: SentenceScore): SentenceScore {
  // Below the highlights nothing is shown or decided: the bare family name is dropped rather than named.
  if (s.score < MIXED_SENTENCE_AT)
    return s.features.includes(WORDING) ? { ...s, features: s.features.filter((r) => r !== WORDING) } : s;
  const cues = s.features.includes(WORDING) ? wordingCues(det, normalizeForFeatures(s.text)) : [];
  const wording = wordingReason(cues);
  const features = s.features.flatMap((r) => (r === WORDING ? (wording ? [wording] : []) : [r]));
  // Less than the evidence a flag needs: some signs at most. Nothing named (at most a family's name or the
  // text-wide uniform length): some signs only where the model flagged the sentence and a reason can be shown,
  // else not highlighted.
  const named = evidenceOf(features, cues.length);
  const evidence = named + (s.score >= SURE_SENTENCE_AT ? 1 : 0);
  const cap =
    named === 0 && (s.score < 50 || features.length === 0)
      ? MIXED_SENTENCE_AT - 1
      : evidence < FLAG_EVIDENCE
        ? 49
        : 100;
  const score = Math.min(s.score, cap);
  return { ...s, score, flagged: s.flagged && score >= 50, features };
}

/** The detection with its sentences reviewed and the verdict, composition and word counts taken from them. */
export function reviewDetection(det: Detector, d: Detection): Detection {
  // A text too short to score has nothing to review.
  if (d.sentences.every((s) => s.score < MIXED_SENTENCE_AT) && d.stats.aiWords + d.stats.mixedWords === 0)
    return { ...d, verdict: decideVerdict(d.stats, d.flagged) };
  const sentences = d.sentences.map((s) => reviewSentence(det, s));
  const stats = verdictStats(
    sentences,
    sentences.map((s) => letterRuns(normalizeForFeatures(s.text)) >= MIN_SENTENCE_WORDS),
  );
  return {
    ...d,
    sentences,
    stats,
    verdict: decideVerdict(stats, d.flagged),
    composition: composition(stats),
  };
}

/**
 * Whether a flagged text's sentences back the flag: some sentence is flagged, and flagged sentences hold at least
 * half of its scored words or it has no human part. For a text that is hard to judge (reliability.ts) this is what
 * it takes to call it machine-written rather than hard to judge.
 */
export function sentencesBackFlag(d: Pick<Detection, 'flagged' | 'stats'>): boolean {
  const s = d.stats;
  const total = s.aiWords + s.mixedWords + s.humanWords;
  if (!d.flagged || total === 0 || s.aiWords === 0) return false;
  return s.aiWords / total >= 0.5 || s.humanWords / total < HUMAN_PART_AT;
}
