// The flag threshold and the percentile calibration, from out-of-fold logits.
import { FAMILIES, type Calibration, type DocLogits, type Family } from '../model.ts';
import { trainingConfig } from './config.ts';
import { isNonNative, sampleWeights, type Prepared } from './corpus.ts';
import { fitMeta } from './stack.ts';
import { SHORT_TEXT_WORDS, MIN_MEASURED_HUMANS } from '../reliability.ts';
import { reportGenre } from './genres.ts';

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
  /** 'domains' only: each domain's point is its (1 - fpr) point with this share instead of the configured one. */
  fpr?: number;
}

/** Candidates for the document threshold; fitDetector picks one by inner leave-one-collection-out folds. */
export const THRESHOLD_RULES: ThresholdRule[] = [
  ...[0.5, 0.6, 0.7, 0.8, 0.9, 1].map((q) => ({ kind: 'domains' as const, q })),
  ...[0.02, 0.015, 0.01, 0.0075, 0.005, 0.0025, 0.001].map((q) => ({ kind: 'pooled' as const, q })),
  // Stricter: every domain's 99.5% or 99.75% point (decision 0057: at most 1% of humans flagged in every genre).
  ...[0.005, 0.0025].map((fpr) => ({ kind: 'domains' as const, q: 1, fpr })),
];

type CalMeta = { y: number; nonNative: boolean; domain: string };

/** Short human texts of a domain count for the short-text threshold when the domain has at least this many. */
export const MIN_SHORT_DOMAIN = 20;

/**
 * The flag threshold of short texts (under SHORT_TEXT_WORDS words): the highest of the human domains' 99% points
 * over their short texts (domains with MIN_SHORT_DOMAIN short humans or more), and never under `threshold`.
 * Undefined when fewer than MIN_MEASURED_HUMANS short human texts are there to read it from.
 */
export function shortThresholdFor(
  logits: readonly number[],
  ps: readonly CalMeta[],
  words: readonly number[],
  threshold: number,
  fpr = trainingConfig().fpr,
): number | undefined {
  const count = new Map<string, number>();
  logits.forEach((_, i) => {
    if (!ps[i]!.y && words[i]! < SHORT_TEXT_WORDS) count.set(ps[i]!.domain, (count.get(ps[i]!.domain) ?? 0) + 1);
  });
  const keep = (i: number): boolean =>
    !ps[i]!.y && words[i]! < SHORT_TEXT_WORDS && (count.get(ps[i]!.domain) ?? 0) >= MIN_SHORT_DOMAIN;
  const idx = logits.map((_, i) => i).filter(keep);
  if (idx.length < MIN_MEASURED_HUMANS) return undefined;
  const t = thresholdFor(
    idx.map((i) => logits[i]!),
    idx.map((i) => ps[i]!),
    { kind: 'domains', q: 1 },
    fpr,
  );
  return Math.max(threshold, t);
}

export function thresholdFor(
  logits: readonly number[],
  ps: readonly CalMeta[],
  rule: ThresholdRule,
  fpr = rule.fpr ?? trainingConfig().fpr,
): number {
  const byDom = new Map<string, number[]>();
  let nonNativeDomain = '';
  logits.forEach((x, i) => {
    const p = ps[i]!;
    if (p.y) return;
    if (!byDom.has(p.domain)) byDom.set(p.domain, []);
    byDom.get(p.domain)!.push(x);
    if (p.nonNative) nonNativeDomain = p.domain;
  });
  const domWeight = (dom: string): number => (dom === nonNativeDomain ? trainingConfig().nonNativeWeight : 1);
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
export function chooseThresholdRule(oof: DocLogits[], ps: Prepared[], words: readonly number[]): RuleChoice {
  const sources = [...new Set(ps.map((p) => p.doc.file))].sort();
  const fallback: ThresholdRule = { kind: 'domains', q: 0.5 };
  if (sources.length < 3) return { rule: fallback, innerFpr: NaN, innerTpr: NaN, innerNonNative: NaN, table: [] };
  const stats = THRESHOLD_RULES.map(() => ({
    hf: 0,
    nh: 0,
    af: 0,
    na: 0,
    nn: 0,
    genres: new Map<string, { hf: number; nh: number }>(),
  }));
  // Humans are counted per report genre, with short texts as a genre of their own (decision 0057).
  const genreKey = (i: number): string => (words[i]! < SHORT_TEXT_WORDS ? 'short' : reportGenre(ps[i]!.doc.domain));
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
    const comb = (i: number): number => FAMILIES.reduce((s, f, j) => s + weights[j]! * oof[i]![f], bias);
    const trL = trI.map(comb);
    const meta = trP.map((p) => ({ y: p.y, nonNative: isNonNative(p.doc), domain: p.doc.domain }));
    const trW = trI.map((i) => words[i]!);
    THRESHOLD_RULES.forEach((rule, r) => {
      const th = thresholdFor(trL, meta, rule);
      const thShort = shortThresholdFor(trL, meta, trW, th) ?? th;
      const st = stats[r]!;
      for (const i of teI) {
        const x = comb(i);
        const p = ps[i]!;
        const flag = x >= (words[i]! < SHORT_TEXT_WORDS ? thShort : th);
        if (p.y) {
          st.na++;
          if (flag) st.af++;
        } else {
          st.nh++;
          const g = st.genres.get(genreKey(i)) ?? { hf: 0, nh: 0 };
          g.nh++;
          if (flag) {
            g.hf++;
            st.hf++;
            if (isNonNative(p.doc)) st.nn++;
          }
          st.genres.set(genreKey(i), g);
        }
      }
    });
  }
  const fpr = trainingConfig().fpr;
  // The highest share of humans flagged in any genre with enough humans to measure it.
  const worstGenre = (st: (typeof stats)[number]): number => {
    let w = 0;
    for (const g of st.genres.values()) if (g.nh >= MIN_MEASURED_HUMANS) w = Math.max(w, g.hf / g.nh);
    return w;
  };
  const table = THRESHOLD_RULES.map((rule, r) => {
    const st = stats[r]!;
    return `${rule.kind} ${rule.q}${rule.fpr ? ` at ${rule.fpr}` : ''}: inner FPR ${((100 * st.hf) / Math.max(1, st.nh)).toFixed(2)}%, worst genre ${(100 * worstGenre(st)).toFixed(2)}%, TPR ${((100 * st.af) / Math.max(1, st.na)).toFixed(1)}%, non-native ${st.nn}`;
  });
  let best = -1;
  stats.forEach((st, r) => {
    if (st.hf > fpr * st.nh || st.nn > 0 || worstGenre(st) > fpr) return;
    if (best < 0 || st.af > stats[best]!.af) best = r;
  });
  // None keeps every genre under the share: the one whose worst genre is flagged least (then the most AI found).
  if (best < 0)
    stats.forEach((st, r) => {
      const a = worstGenre(st) + (st.nn > 0 ? 1 : 0);
      const b = best < 0 ? Infinity : worstGenre(stats[best]!) + (stats[best]!.nn > 0 ? 1 : 0);
      if (a < b || (a === b && st.af > stats[best]!.af)) best = r;
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
