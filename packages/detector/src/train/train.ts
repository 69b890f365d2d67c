// Fits the detector on the whole corpus and writes packages/detector/weights/.
// Usage: npm run train:detector   (CORPUS_DIR defaults to ../shared/corpus from the repository root)
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STYLO_NAMES } from '../features.ts';
import { saveDetector } from '../io.ts';
import { LM_FEATURE_NAMES } from '../model.ts';
import { writeFileSync } from 'node:fs';
import { Detector, FAMILIES, subsetKey } from '../model.ts';
import { auroc } from './metrics.ts';
import { CONFIG, fitDetector, isNonNative, loadCorpus, prepare } from './fit.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const corpusDir = resolve(repoRoot, process.env.CORPUS_DIR ?? '../shared/corpus');

function main(): void {
  const t0 = Date.now();
  const log = (s: string): void => console.error(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${s}`);
  const docs = loadCorpus(corpusDir);
  log(`corpus ${corpusDir}: ${docs.length} texts`);
  const ps = prepare(docs, CONFIG.folds);
  log('features extracted');
  const { detector, oof } = fitDetector(ps, { sentences: true, log });
  // Out-of-collection figures (aggregates only) for the benchmark printout.
  const cal = detector.calibrations.get(subsetKey(FAMILIES))!;
  const L = oof.map((o) => Detector.combine(cal, o));
  const hum = L.filter((_, i) => !ps[i]!.y);
  const nn = L.filter((_, i) => isNonNative(ps[i]!.doc));
  const ai = L.filter((_, i) => ps[i]!.y);
  const report = {
    auroc: auroc(
      L,
      ps.map((p) => p.y),
    ),
    fpr: hum.filter((x) => x >= cal.threshold).length / hum.length,
    nonNativeFpr: nn.filter((x) => x >= cal.threshold).length / nn.length,
    tpr: ai.filter((x) => x >= cal.threshold).length / ai.length,
    families: Object.fromEntries(
      FAMILIES.map((f) => [
        f,
        auroc(
          oof.map((o) => o[f]),
          ps.map((p) => p.y),
        ),
      ]),
    ),
  };
  log(JSON.stringify(report));
  const out = fileURLToPath(new URL('../../weights/', import.meta.url));
  saveDetector(
    detector,
    out,
    {
      texts: docs.length,
      human: docs.filter((d) => d.label === 'human').length,
      ai: docs.filter((d) => d.label === 'ai').length,
      files: [...new Set(docs.map((d) => d.file))],
    },
    { stylo: STYLO_NAMES, lm: LM_FEATURE_NAMES },
  );
  writeFileSync(out + 'report.json', JSON.stringify(report, null, 1) + '\n');
  log(`weights written to ${out}`);
}

main();
