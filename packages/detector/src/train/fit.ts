// Fitting pipeline shared by the training script and the leave-one-file-out benchmark.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Detector,
  DenseLR,
  FAMILIES,
  LMPair,
  LMRatio,
  NgramLM,
  SENTENCE_FAMILIES,
  SparseLR,
  TreeEnsemble,
  compact,
  extract,
  lmFeatures,
  lmKeys,
  subsetKey,
  windowStats,
  type Calibration,
  type CompactCounts,
  type DocLogits,
  type Family,
  type WindowModel,
} from '../model.ts';
import { hashString, letterRuns, normalizeForFeatures, splitSentences } from '../text.ts';
import { casualFigures } from '../features.ts';
import { isPlainProse } from '../lexicon.ts';
import { denseRows, fitLR, sparseRows, type GroupEffects } from './lr.ts';
import { fitTrees } from './gbdt.ts';

export interface Doc {
  id: string;
  text: string;
  label: 'human' | 'ai';
  source: string;
  domain: string;
  generator: string;
  attack: string;
  group: string;
  file: string;
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
  skel: string[];
  skelKeys: Uint32Array[];
  /** Normalised sentences of 4+ words (split on the raw text, as at run time), for the sentence-window term. */
  sents: string[];
  /** Excerpts of the text (DETECTOR_AUGMENT), extra rows for the family fits only. */
  crops: Prepared[];
}

export const CONFIG = {
  ngramBuckets: 1 << 20,
  ngramKeepBits: 25,
  skeletonBuckets: 1 << 18,
  skeletonKeepBits: 22,
  lmBuckets: 1 << 18,
  skelLmBuckets: 1 << 16,
  minDocFreq: 3,
  lambdaNgram: Number(process.env.DETECTOR_LAMBDA_NGRAM ?? 4e-4),
  lambdaSkeleton: 1e-3,
  lambdaStylo: Number(process.env.DETECTOR_LAMBDA_STYLO ?? 1e-2),
  lambdaLM: 1e-2,
  lambdaMeta: 1e-3,
  /**
   * How the families are combined: 'lr' (a fitted non-negative stack, the shipped weights since version 2) or
   * 'equal' (z-scored, equal weights: version 1).
   */
  stack: (process.env.DETECTOR_STACK ?? 'lr') as 'equal' | 'lr',
  /** Non-native human essays count extra so that the fit and the threshold protect them. */
  nonNativeWeight: 3,
  folds: Number(process.env.DETECTOR_FOLDS ?? 4),
  /**
   * How the out-of-fold scores for the stack and calibration are split: 'group' (by text group, folds of the
   * whole corpus: version 2) or 'source' (by collection: version 1, when every collection was GPT-heavy).
   */
  stackSplit: (process.env.DETECTOR_STACK_SPLIT ?? 'group') as 'source' | 'group',
  lbfgsIters: 80,
  fpr: 0.01,
  sentenceFpr: 0.05,
  /** Sentence-window aggregation as an extra ensemble term (docs/detector-rounds.md). */
  windows: process.env.DETECTOR_WINDOWS === '1',
  lambdaWindows: 1e-2,
  /** Texts are weighted ∝ (texts of the same label and domain)^-domainPower. */
  domainPower: Number(process.env.DETECTOR_DOMAIN_POWER ?? 0.5),
  /** Genre intercepts while fitting the families (fixed effects, docs/detector-rounds.md); off unless set. */
  genreEffects: process.env.DETECTOR_GENRE_FE === '1',
  lambdaGenre: Number(process.env.DETECTOR_GENRE_LAMBDA ?? 1e-3),
  /**
   * Excerpts per text added to the family fits (docs/detector-rounds.md), each a run of about half its sentences;
   * together they weigh `augmentWeight` times their text. 0 (the default) adds none.
   */
  augment: Number(process.env.DETECTOR_AUGMENT ?? 0),
  augmentWeight: Number(process.env.DETECTOR_AUGMENT_WEIGHT ?? 1),
  /** AI texts with none of the stock phrases (plain prose) count this many times in every fit. */
  plainWeight: Number(process.env.DETECTOR_PLAIN_WEIGHT ?? 3),
};

