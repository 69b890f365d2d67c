// Weights on disk: one JSON manifest with the small figures, and binary files for the large tables.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STYLO_NAMES } from './stylometry.ts';
import { Detector, FAMILIES, WINDOW_STATS, subsetKey, type Calibration } from './model.ts';
import { DenseLR, SparseLR, TreeEnsemble } from './scorers.ts';
import { LMPair, LMRatio, NgramLM } from './lm.ts';
import type { KindFigures, ReliabilityFigures } from './reliability.ts';

interface DenseJSON {
  mean: number[];
  sd: number[];
  w: number[];
  bias: number;
}
interface SparseJSON {
  weights: string;
  keep: string;
  buckets: number;
  keepBits: number;
  bias: number;
}
export interface Manifest {
  format: 1;
  trainedOn: {
    texts: number;
    human: number;
    ai: number;
    files: string[];
    /** SHA-256 over the corpus files read (name and bytes, in name order). */
    corpusSha256?: string;
    /** The training settings (fit.ts CONFIG) these weights were fitted with. */
    settings?: Record<string, unknown>;
    /** Counts up with every retrain of the shipped weights. */
    weightsVersion?: number;
  };
  ngram: SparseJSON;
  skeleton: SparseJSON;
  stylometric: DenseJSON & { features: readonly string[] };
  /** The casual family: a logistic model over the two casual-marker figures of the stylometric vector. */
  casual: DenseJSON & { features: readonly string[] };
  /**
   * The stylotrees family: boosted trees over the stylometric vector. `nodes` is a Float64 file of five runs of
   * `count` values (feature, threshold, left, right, leaf value); `roots` indexes each tree's first node.
   */
  stylotrees?: { nodes: string; count: number; roots: number[]; base: number };
  lmratio: {
    tables: string;
    buckets: number;
    totals: [number, number];
    skelTables: string;
    skelBuckets: number;
    skelTotals: [number, number];
    lr: DenseJSON;
    features: readonly string[];
  };
  calibrations: Calibration[];
  sentence: Calibration;
  /** Sentence-window term: weights of the sentence families, and the logistic model over WINDOW_STATS. */
  windows?: { weights: number[]; lr: DenseJSON; features: readonly string[] };
  /** Figures per kind of text (short, email-like, the rest) on held-out-fold scores (reliability.ts; since version 8). */
  reliability?: Partial<Record<keyof ReliabilityFigures, Omit<KindFigures, 'auroc'> & { auroc: number | null }>>;
}

const r6 = (x: number): number => +x.toFixed(6);
const denseJSON = (d: DenseLR): DenseJSON => ({
  mean: Array.from(d.mean, r6),
  sd: Array.from(d.sd, r6),
  w: Array.from(d.w, r6),
  bias: r6(d.bias),
});
const denseFrom = (j: DenseJSON): DenseLR =>
  new DenseLR(Float32Array.from(j.mean), Float32Array.from(j.sd), Float32Array.from(j.w), j.bias);

function writeBin(dir: string, name: string, a: Float32Array | Float64Array | Uint8Array): string {
  writeFileSync(join(dir, name), Buffer.from(a.buffer, a.byteOffset, a.byteLength));
  return name;
}

export function saveDetector(
  det: Detector,
  dir: string,
  info: Manifest['trainedOn'],
  names: { stylo: readonly string[]; lm: readonly string[] },
): void {
  mkdirSync(dir, { recursive: true });
  const packPair = (p: LMPair): Float32Array => {
    const len = p.human.tables[0]!.length;
    const out = new Float32Array(len * 6);
    [...p.human.tables, ...p.ai.tables].forEach((t, i) => out.set(t, i * len));
    return out;
  };
  const { words, skel } = det.lmratio;
  const trees = det.stylotrees;
  const count = trees.feat.length;
  const nodes = new Float64Array(count * 5);
  [trees.feat, trees.thr, trees.left, trees.right, trees.value].forEach((a, i) => nodes.set(a, i * count));
  const m: Manifest = {
    format: 1,
    trainedOn: info,
    ngram: {
      weights: writeBin(dir, 'ngram.f32.bin', det.ngram.w),
      keep: writeBin(dir, 'ngram.keep.bin', det.ngram.keep),
      buckets: det.ngram.w.length,
      keepBits: det.ngram.keepBits,
      bias: r6(det.ngram.bias),
    },
    skeleton: {
      weights: writeBin(dir, 'skeleton.f32.bin', det.skeleton.w),
      keep: writeBin(dir, 'skeleton.keep.bin', det.skeleton.keep),
      buckets: det.skeleton.w.length,
      keepBits: det.skeleton.keepBits,
      bias: r6(det.skeleton.bias),
    },
    stylometric: { ...denseJSON(det.stylo), features: names.stylo },
    casual: { ...denseJSON(det.casual), features: names.stylo.filter((n) => n.startsWith('casual_')) },
    stylotrees: {
      nodes: writeBin(dir, 'stylotrees.f64.bin', nodes),
      count,
      roots: Array.from(trees.roots),
      base: trees.base,
    },
    lmratio: {
      tables: writeBin(dir, 'lm.f32.bin', packPair(words)),
      buckets: words.human.tables[0]!.length,
      totals: [words.human.total, words.ai.total],
      skelTables: writeBin(dir, 'skel-lm.f32.bin', packPair(skel)),
      skelBuckets: skel.human.tables[0]!.length,
      skelTotals: [skel.human.total, skel.ai.total],
      lr: denseJSON(det.lmratio.lr),
      features: names.lm,
    },
    calibrations: [...det.calibrations.values()],
    sentence: det.sentenceCal,
    ...(det.windows
      ? { windows: { weights: det.windows.weights, lr: denseJSON(det.windows.lr), features: WINDOW_STATS } }
      : {}),
    ...(Object.keys(det.reliability).length
      ? {
          reliability: Object.fromEntries(
            Object.entries(det.reliability).map(([k, f]) => [
              k,
              { ...f, auroc: Number.isFinite(f.auroc) ? +f.auroc.toFixed(4) : null },
            ]),
          ),
        }
      : {}),
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(m) + '\n');
}

