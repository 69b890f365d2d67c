// Fitting pipeline shared by the training script and the leave-one-file-out benchmark.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Detector, DenseLR, FAMILIES, LMRatio, NgramLM, SENTENCE_FAMILIES, SparseLR, compact, extract, lmFeatures, lmKeys,
  subsetKey, type Calibration, type CompactCounts, type Family,
} from '../model.ts';
import { hashString, normalizeForFeatures, splitSentences } from '../text.ts';
import { denseRows, fitLR, sparseRows } from './lr.ts';

export interface Doc {
  id: string; text: string; label: 'human' | 'ai'; source: string; domain: string; generator: string; attack: string;
  group: string; file: string;
}

export interface Prepared {
  doc: Doc;
  y: number;
  fold: number;
  ngram: CompactCounts;
  skeleton: CompactCounts;
  stylo: number[];
  lm: string[];
  lmKeys: Uint32Array[];
}

export const CONFIG = {
  ngramBuckets: 1 << 20,
  ngramKeepBits: 25,
  skeletonBuckets: 1 << 18,
  skeletonKeepBits: 22,
  lmBuckets: 1 << 18,
  minDocFreq: 3,
  lambdaNgram: 1e-3,
  lambdaSkeleton: 1e-3,
  lambdaStylo: 1e-2,
  lambdaLM: 1e-2,
  lambdaMeta: 1e-3,
  /** Non-native human essays count extra so that the fit and the threshold protect them. */
  nonNativeWeight: 3,
  folds: 4,
  /** How the out-of-fold scores for the stack and calibration are split: 'source' (by collection) or 'group'. */
  stackSplit: (process.env.DETECTOR_STACK_SPLIT ?? 'source') as 'source' | 'group',
  lbfgsIters: 80,
  fpr: 0.01,
  sentenceFpr: 0.05,
};

export function loadCorpus(dir: string): Doc[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort();
  const docs: Doc[] = [];
  for (const f of files) {
    for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const o = JSON.parse(line) as Omit<Doc, 'file'>;
      docs.push({ ...o, file: f.replace(/\.jsonl$/, '') });
    }
  }
  return docs;
}

export function isNonNative(d: Doc): boolean {
  return d.label === 'human' && d.domain === 'essay_toefl_nonnative';
}

export function prepare(docs: Doc[], folds = CONFIG.folds): Prepared[] {
  return docs.map((doc) => {
    const x = extract(normalizeForFeatures(doc.text));
    return {
      doc, y: doc.label === 'ai' ? 1 : 0, fold: hashString(doc.group, 7) % folds,
      ngram: compact(x.ngram), skeleton: compact(x.skeleton), stylo: x.stylo, lm: x.lm, lmKeys: lmKeys(x.lm),
    };
  });
}

/**
 * Class-balanced sample weights. Within a class each domain gets weight ∝ sqrt(size), so the many student
 * essays do not define "human" on their own; non-native human essays count extra.
 */
export function sampleWeights(ps: Prepared[]): Float64Array {
  const dom = new Map<string, number>();
  const key = (p: Prepared): string => `${p.y}|${p.doc.domain}`;
  for (const p of ps) dom.set(key(p), (dom.get(key(p)) ?? 0) + 1);
  const raw = ps.map((p) => (1 / Math.sqrt(dom.get(key(p))!)) * (isNonNative(p.doc) ? CONFIG.nonNativeWeight : 1));
  let th = 0, ta = 0;
  ps.forEach((p, i) => { if (p.y) ta += raw[i]!; else th += raw[i]!; });
  return Float64Array.from(ps.map((p, i) => (raw[i]! / (p.y ? ta : th)) * 0.5 * ps.length));
}

/** Bitmap of hashes that occur in at least `minDf` training texts (exact count, by sorting). */
function keepBitmap(counts: CompactCounts[], bits: number, minDf: number): Uint8Array {
  let total = 0;
  for (const c of counts) total += c.k.length;
  const all = new Uint32Array(total);
  let o = 0;
  for (const c of counts) { all.set(c.k, o); o += c.k.length; }
  all.sort();
  const bm = new Uint8Array(Math.ceil((1 << bits) / 8) || 1);
  let i = 0;
  while (i < all.length) {
    let j = i + 1;
    while (j < all.length && all[j] === all[i]) j++;
    if (j - i >= minDf) {
      const bit = all[i]! >>> (32 - bits);
      bm[bit >>> 3]! |= 1 << (bit & 7);
    }
    i = j;
  }
  return bm;
}