/** Coarse genre of a corpus domain: essays, academic abstracts, question answers, reference articles, web prose. */
export function genreOf(domain: string): string {
  if (domain.startsWith('essay_')) return 'essay';
  if (domain.includes('abstract')) return 'academic';
  if (domain.startsWith('qa_')) return 'qa';
  if (domain === 'article_wikipedia' || domain === 'howto_wikihow') return 'reference';
  return 'web';
}

/** Genre intercepts for a fit, when enabled: the weights then learn the contrast within genres. */
function genreEffects(ps: Prepared[]): GroupEffects | undefined {
  if (!CONFIG.genreEffects) return undefined;
  const ids = new Map<string, number>();
  const of = Int32Array.from(
    ps.map((p) => {
      const g = genreOf(p.doc.domain);
      if (!ids.has(g)) ids.set(g, ids.size);
      return ids.get(g)!;
    }),
  );
  return { of, n: ids.size, lambda: CONFIG.lambdaGenre };
}

/** The sentences the window term scores: the same split and word gate as detect() uses for its highlights. */
export function windowSentences(text: string): string[] {
  const out: string[] = [];
  for (const s of splitSentences(text)) {
    const sn = normalizeForFeatures(s.text);
    if (letterRuns(sn) >= 4) out.push(sn);
  }
  return out;
}

/**
 * Files whose line structure differs by label (corpus README: AI texts keep paragraphs and lists, human texts
 * are one paragraph): their texts are flattened to one paragraph for both labels, so the fit cannot learn
 * line breaks as a label.
 */
export const FLATTEN_FILES: ReadonlySet<string> = new Set(['l2r', 'biscope', 'prefix_continuations']);

export function flatten(text: string): string {
  return text.replace(/\s*\n+\s*/g, ' ');
}

export function loadCorpus(dir: string): Doc[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  const docs: Doc[] = [];
  for (const f of files) {
    for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const o = JSON.parse(line) as Omit<Doc, 'file'>;
      const file = f.replace(/\.jsonl$/, '');
      docs.push({ ...o, text: FLATTEN_FILES.has(file) ? flatten(o.text) : o.text, file });
    }
  }
  return docs;
}

export function isNonNative(d: Doc): boolean {
  return d.label === 'human' && d.domain === 'essay_toefl_nonnative';
}

function prepareOne(doc: Doc, folds: number, crops: Prepared[]): Prepared {
  const x = extract(normalizeForFeatures(doc.text));
  return {
    doc,
    y: doc.label === 'ai' ? 1 : 0,
    fold: hashString(doc.group, 7) % folds,
    ngram: compact(x.ngram),
    skeleton: compact(x.skeleton),
    stylo: x.stylo,
    lm: x.lm,
    lmKeys: lmKeys(x.lm),
    skel: x.skel,
    skelKeys: lmKeys(x.skel),
    sents: CONFIG.windows ? windowSentences(doc.text) : [],
    crops,
  };
}

/** Excerpts of a text of 6+ sentences: runs of about half its sentences at fixed pseudo-random starts. */
export function excerpts(doc: Doc, n: number): Doc[] {
  const spans = splitSentences(doc.text);
  if (n <= 0 || spans.length < 6) return [];
  const len = Math.ceil(spans.length / 2);
  const out: Doc[] = [];
  for (let c = 0; c < n; c++) {
    const start = hashString(`${doc.id}#${c}`, 13) % (spans.length - len + 1);
    const text = doc.text.slice(spans[start]!.start, spans[start + len - 1]!.end);
    out.push({ ...doc, id: `${doc.id}#${c}`, text });
  }
  return out;
}

export function prepare(docs: Doc[], folds = CONFIG.folds): Prepared[] {
  return docs.map((doc) =>
    prepareOne(
      doc,
      folds,
      excerpts(doc, CONFIG.augment).map((d) => prepareOne(d, folds, [])),
    ),
  );
}

