import { sensesOf } from '../lexical.ts';
import type { Prepared } from './prepare.ts';
import { ALIGN_MIN, ALIGN_NEAR_BEST } from './thresholds.ts';

/**
 * Step 1 of the check: sentences aligned many-to-many by shared content lemmas, where a WordNet synonym (one of
 * the most frequent senses of both words) counts as shared. Merged, split and reordered sentences align.
 */

export interface Alignment {
  /** `[j][i]`: how similar answer sentence j is to original sentence i. */
  sim: number[][];
  /** Per answer sentence, its best similarity with any original sentence. */
  bestA: number[];
  /** Per original sentence, its best similarity with any answer sentence. */
  bestO: number[];
  /** answer sentence index → aligned original sentence indexes. */
  alignment: number[][];
  /** original sentence index → the answer sentences aligned with it. */
  answersOf: number[][];
}

/**
 * The similarity of every answer sentence `j` with every original sentence `i`, as `[j][i]`: the original
 * sentence's content lemmas kept in the answer sentence (the same lemma or one sharing a frequent sense), over the
 * geometric mean of the two sentences' lemma counts. Computed through an index of the answer's lemmas and senses:
 * each original lemma visits only the answer sentences that keep it, so a long text costs about as many steps as
 * it has words rather than sentences times sentences.
 */
export function similarityMatrix(o: Prepared, a: Prepared): number[][] {
  const nO = o.sentences.length;
  const nA = a.sentences.length;
  const index = new Map<string, number[]>();
  const put = (key: string, j: number): void => {
    const list = index.get(key);
    if (!list) index.set(key, [j]);
    else if (list[list.length - 1] !== j) list.push(j);
  };
  for (let j = 0; j < nA; j++) {
    for (const l of a.lemmaSet[j] ?? []) put(`w:${l}`, j);
    for (const k of a.senseSet[j] ?? []) put(`s:${k}`, j);
  }
  const keptBy = new Map<string, number[]>();
  const sentencesKeeping = (l: string): number[] => {
    let js = keptBy.get(l);
    if (!js) {
      const set = new Set<number>(index.get(`w:${l}`) ?? []);
      for (const k of sensesOf(l)) for (const j of index.get(`s:${k}`) ?? []) set.add(j);
      js = [...set];
      keptBy.set(l, js);
    }
    return js;
  };
  const sim: number[][] = Array.from({ length: nA }, () => new Array<number>(nO).fill(0));
  const hits = new Array<number>(nA).fill(0);
  for (let i = 0; i < nO; i++) {
    const la = o.lemmaSet[i] as Set<string>;
    if (la.size === 0) continue;
    hits.fill(0);
    for (const l of la) for (const j of sentencesKeeping(l)) hits[j] = (hits[j] ?? 0) + 1;
    for (let j = 0; j < nA; j++) {
      const size = (a.lemmaSet[j] as Set<string>).size;
      if (size > 0 && (hits[j] ?? 0) > 0) (sim[j] as number[])[i] = (hits[j] as number) / Math.sqrt(la.size * size);
    }
  }
  return sim;
}

/**
 * Every answer sentence to its best original and every original to its best answer sentence, plus any pair
 * nearly as similar as either's best (merges and splits).
 */
export function align(o: Prepared, a: Prepared): Alignment {
  const nO = o.sentences.length;
  const sim = similarityMatrix(o, a);
  const bestA = sim.map((row) => Math.max(0, ...row));
  const bestO = Array.from({ length: nO }, (_, i) => Math.max(0, ...sim.map((row) => row[i] ?? 0)));
  const alignment: number[][] = sim.map((row, j) =>
    row
      .map((s, i) => ({ s, i }))
      .filter(
        ({ s, i }) =>
          s >= ALIGN_MIN && (s >= ALIGN_NEAR_BEST * (bestA[j] ?? 0) || s >= ALIGN_NEAR_BEST * (bestO[i] ?? 0)),
      )
      .map(({ i }) => i),
  );
  const answersOf: number[][] = Array.from({ length: nO }, () => []);
  alignment.forEach((is, j) => is.forEach((i) => answersOf[i]?.push(j)));
  return { sim, bestA, bestO, alignment, answersOf };
}