function fitSparse(ps: Prepared[], sw: Float64Array, get: (p: Prepared) => CompactCounts, buckets: number, bits: number, lambda: number): SparseLR {
  const keep = keepBitmap(ps.map(get), bits, CONFIG.minDocFreq);
  const vecs = ps.map((p) => SparseLR.vectorize(get(p), keep, bits, buckets));
  // Optimise over the buckets that occur at all: far fewer than the table size, so each step is cheaper.
  const col = new Int32Array(buckets).fill(-1);
  const used: number[] = [];
  for (const v of vecs) for (const b of v.idx) if (col[b] === -1) { col[b] = used.length; used.push(b); }
  const rows = sparseRows(vecs.map((v) => ({ idx: v.idx.map((b) => col[b]!), val: v.val })), used.length);
  const r = fitLR(rows, ps.map((p) => p.y), sw, lambda, CONFIG.lbfgsIters);
  const w = new Float32Array(buckets);
  used.forEach((b, j) => { w[b] = r.w[j]!; });
  return new SparseLR(w, r.bias, keep, bits);
}

function fitDense(xs: number[][], y: number[], sw: Float64Array, lambda: number): DenseLR {
  const d = xs[0]!.length;
  const mean = new Float32Array(d);
  const sd = new Float32Array(d);
  for (let j = 0; j < d; j++) {
    let s = 0;
    for (const x of xs) s += x[j]!;
    mean[j] = s / xs.length;
    let v = 0;
    for (const x of xs) v += (x[j]! - mean[j]!) ** 2;
    sd[j] = Math.sqrt(v / xs.length) || 1;
  }
  const tmp = new DenseLR(mean, sd, new Float32Array(d), 0);
  const r = fitLR(denseRows(xs.map((x) => tmp.z(x))), y, sw, lambda, 200);
  return new DenseLR(mean, sd, r.w, r.bias);
}

export function buildLM(ps: Prepared[], label: number, buckets: number): NgramLM {
  const tables: Float32Array[] = [];
  let total = 0;
  for (let o = 0; o < 3; o++) {
    // Exact n-gram counts first, so n-grams seen fewer than 3 times can be dropped before hashing into buckets.
    const counts = new Map<number, number>();
    for (const p of ps) {
      if (p.y !== label) continue;
      const k = p.lmKeys[o]!;
      if (o === 0) total += k.length;
      for (let i = o; i < k.length; i++) counts.set(k[i]!, (counts.get(k[i]!) ?? 0) + 1);
    }
    const t = new Float32Array(buckets);
    for (const [h, c] of counts) if (c >= CONFIG.minDocFreq) t[h & (buckets - 1)]! += c;
    tables.push(t);
  }
  return new NgramLM(tables, total);
}

function lmFeaturesFor(human: NgramLM, ai: NgramLM, p: Prepared): number[] {
  return lmFeatures(human.logProbs(p.lm, p.lmKeys), ai.logProbs(p.lm, p.lmKeys));
}

function fitLMRatio(ps: Prepared[], sw: Float64Array): LMRatio {
  // The ratio features of a training text must come from models that did not see it.
  const inner = 4;
  const feats: number[][] = new Array(ps.length);
  for (let k = 0; k < inner; k++) {
    const inFold = (p: Prepared): boolean => hashString(p.doc.group, 11) % inner === k;
    const tr = ps.filter((p) => !inFold(p));
    const h = buildLM(tr, 0, CONFIG.lmBuckets);
    const a = buildLM(tr, 1, CONFIG.lmBuckets);
    ps.forEach((p, i) => { if (inFold(p)) feats[i] = lmFeaturesFor(h, a, p); });
  }
  const lr = fitDense(feats, ps.map((p) => p.y), sw, CONFIG.lambdaLM);
  return new LMRatio(buildLM(ps, 0, CONFIG.lmBuckets), buildLM(ps, 1, CONFIG.lmBuckets), lr);
}

export interface FamilyModels { ngram: SparseLR; skeleton: SparseLR; stylo: DenseLR; lmratio: LMRatio }