/** The texts and their excerpts, with the excerpts of each text sharing `augmentWeight` times its weight. */
function withExcerpts(ps: Prepared[], sw: Float64Array): { all: Prepared[]; sw: Float64Array } {
  const extra: Prepared[] = [];
  const w: number[] = [];
  ps.forEach((p, i) => {
    for (const c of p.crops) {
      extra.push(c);
      w.push((sw[i]! * CONFIG.augmentWeight) / p.crops.length);
    }
  });
  if (extra.length === 0) return { all: ps, sw };
  return { all: [...ps, ...extra], sw: Float64Array.from([...sw, ...w]) };
}

/** Model family of a generator name, so that renamed snapshots of one model count as one generator. */
export function generatorFamily(g: string): string {
  const s = g.toLowerCase();
  if (s === 'human') return 'human';
  if (s.includes('gpt-4') && !s.includes('3.5')) return 'gpt-4';
  if (s.includes('gpt-3.5') || s.includes('chatgpt')) return 'gpt-3.5';
  if (s.includes('davinci')) return 'davinci';
  if (s.includes('llama')) return 'llama';
  if (s.includes('claude')) return 'claude';
  if (s.includes('flan') || s.includes('t5')) return 'flan-t5';
  return 'other-open';
}

/**
 * Class-balanced sample weights. Within a class each domain gets weight ∝ sqrt(size), so the many student
 * essays do not define "human" on their own; AI texts are balanced the same way over generator families as
 * well (GPT-3.5 wrote almost half of them), and non-native human essays count extra.
 */
export function sampleWeights(ps: Prepared[]): Float64Array {
  const dom = new Map<string, number>();
  const gen = new Map<string, number>();
  const key = (p: Prepared): string => `${p.y}|${p.doc.domain}`;
  const gkey = (p: Prepared): string => generatorFamily(p.doc.generator);
  for (const p of ps) {
    dom.set(key(p), (dom.get(key(p)) ?? 0) + 1);
    if (p.y) gen.set(gkey(p), (gen.get(gkey(p)) ?? 0) + 1);
  }
  const a = CONFIG.domainPower;
  const raw = ps.map(
    (p) =>
      dom.get(key(p))! ** -a *
      (p.y ? 1 / Math.sqrt(gen.get(gkey(p))!) : 1) *
      (isNonNative(p.doc) ? CONFIG.nonNativeWeight : 1) *
      (p.y && CONFIG.plainWeight !== 1 && isPlainProse(p.doc.text) ? CONFIG.plainWeight : 1),
  );
  let th = 0,
    ta = 0;
  ps.forEach((p, i) => {
    if (p.y) ta += raw[i]!;
    else th += raw[i]!;
  });
  return Float64Array.from(ps.map((p, i) => (raw[i]! / (p.y ? ta : th)) * 0.5 * ps.length));
}

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
  texts = ps,
): SparseLR {
  // Which n-grams are kept is counted over whole texts only: an excerpt repeats its text's n-grams.
  const keep = keepBitmap(texts.map(get), bits, CONFIG.minDocFreq);
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
    CONFIG.lbfgsIters,
    genreEffects(ps),
  );
  const w = new Float32Array(buckets);
  used.forEach((b, j) => {
    w[b] = r.w[j]!;
  });
  return new SparseLR(w, r.bias, keep, bits);
}

function fitDense(xs: number[][], y: number[], sw: Float64Array, lambda: number, groups?: GroupEffects): DenseLR {
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
  const r = fitLR(denseRows(xs.map((x) => tmp.z(x))), y, sw, lambda, 200, groups);
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
    for (const [h, c] of counts) if (c >= CONFIG.minDocFreq) t[h & (buckets - 1)]! += c;
    tables.push(t);
  }
  return new NgramLM(tables, total);
}

function buildPair(ps: Prepared[], side: LMSide): LMPair {
  const b = side === 'words' ? CONFIG.lmBuckets : CONFIG.skelLmBuckets;
  return new LMPair(buildLM(ps, 0, b, side), buildLM(ps, 1, b, side));
}

