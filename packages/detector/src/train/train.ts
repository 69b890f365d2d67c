// Fits the detector on the whole corpus and writes packages/detector/weights/.
// Usage: npm run train:detector   (CORPUS_DIR defaults to ../shared/corpus from the repository root)
import { fileURLToPath } from 'node:url';
import { STYLO_NAMES } from '../stylometry.ts';
import { saveDetector } from '../io.ts';
import { LM_FEATURE_NAMES } from '../lm.ts';
import { writeFileSync } from 'node:fs';
import { Detector, FAMILIES, subsetKey } from '../model.ts';
import { auroc } from './metrics.ts';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readScriptPaths, trainingConfig } from './config.ts';
import { FLATTEN_FILES, isNonNative, loadCorpus, prepare } from './corpus.ts';
import { fitDetector } from './fit.ts';

function corpusHash(dir: string): string {
  const h = createHash('sha256');
  for (const f of readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()) {
    h.update(f);
    h.update(readFileSync(join(dir, f)));
  }
  return h.digest('hex');
}

/** The shipped weights' version number (1 for weights written before it was recorded). */
function previousVersion(): number {
  try {
    const m = JSON.parse(
      readFileSync(fileURLToPath(new URL('../../weights/manifest.json', import.meta.url)), 'utf8'),
    ) as {
      trainedOn?: { weightsVersion?: number };
    };
    return m.trainedOn?.weightsVersion ?? 1;
  } catch {
    return 0;
  }
}

function main(): void {
  const t0 = Date.now();
  const log = (s: string): void => console.error(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${s}`);
  const { corpusDir, out } = readScriptPaths();
  const config = trainingConfig();
  const docs = loadCorpus(corpusDir);
  log(`corpus ${corpusDir}: ${docs.length} texts`);
  const ps = prepare(docs, config.folds);
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
  saveDetector(
    detector,
    out,
    {
      texts: docs.length,
      human: docs.filter((d) => d.label === 'human').length,
      ai: docs.filter((d) => d.label === 'ai').length,
      files: [...new Set(docs.map((d) => d.file))],
      corpusSha256: corpusHash(corpusDir),
      settings: { ...config, flattened: [...FLATTEN_FILES] },
      weightsVersion: previousVersion() + 1,
    },
    { stylo: STYLO_NAMES, lm: LM_FEATURE_NAMES },
  );
  writeFileSync(out + 'report.json', JSON.stringify(report, null, 1) + '\n');
  log(`weights written to ${out}`);
}

main();