export function fitFamilies(ps: Prepared[], log: (s: string) => void = () => {}): FamilyModels {
  const sw = sampleWeights(ps);
  let t = Date.now();
  const ngram = fitSparse(ps, sw, (p) => p.ngram, CONFIG.ngramBuckets, CONFIG.ngramKeepBits, CONFIG.lambdaNgram);
  log(`  ngram ${Date.now() - t} ms`); t = Date.now();
  const skeleton = fitSparse(ps, sw, (p) => p.skeleton, CONFIG.skeletonBuckets, CONFIG.skeletonKeepBits, CONFIG.lambdaSkeleton);
  log(`  skeleton ${Date.now() - t} ms`); t = Date.now();
  const stylo = fitDense(ps.map((p) => p.stylo), ps.map((p) => p.y), sw, CONFIG.lambdaStylo);
  log(`  stylometric ${Date.now() - t} ms`); t = Date.now();
  const lmratio = fitLMRatio(ps, sw);
  log(`  lmratio ${Date.now() - t} ms`);
  return { ngram, skeleton, stylo, lmratio };
}

export function familyLogits(m: FamilyModels, p: Prepared): Record<Family, number> {
  return {
    ngram: m.ngram.logit(p.ngram),
    skeleton: m.skeleton.logit(p.skeleton),
    stylometric: m.stylo.logit(p.stylo),
    lmratio: m.lmratio.lr.logit(lmFeaturesFor(m.lmratio.human, m.lmratio.ai, p)),
  };
}

/** Weighted quantile. */
export function quantile(xs: number[], ws: number[], q: number): number {
  const ord = xs.map((x, i) => [x, ws[i]!] as const).sort((a, b) => a[0] - b[0]);
  const tot = ord.reduce((s, [, w]) => s + w, 0);
  let acc = 0;
  for (const [x, w] of ord) { acc += w; if (acc >= q * tot) return x; }
  return ord[ord.length - 1]?.[0] ?? 0;
}

function quantiles(xs: number[], n: number): number[] {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return [];
  return Array.from({ length: n + 1 }, (_, i) => {
    const pos = (i / n) * (s.length - 1);
    const lo = Math.floor(pos);
    const hi = Math.min(s.length - 1, lo + 1);
    return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
  });
}

/**
 * Percentile calibration and flag threshold from out-of-collection logits.
 * 'median' (documents): each human domain's own (1 - fpr) point, then the median over domains (non-native
 * essays counted ×3). Every domain's upper tail comes from texts of a collection the model had not seen;
 * pooling the domains instead lets the one domain with the most extreme tail set the operating point for
 * all of them, and on these scores that left almost no AI text flagged.
 * 'pooled' (sentence highlights): the (1 - fpr) point with every human domain weighted equally.
 */
export function calibrationFrom(fams: Family[], weights: number[], bias: number, logits: number[], ps: { y: number; nonNative: boolean; domain: string }[], fpr: number, rule: 'median' | 'pooled'): Calibration {
  const byDom = new Map<string, number[]>();
  const hx: number[] = [], ax: number[] = [];
  let nonNativeDomain = '';
  logits.forEach((x, i) => {
    const p = ps[i]!;
    if (p.y) { ax.push(x); return; }
    hx.push(x);
    if (!byDom.has(p.domain)) byDom.set(p.domain, []);
    byDom.get(p.domain)!.push(x);
    if (p.nonNative) nonNativeDomain = p.domain;
  });
  const domWeight = (dom: string): number => (dom === nonNativeDomain ? CONFIG.nonNativeWeight : 1);
  let threshold: number;
  if (rule === 'median') {
    const points: number[] = [], pw: number[] = [];
    for (const [dom, xs] of byDom) {
      points.push(quantile(xs, xs.map(() => 1), 1 - fpr));
      pw.push(domWeight(dom));
    }
    threshold = quantile(points, pw, 0.5) + 1e-6;
  } else {
    const xs: number[] = [], ws: number[] = [];
    for (const [dom, d] of byDom) for (const x of d) { xs.push(x); ws.push(domWeight(dom) / d.length); }
    threshold = quantile(xs, ws, 1 - fpr) + 1e-6;
  }
  const above = ax.filter((x) => x >= threshold);
  return {
    families: fams, weights, bias, threshold,
    human: quantiles(hx, 200).map((v) => +v.toFixed(5)),
    ai: quantiles(above.length >= 2 ? above : [threshold, threshold + 1], 100).map((v) => +v.toFixed(5)),
  };
}

export function allSubsets(): Family[][] {
  const out: Family[][] = [];
  for (let mask = 1; mask < 1 << FAMILIES.length; mask++) out.push(FAMILIES.filter((_, i) => mask & (1 << i)));
  return out;
}

