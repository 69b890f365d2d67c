// The six family fits on prepared texts, and their logits.
import { DenseLR, SparseLR, TreeEnsemble, type CompactCounts } from '../scorers.ts';
import { LMPair, LMRatio, NgramLM, lmFeatures } from '../lm.ts';
import { type Family } from '../model.ts';
import { hashString } from '../text.ts';
import { casualFigures } from '../stylometry.ts';
import { trainingConfig } from './config.ts';
import { sampleWeights, type Prepared } from './corpus.ts';
import { denseRows, fitLR, sparseRows } from './lr.ts';
import { fitTrees } from './gbdt.ts';

/** Bitmap of hashes that occur in at least `minDf` training texts (exact count, by sorting). */
function keepBitmap(counts: CompactCounts[], bits: number, minDf: number): Uint8Array {
  let total = 0;
  for (const c of counts) total += c.k.length;
  const all = new Uint32Array(total);
  let o = 0;
  for (const c of counts) {
    all.set(c.k, o);
    o += c.k.length;
  }
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

function fitSparse(
  ps: Prepared[],
  sw: Float64Array,
  get: (p: Prepared) => CompactCounts,
  buckets: number,
  bits: number,
  lambda: number,
): SparseLR {
  const config = trainingConfig();
  const keep = keepBitmap(ps.map(get), bits, config.minDocFreq);
  const vecs = ps.map((p) => SparseLR.vectorize(get(p), keep, bits, buckets));
  // Optimise over the buckets that occur at all: far fewer than the table size, so each step is cheaper.
  const col = new Int32Array(buckets).fill(-1);
  const used: number[] = [];
  for (const v of vecs)
    for (const b of v.idx)
      if (col[b] === -1) {
        col[b] = used.length;
        used.push(b);
      }
  const rows = sparseRows(
    vecs.map((v) => ({ idx: v.idx.map((b) => col[b]!), val: v.val })),
    used.length,
  );
  const r = fitLR(
    rows,
    ps.map((p) => p.y),
    sw,
    lambda,
    config.lbfgsIters,
  );
  const w = new Float32Array(buckets);
  used.forEach((b, j) => {
    w[b] = r.w[j]!;
  });
  return new SparseLR(w, r.bias, keep, bits);
}

export function fitDense(xs: number[][], y: number[], sw: Float64Array, lambda: number): DenseLR {
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

type LMSide = 'words' | 'skel';
const keysOf = (p: Prepared, side: LMSide): Uint32Array[] => (side === 'words' ? p.lmKeys : p.skelKeys);

export function buildLM(ps: Prepared[], label: number, buckets: number, side: LMSide = 'words'): NgramLM {
  const tables: Float32Array[] = [];
  let total = 0;
  for (let o = 0; o < 3; o++) {
    // Exact n-gram counts first, so n-grams seen fewer than 3 times can be dropped before hashing into buckets.
    const counts = new Map<number, number>();
    for (const p of ps) {
      if (p.y !== label) continue;
      const k = keysOf(p, side)[o]!;
      if (o === 0) total += k.length;
      for (let i = o; i < k.length; i++) counts.set(k[i]!, (counts.get(k[i]!) ?? 0) + 1);
    }
    const t = new Float32Array(buckets);
    for (const [h, c] of counts) if (c >= trainingConfig().minDocFreq) t[h & (buckets - 1)]! += c;
    tables.push(t);
  }
  return new NgramLM(tables, total);
}

function buildPair(ps: Prepared[], side: LMSide): LMPair {
  const b = side === 'words' ? trainingConfig().lmBuckets : trainingConfig().skelLmBuckets;
  return new LMPair(buildLM(ps, 0, b, side), buildLM(ps, 1, b, side));
}

function lmFeaturesFor(words: LMPair, skel: LMPair, p: Prepared): number[] {
  return [
    ...lmFeatures(words.human.logProbs(p.lm, p.lmKeys), words.ai.logProbs(p.lm, p.lmKeys)),
    ...lmFeatures(skel.human.logProbs(p.skel, p.skelKeys), skel.ai.logProbs(p.skel, p.skelKeys)),
  ];
}

function fitLMRatio(ps: Prepared[], sw: Float64Array): LMRatio {
  // The ratio features of a training text must come from models that did not see it.
  const inner = 4;
  const feats: number[][] = new Array<number[]>(ps.length);
  for (let k = 0; k < inner; k++) {
    const inFold = (p: Prepared): boolean => hashString(p.doc.group, 11) % inner === k;
    const tr = ps.filter((p) => !inFold(p));
    const w = buildPair(tr, 'words');
    const sk = buildPair(tr, 'skel');
    ps.forEach((p, i) => {
      if (inFold(p)) feats[i] = lmFeaturesFor(w, sk, p);
    });
  }
  const lr = fitDense(
    feats,
    ps.map((p) => p.y),
    sw,
    trainingConfig().lambdaLM,
  );
  return new LMRatio(buildPair(ps, 'words'), buildPair(ps, 'skel'), lr);
}

export interface FamilyModels {
  ngram: SparseLR;
  skeleton: SparseLR;
  stylo: DenseLR;
  lmratio: LMRatio;
  casual: DenseLR;
  stylotrees: TreeEnsemble;
}

export function fitFamilies(ps: Prepared[], log: (s: string) => void = () => {}): FamilyModels {
  const config = trainingConfig();
  const sw = sampleWeights(ps);
  let t = Date.now();
  const ngram = fitSparse(ps, sw, (p) => p.ngram, config.ngramBuckets, config.ngramKeepBits, config.lambdaNgram);
  log(`  ngram ${Date.now() - t} ms`);
  t = Date.now();
  const skeleton = fitSparse(
    ps,
    sw,
    (p) => p.skeleton,
    config.skeletonBuckets,
    config.skeletonKeepBits,
    config.lambdaSkeleton,
  );
  log(`  skeleton ${Date.now() - t} ms`);
  t = Date.now();
  const stylo = fitDense(
    ps.map((p) => p.stylo),
    ps.map((p) => p.y),
    sw,
    config.lambdaStylo,
  );
  log(`  stylometric ${Date.now() - t} ms`);
  t = Date.now();
  const casual = fitDense(
    ps.map((p) => casualFigures(p.stylo)),
    ps.map((p) => p.y),
    sw,
    config.lambdaStylo,
  );
  log(`  casual ${Date.now() - t} ms`);
  t = Date.now();
  const stylotrees = fitTrees(
    ps.map((p) => p.stylo),
    ps.map((p) => p.y),
    sw,
  );
  log(`  stylotrees ${Date.now() - t} ms`);
  t = Date.now();
  const lmratio = fitLMRatio(ps, sw);
  log(`  lmratio ${Date.now() - t} ms`);
  return { ngram, skeleton, stylo, lmratio, casual, stylotrees };
}

export function familyLogits(m: FamilyModels, p: Prepared): Record<Family, number> {
  return {
    ngram: m.ngram.logit(p.ngram),
    skeleton: m.skeleton.logit(p.skeleton),
    stylometric: m.stylo.logit(p.stylo),
    lmratio: m.lmratio.lr.logit(lmFeaturesFor(m.lmratio.words, m.lmratio.skel, p)),
    casual: m.casual.logit(casualFigures(p.stylo)),
    stylotrees: m.stylotrees.logit(p.stylo),
  };
}