function lmFeaturesFor(words: LMPair, skel: LMPair, p: Prepared): number[] {
  return [
    ...lmFeatures(words.human.logProbs(p.lm, p.lmKeys), words.ai.logProbs(p.lm, p.lmKeys)),
    ...lmFeatures(skel.human.logProbs(p.skel, p.skelKeys), skel.ai.logProbs(p.skel, p.skelKeys)),
  ];
}

function fitLMRatio(ps: Prepared[], sw: Float64Array, texts = ps): LMRatio {
  // The ratio features of a training text must come from models that did not see it (nor its text, for an
  // excerpt); the language models themselves count whole texts only.
  const inner = 4;
  const feats: number[][] = new Array<number[]>(ps.length);
  for (let k = 0; k < inner; k++) {
    const inFold = (p: Prepared): boolean => hashString(p.doc.group, 11) % inner === k;
    const tr = texts.filter((p) => !inFold(p));
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
    CONFIG.lambdaLM,
    genreEffects(ps),
  );
  return new LMRatio(buildPair(texts, 'words'), buildPair(texts, 'skel'), lr);
}

export interface FamilyModels {
  ngram: SparseLR;
  skeleton: SparseLR;
  stylo: DenseLR;
  lmratio: LMRatio;
  casual: DenseLR;
  stylotrees: TreeEnsemble;
}

