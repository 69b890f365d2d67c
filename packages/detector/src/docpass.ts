// Run-time document pass that keeps every position's n-gram hashes and language-model probabilities, so the
// sentence scores of the same text reuse them instead of hashing and looking up each sentence again. Scores are
// exactly those of Detector.familyLogits and Detector.sentenceFamilyLogits (the training path); a sentence that
// cannot be found in the normalised text falls back to the latter.
import {
  countNgrams,
  counted,
  countSkeleton,
  lmTokens,
  ngramHashes,
  ngramString,
  skeletonHashes,
  skeletonTokens,
  type NgramHashes,
} from './features.ts';
import { stylometric, casualFigures } from './stylometry.ts';
import { lmKeys, ratioFeatures, type LMStages, type NgramLM } from './lm.ts';
import { type Detector, type Family } from './model.ts';
import { type SparseLR } from './scorers.ts';
import { tokenize, tokenOffsets } from './text.ts';

interface LMTrack {
  lp: Float64Array;
  st: LMStages;
}

export interface DocPass {
  norm: string;
  tokens: string[];
  logits: Record<Family, number>;
  starts: Int32Array;
  ng: NgramHashes;
  sk: Uint32Array;
  /** Word human, word AI, skeleton human, skeleton AI. */
  lm: [LMTrack, LMTrack, LMTrack, LMTrack];
  /** Where the search for the next sentence starts. */
  cursor: number;
}

function logitOfCounted(lr: SparseLR): number {
  return lr.logitOf(counted.k, counted.v, counted.n);
}

// Buffers reused from one text to the next (scoring is synchronous, one text at a time): the per-token arrays of
// a 500-word text would otherwise make a young-generation collection every few calls.
let size = 0;
let keys: Uint32Array[] = [];
let tracks: DocPass['lm'];
let ratios = new Float64Array(1 << 10);

function ensure(n: number): void {
  // The first text allocates the buffers even when it has no tokens at all.
  if (n <= size && size > 0) return;
  size = Math.max(n, 2 * size, 1 << 10);
  keys = Array.from({ length: 6 }, () => new Uint32Array(size));
  const t = (): LMTrack => ({
    lp: new Float64Array(size),
    st: { uni: new Float64Array(size), bi: new Float64Array(size) },
  });
  tracks = [t(), t(), t(), t()];
  ratios = new Float64Array(size);
}

function track(t: LMTrack, lm: NgramLM, toks: string[], k: Uint32Array[]): LMTrack {
  lm.logProbs(toks, k, t.st, t.lp);
  return t;
}

/**
 * lmFeatures of the tokens [a, b) scored on their own: the first two take their unigram and bigram steps (for the
 * whole text, a = 0, those are the values it already has).
 */
function features(h: LMTrack, ai: LMTrack, a: number, b: number): number[] {
  const r = ratios.subarray(0, b - a);
  for (let i = a; i < b; i++) r[i - a] = ai.lp[i]! - h.lp[i]!;
  if (b - a > 0) r[0] = Math.log(ai.st.uni[a]!) - Math.log(h.st.uni[a]!);
  if (b - a > 1) r[1] = Math.log(ai.st.bi[a + 1]!) - Math.log(h.st.bi[a + 1]!);
  return ratioFeatures(r);
}

/** Features and family logits of a normalised text, keeping what its sentences can reuse. */
export function docPass(det: Detector, norm: string): DocPass {
  const tokens = tokenize(norm);
  const starts = tokenOffsets(norm, tokens);
  const skel = skeletonTokens(tokens);
  const lm = lmTokens(tokens);
  const ng = ngramHashes(norm, tokens, true);
  const sk = skeletonHashes(skel, true);
  const r = det.lmratio;
  ensure(tokens.length);
  const kw = lmKeys(lm, keys.slice(0, 3));
  const ks = lmKeys(skel, keys.slice(3));
  const [wh, wa, sh, sa] = tracks;
  const lmTracks: DocPass['lm'] = [
    track(wh, r.words.human, lm, kw),
    track(wa, r.words.ai, lm, kw),
    track(sh, r.skel.human, skel, ks),
    track(sa, r.skel.ai, skel, ks),
  ];
  countNgrams(ng, 0, tokens.length, 0, ng.s.length);
  const ngram = logitOfCounted(det.ngram);
  countSkeleton(sk, 0, tokens.length);
  const skeleton = logitOfCounted(det.skeleton);
  const stylo = stylometric(norm, tokens, starts);
  const logits = {
    ngram,
    skeleton,
    stylometric: det.stylo.logit(stylo),
    lmratio: r.lr.logit([...features(wh, wa, 0, tokens.length), ...features(sh, sa, 0, tokens.length)]),
    casual: det.casual.logit(casualFigures(stylo)),
    stylotrees: det.stylotrees.logit(stylo),
  };
  return { norm, tokens, logits, starts, ng, sk, lm: lmTracks, cursor: 0 };
}

/** Whether s.substr(p, sn.length + 2) is ngramString(sn), compared in place unless `sn` has non-ASCII characters. */
function sameFolded(s: string, p: number, sn: string): boolean {
  if (s.charCodeAt(p) !== 32 || s.charCodeAt(p + sn.length + 1) !== 32) return false;
  for (let j = 0; j < sn.length; j++) {
    let c = sn.charCodeAt(j);
    if (c >= 128) return s.substr(p, sn.length + 2) === ngramString(sn);
    if (c >= 65 && c <= 90) c += 32;
    else if (c >= 48 && c <= 57) c = 48;
    if (s.charCodeAt(p + 1 + j) !== c) return false;
  }
  return true;
}

function firstAtOrAfter(starts: Int32Array, pos: number): number {
  let lo = 0,
    hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Where `sn` stands alone in the normalised text (spaces or the ends on both sides) at or after `from`, or -1.
 * Sentences come in the text's order, so the search never goes back (a sentence the text's normalisation
 * dropped costs one scan of the rest, not of the whole text).
 */
function locate(norm: string, sn: string, from: number): number {
  for (let p = norm.indexOf(sn, from); p >= 0; p = norm.indexOf(sn, p + 1)) {
    const e = p + sn.length;
    if ((p === 0 || norm.charCodeAt(p - 1) === 32) && (e === norm.length || norm.charCodeAt(e) === 32)) return p;
  }
  return -1;
}

/** Sentence family logits of a normalised sentence of the text, equal to det.sentenceFamilyLogits(sn). */
export function sentenceLogits(det: Detector, d: DocPass, sn: string): Record<Family, number> {
  const norm = d.norm;
  // Offsets are shared only if lower-casing kept the text's length, and the character n-grams only if the
  // padded, folded sentence is the same stretch of the text's.
  const p = sn.length > 0 && d.ng.s.length === norm.length + 2 ? locate(norm, sn, d.cursor) : -1;
  const m = sn.length + 2;
  if (p < 0 || !sameFolded(d.ng.s, p, sn)) return det.sentenceFamilyLogits(sn);
  d.cursor = p + sn.length;
  const a = firstAtOrAfter(d.starts, p);
  const b = firstAtOrAfter(d.starts, p + sn.length);
  const [wh, wa, sh, sa] = d.lm;
  countNgrams(d.ng, a, b, p, m);
  const ngram = logitOfCounted(det.ngram);
  countSkeleton(d.sk, a, b);
  const skeleton = logitOfCounted(det.skeleton);
  return {
    ngram,
    skeleton,
    stylometric: 0,
    lmratio: det.lmratio.lr.logit([...features(wh, wa, a, b), ...features(sh, sa, a, b)]),
    casual: 0,
    stylotrees: 0,
  };
}