function fitMeta(fams: Family[], oof: Record<Family, number>[], ps: Prepared[], sw: Float64Array): { weights: number[]; bias: number } {
  const xs = oof.map((o) => fams.map((f) => o[f]));
  let r = fitLR(denseRows(xs), ps.map((p) => p.y), sw, CONFIG.lambdaMeta, 200);
  // A family that gets a negative weight is mirroring another; drop it rather than invert it.
  const w = Array.from(r.w).map((v) => Math.max(0, v));
  if (w.some((v, i) => v !== r.w[i])) {
    const keepIdx = w.map((v, i) => (v > 0 ? i : -1)).filter((i) => i >= 0);
    if (keepIdx.length > 0) {
      const r2 = fitLR(denseRows(xs.map((x) => keepIdx.map((i) => x[i]!))), ps.map((p) => p.y), sw, CONFIG.lambdaMeta, 200);
      const w2 = new Array(fams.length).fill(0) as number[];
      keepIdx.forEach((i, j) => { w2[i] = Math.max(0, r2.w[j]!); });
      r = { w: Float32Array.from(w2), bias: r2.bias };
      return { weights: w2.map((v) => +v.toFixed(6)), bias: +r.bias.toFixed(6) };
    }
  }
  return { weights: w.map((v) => +v.toFixed(6)), bias: +r.bias.toFixed(6) };
}

export interface FitResult { detector: Detector; oof: Record<Family, number>[] }

/** Full pipeline: out-of-fold family scores, stacked ensemble, percentile calibration, final family fits. */
export function fitDetector(ps: Prepared[], opts: { sentences: boolean; log?: (s: string) => void }): FitResult {
  const log = opts.log ?? (() => {});
  const oof: Record<Family, number>[] = new Array(ps.length);
  const sentOof: { logits: Record<Family, number>; y: number; nonNative: boolean; domain: string }[] = [];
  // Out-of-fold scores for the stack and the calibration. Split by source collection, each text is scored
  // by a model that never saw its collection, so weights and threshold are fitted on out-of-collection scores.
  const sources = [...new Set(ps.map((p) => p.doc.file))].sort();
  const bySource = CONFIG.stackSplit === 'source' && sources.length > 1;
  const foldOf = bySource ? ps.map((p) => sources.indexOf(p.doc.file)) : ps.map((p) => p.fold);
  const nFolds = bySource ? sources.length : CONFIG.folds;
  for (let k = 0; k < nFolds; k++) {
    const tr = ps.filter((_, i) => foldOf[i] !== k);
    log(`fold ${k + 1}/${nFolds}: ${tr.length} training texts`);
    const m = fitFamilies(tr, log);
    const det = new Detector(m.ngram, m.skeleton, m.stylo, m.lmratio, new Map(), null as unknown as Calibration);
    ps.forEach((p, i) => {
      if (foldOf[i] !== k) return;
      oof[i] = familyLogits(m, p);
      if (opts.sentences) {
        for (const s of splitSentences(normalizeForFeatures(p.doc.text))) {
          if (s.text.split(' ').length < 4) continue;
          sentOof.push({ logits: det.sentenceFamilyLogits(s.text), y: p.y, nonNative: isNonNative(p.doc), domain: p.doc.domain });
        }
      }
    });
  }
  const sw = sampleWeights(ps);
  const cals = new Map<string, Calibration>();
  const meta = ps.map((p) => ({ y: p.y, nonNative: isNonNative(p.doc), domain: p.doc.domain }));
  for (const fams of allSubsets()) {
    const { weights, bias } = fitMeta(fams, oof, ps, sw);
    const logits = oof.map((o) => fams.reduce((s, f, i) => s + weights[i]! * o[f], bias));
    cals.set(subsetKey(fams), calibrationFrom(fams, weights, bias, logits, meta, CONFIG.fpr, 'median'));
  }
  let sentenceCal: Calibration;
  const sf = [...SENTENCE_FAMILIES];
  if (opts.sentences && sentOof.length > 0) {
    const base = cals.get(subsetKey(sf))!;
    const logits = sentOof.map((s) => Detector.combine(base, s.logits));
    sentenceCal = calibrationFrom(sf, base.weights, base.bias, logits, sentOof, CONFIG.sentenceFpr, 'pooled');
  } else {
    sentenceCal = cals.get(subsetKey(sf))!;
  }
  log('final fit on all texts');
  const m = fitFamilies(ps, log);
  return { detector: new Detector(m.ngram, m.skeleton, m.stylo, m.lmratio, cals, sentenceCal), oof };
}