function readF32(path: string): Float32Array {
  return readInto(path, (n) => new Float32Array(n / 4));
}

function readF64(path: string): Float64Array {
  return readInto(path, (n) => new Float64Array(n / 8));
}

function readInto<T extends Float32Array | Float64Array>(path: string, make: (bytes: number) => T): T {
  const b = readFileSync(path);
  // Copy into an aligned buffer: Node may hand back a slice of a shared pool.
  const out = make(b.byteLength);
  new Uint8Array(out.buffer).set(b);
  return out;
}

export function defaultWeightsDir(): string {
  return fileURLToPath(new URL('../weights/', import.meta.url));
}

/**
 * Weights written by another version of the detector (other stylometric figures, no casual family, no calibration
 * of the full family set) would score wrongly or fail on the first call; refuse them when loading instead.
 */
function checkWritten(m: Manifest): void {
  const figures = m.stylometric?.features ?? [];
  const problem =
    figures.length !== STYLO_NAMES.length || figures.some((f, i) => f !== STYLO_NAMES[i])
      ? `its stylometric figures are not this version's ${STYLO_NAMES.length}`
      : !m.casual
        ? 'it has no casual family'
        : !m.stylotrees
          ? 'it has no stylotrees family'
          : !m.calibrations?.some((c) => c.families.join('+') === subsetKey(FAMILIES))
            ? `it has no calibration of the families ${FAMILIES.join(', ')}`
            : null;
  if (problem)
    throw new Error(
      `manifest.json was written by another version of the detector (${problem}); rebuild the weights with npm run train:detector`,
    );
}

export function loadDetectorFrom(dir: string = defaultWeightsDir()): Detector {
  const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  checkWritten(m);
  const sparse = (j: SparseJSON): SparseLR =>
    new SparseLR(readF32(join(dir, j.weights)), j.bias, new Uint8Array(readFileSync(join(dir, j.keep))), j.keepBits);
  const pairFrom = (file: string, n: number, totals: [number, number]): LMPair => {
    const lm = readF32(join(dir, file));
    const tables = [0, 1, 2, 3, 4, 5].map((i) => lm.subarray(i * n, (i + 1) * n));
    return new LMPair(new NgramLM(tables.slice(0, 3), totals[0]), new NgramLM(tables.slice(3), totals[1]));
  };
  const words = pairFrom(m.lmratio.tables, m.lmratio.buckets, m.lmratio.totals);
  const skel = pairFrom(m.lmratio.skelTables, m.lmratio.skelBuckets, m.lmratio.skelTotals);
  const cals = new Map<string, Calibration>();
  for (const c of m.calibrations) cals.set(c.families.join('+'), c);
  const windows = m.windows ? { weights: m.windows.weights, lr: denseFrom(m.windows.lr) } : null;
  const st = m.stylotrees!;
  const nodes = readF64(join(dir, st.nodes));
  const run = (i: number): Float64Array => nodes.subarray(i * st.count, (i + 1) * st.count);
  const stylotrees = new TreeEnsemble(
    st.base,
    Int32Array.from(st.roots),
    Int32Array.from(run(0)),
    run(1),
    Int32Array.from(run(2)),
    Int32Array.from(run(3)),
    run(4),
  );
  const det = new Detector(
    sparse(m.ngram),
    sparse(m.skeleton),
    denseFrom(m.stylometric),
    new LMRatio(words, skel, denseFrom(m.lmratio.lr)),
    denseFrom(m.casual),
    stylotrees,
    cals,
    m.sentence,
    windows,
  );
  det.reliability = Object.fromEntries(
    Object.entries(m.reliability ?? {}).map(([k, f]) => [k, { ...f, auroc: f.auroc ?? NaN }]),
  );
  return det;
}