export function fitFamilies(texts: Prepared[], log: (s: string) => void = () => {}): FamilyModels {
  const { all: ps, sw } = withExcerpts(texts, sampleWeights(texts));
  let t = Date.now();
  const ngram = fitSparse(ps, sw, (p) => p.ngram, CONFIG.ngramBuckets, CONFIG.ngramKeepBits, CONFIG.lambdaNgram, texts);
  log(`  ngram ${Date.now() - t} ms`);
  t = Date.now();
  const skeleton = fitSparse(
    ps,
    sw,
    (p) => p.skeleton,
    CONFIG.skeletonBuckets,
    CONFIG.skeletonKeepBits,
    CONFIG.lambdaSkeleton,
    texts,
  );
  log(`  skeleton ${Date.now() - t} ms`);
  t = Date.now();
  const stylo = fitDense(
    ps.map((p) => p.stylo),
    ps.map((p) => p.y),
    sw,
    CONFIG.lambdaStylo,
    genreEffects(ps),
  );
  log(`  stylometric ${Date.now() - t} ms`);
  t = Date.now();
  const casual = fitDense(
    ps.map((p) => casualFigures(p.stylo)),
    ps.map((p) => p.y),
    sw,
    CONFIG.lambdaStylo,
    genreEffects(ps),
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
  const lmratio = fitLMRatio(ps, sw, texts);
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

/** Weighted quantile. */
export function quantile(xs: number[], ws: number[], q: number): number {
  const ord = xs.map((x, i) => [x, ws[i]!] as const).sort((a, b) => a[0] - b[0]);
  const tot = ord.reduce((s, [, w]) => s + w, 0);
  let acc = 0;
  for (const [x, w] of ord) {
    acc += w;
    if (acc >= q * tot) return x;
  }
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
 * Flag-threshold rules on out-of-collection human logits (non-native essays always counted ×3):
 * 'domains': each human domain's own (1 - fpr) point, then the q-quantile over the domains (q = 0.5: median);
 * 'pooled': the (1 - q) point of all human texts with every domain weighted equally.
 */
export interface ThresholdRule {
  kind: 'domains' | 'pooled';
  q: number;
}

/** Candidates for the document threshold; fitDetector picks one by inner leave-one-collection-out folds. */
export const THRESHOLD_RULES: ThresholdRule[] = [
  ...[0.5, 0.6, 0.7, 0.8, 0.9, 1].map((q) => ({ kind: 'domains' as const, q })),
  ...[0.02, 0.015, 0.01, 0.0075, 0.005, 0.0025].map((q) => ({ kind: 'pooled' as const, q })),
];

type CalMeta = { y: number; nonNative: boolean; domain: string };

export function thresholdFor(logits: number[], ps: CalMeta[], rule: ThresholdRule, fpr = CONFIG.fpr): number {
  const byDom = new Map<string, number[]>();
  let nonNativeDomain = '';
  logits.forEach((x, i) => {
    const p = ps[i]!;
    if (p.y) return;
    if (!byDom.has(p.domain)) byDom.set(p.domain, []);
    byDom.get(p.domain)!.push(x);
    if (p.nonNative) nonNativeDomain = p.domain;
  });
  const domWeight = (dom: string): number => (dom === nonNativeDomain ? CONFIG.nonNativeWeight : 1);
  if (rule.kind === 'domains') {
    const points: number[] = [],
      pw: number[] = [];
    for (const [dom, xs] of byDom) {
      points.push(
        quantile(
          xs,
          xs.map(() => 1),
          1 - fpr,
        ),
      );
      pw.push(domWeight(dom));
    }
    return quantile(points, pw, rule.q) + 1e-6;
  }
  const xs: number[] = [],
    ws: number[] = [];
  for (const [dom, d] of byDom)
    for (const x of d) {
      xs.push(x);
      ws.push(domWeight(dom) / d.length);
    }
  return quantile(xs, ws, 1 - rule.q) + 1e-6;
}

/** Percentile calibration (human quantiles below, flagged-AI quantiles above) around a given threshold. */
export function calibrationFrom(
  fams: Family[],
  weights: number[],
  bias: number,
  logits: number[],
  ps: CalMeta[],
  threshold: number,
): Calibration {
  const hx: number[] = [],
    ax: number[] = [];
  logits.forEach((x, i) => (ps[i]!.y ? ax : hx).push(x));
  const above = ax.filter((x) => x >= threshold);
  return {
    families: fams,
    weights,
    bias,
    threshold,
    human: quantiles(hx, 200).map((v) => +v.toFixed(5)),
    ai: quantiles(above.length >= 2 ? above : [threshold, threshold + 1], 100).map((v) => +v.toFixed(5)),
  };
}

export interface RuleChoice {
  rule: ThresholdRule;
  innerFpr: number;
  innerTpr: number;
  innerNonNative: number;
  table: string[];
}

/**
 * Picks the threshold rule by inner leave-one-collection-out folds over the training texts' out-of-collection
 * family logits: for each training collection, the stack and every candidate threshold are fitted on the
 * other collections and applied to it. The rule kept is the one with the most AI texts flagged among those
 * that flag at most `fpr` of the pooled inner human texts and no non-native essay; failing that, the one
 * with the fewest humans flagged.
 */
export function chooseThresholdRule(oof: DocLogits[], ps: Prepared[]): RuleChoice {
  const sources = [...new Set(ps.map((p) => p.doc.file))].sort();
  const fallback: ThresholdRule = { kind: 'domains', q: 0.5 };
  if (sources.length < 3) return { rule: fallback, innerFpr: NaN, innerTpr: NaN, innerNonNative: NaN, table: [] };
  const stats = THRESHOLD_RULES.map(() => ({ hf: 0, nh: 0, af: 0, na: 0, nn: 0 }));
  for (const src of sources) {
    const trI = ps.map((_, i) => i).filter((i) => ps[i]!.doc.file !== src);
    const teI = ps.map((_, i) => i).filter((i) => ps[i]!.doc.file === src);
    const trP = trI.map((i) => ps[i]!);
    const { weights, bias } = fitMeta(
      [...FAMILIES],
      trI.map((i) => oof[i]!),
      trP,
      sampleWeights(trP),
    );
    const ww = oof[0]!.windows === undefined ? 0 : windowWeight(trI.map((i) => oof[i]!.windows!));
    const comb = (i: number): number =>
      FAMILIES.reduce((s, f, j) => s + weights[j]! * oof[i]![f], bias + ww * (oof[i]!.windows ?? 0));
    const trL = trI.map(comb);
    const meta = trP.map((p) => ({ y: p.y, nonNative: isNonNative(p.doc), domain: p.doc.domain }));
    THRESHOLD_RULES.forEach((rule, r) => {
      const th = thresholdFor(trL, meta, rule);
      const st = stats[r]!;
      for (const i of teI) {
        const x = comb(i);
        const p = ps[i]!;
        if (p.y) {
          st.na++;
          if (x >= th) st.af++;
        } else {
          st.nh++;
          if (x >= th) {
            st.hf++;
            if (isNonNative(p.doc)) st.nn++;
          }
        }
      }
    });
  }
  const table = THRESHOLD_RULES.map((rule, r) => {
    const st = stats[r]!;
    return `${rule.kind} ${rule.q}: inner FPR ${((100 * st.hf) / Math.max(1, st.nh)).toFixed(2)}%, TPR ${((100 * st.af) / Math.max(1, st.na)).toFixed(1)}%, non-native ${st.nn}`;
  });
  let best = -1;
  stats.forEach((st, r) => {
    if (st.hf > CONFIG.fpr * st.nh || st.nn > 0) return;
    if (best < 0 || st.af > stats[best]!.af) best = r;
  });
  if (best < 0)
    stats.forEach((st, r) => {
      if (best < 0 || st.hf < stats[best]!.hf) best = r;
    });
  const st = stats[best]!;
  return {
    rule: THRESHOLD_RULES[best]!,
    innerFpr: st.hf / Math.max(1, st.nh),
    innerTpr: st.af / Math.max(1, st.na),
    innerNonNative: st.nn,
    table,
  };
}

export function allSubsets(): Family[][] {
  const out: Family[][] = [];
  for (let mask = 1; mask < 1 << FAMILIES.length; mask++) out.push(FAMILIES.filter((_, i) => mask & (1 << i)));
  return out;
}

/**
 * The ensemble over a family subset. 'equal' (default): every family's out-of-collection logit divided by its
 * standard deviation over the training texts, summed with equal weight. 'lr': a non-negative logistic stack
 * fitted on those logits. Inner leave-one-collection-out folds preferred 'equal' (docs/detector-rounds.md): the
 * fitted stack learns which family transferred best between the training collections, and that does not
 * carry over to the next unseen collection.
 */
function fitMeta(
  fams: Family[],
  oof: Record<Family, number>[],
  ps: Prepared[],
  sw: Float64Array,
): { weights: number[]; bias: number } {
  if (CONFIG.stack === 'equal') {
    const weights = fams.map((f) => {
      let m = 0;
      for (const o of oof) m += o[f];
      m /= Math.max(1, oof.length);
      let v = 0;
      for (const o of oof) v += (o[f] - m) ** 2;
      const sd = Math.sqrt(v / Math.max(1, oof.length)) || 1;
      return +(1 / sd).toFixed(6);
    });
    return { weights, bias: 0 };
  }
  const xs = oof.map((o) => fams.map((f) => o[f]));
  let r = fitLR(
    denseRows(xs),
    ps.map((p) => p.y),
    sw,
    CONFIG.lambdaMeta,
    200,
  );
  // A family that gets a negative weight is mirroring another; drop it rather than invert it.
  const w = Array.from(r.w).map((v) => Math.max(0, v));
  if (w.some((v, i) => v !== r.w[i])) {
    const keepIdx = w.map((v, i) => (v > 0 ? i : -1)).filter((i) => i >= 0);
    if (keepIdx.length > 0) {
      const r2 = fitLR(
        denseRows(xs.map((x) => keepIdx.map((i) => x[i]!))),
        ps.map((p) => p.y),
        sw,
        CONFIG.lambdaMeta,
        200,
      );
      const w2 = new Array(fams.length).fill(0) as number[];
      keepIdx.forEach((i, j) => {
        w2[i] = Math.max(0, r2.w[j]!);
      });
      r = { w: Float32Array.from(w2), bias: r2.bias };
      return { weights: w2.map((v) => +v.toFixed(6)), bias: +r.bias.toFixed(6) };
    }
  }
  return { weights: w.map((v) => +v.toFixed(6)), bias: +r.bias.toFixed(6) };
}

/** Equal-weight share of the window term: 1 / its standard deviation, like the families. */
export function windowWeight(xs: number[]): number {
  const m = xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / Math.max(1, xs.length)) || 1;
  return +(1 / sd).toFixed(6);
}

/** A document's family logits and window term under a fitted detector (prepared features). */
export function docLogits(det: Detector, p: Prepared): DocLogits {
  const x = { norm: '', tokens: [], ngram: p.ngram, skeleton: p.skeleton, stylo: p.stylo, lm: p.lm, skel: p.skel };
  const l: DocLogits = det.familyLogits(x);
  if (det.windows) l.windows = det.windowLogit(p.sents.map((sn) => det.sentenceFamilyLogits(sn)));
  return l;
}

export interface FitResult {
  detector: Detector;
  oof: DocLogits[];
  rule: RuleChoice;
}

/** Full pipeline: out-of-fold family scores, stacked ensemble, percentile calibration, final family fits. */
export function fitDetector(ps: Prepared[], opts: { sentences: boolean; log?: (s: string) => void }): FitResult {
  const log = opts.log ?? (() => {});
  const oof: DocLogits[] = new Array<DocLogits>(ps.length);
  const sentLogits: Record<Family, number>[][] = new Array<Record<Family, number>[]>(ps.length);
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
      if (CONFIG.windows) sentLogits[i] = p.sents.map((sn) => det.sentenceFamilyLogits(sn));
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
  let windows: WindowModel | null = null;
  let winWeight = 0;
  if (CONFIG.windows) {
    // Sentence logits combined like the sentence families' ensemble, summarised per document, and a small
    // logistic model on those summaries, all from out-of-collection scores.
    const { weights } = fitMeta([...SENTENCE_FAMILIES], oof, ps, sw);
    const stats = sentLogits.map((fls) =>
      windowStats(fls.map((fl) => SENTENCE_FAMILIES.reduce((s, f, j) => s + weights[j]! * fl[f], 0))),
    );
    const lr = fitDense(
      stats,
      ps.map((p) => p.y),
      sw,
      CONFIG.lambdaWindows,
    );
    windows = { weights, lr };
    stats.forEach((st, i) => {
      oof[i]!.windows = lr.logit(st);
    });
    winWeight = windowWeight(oof.map((o) => o.windows!));
    log(`window term: weights ${lr.w.join(', ')}; ensemble weight ${winWeight}`);
  }
  const cals = new Map<string, Calibration>();
  const meta = ps.map((p) => ({ y: p.y, nonNative: isNonNative(p.doc), domain: p.doc.domain }));
  const choice = chooseThresholdRule(oof, ps);
  log(
    `threshold rule ${choice.rule.kind} ${choice.rule.q} (inner FPR ${(100 * choice.innerFpr).toFixed(2)}%, TPR ${(100 * choice.innerTpr).toFixed(1)}%)`,
  );
  for (const line of choice.table) log('  ' + line);
  for (const fams of allSubsets()) {
    const { weights, bias } = fitMeta(fams, oof, ps, sw);
    const ww = windows && fams.length === FAMILIES.length ? winWeight : 0;
    const logits = oof.map((o) => fams.reduce((s, f, i) => s + weights[i]! * o[f], bias + ww * (o.windows ?? 0)));
    const cal = calibrationFrom(fams, weights, bias, logits, meta, thresholdFor(logits, meta, choice.rule));
    if (ww) cal.windowWeight = ww;
    cals.set(subsetKey(fams), cal);
  }
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
      thresholdFor(logits, sentOof, { kind: 'pooled', q: CONFIG.sentenceFpr }),
    );
  } else {
    sentenceCal = cals.get(subsetKey(sf))!;
  }
  log('final fit on all texts');
  const m = fitFamilies(ps, log);
  return {
    detector: new Detector(m.ngram, m.skeleton, m.stylo, m.lmratio, m.casual, m.stylotrees, cals, sentenceCal, windows),
    oof,
    rule: choice,
  };
}
