// Fits the detector on the whole corpus and writes packages/detector/weights/.
// Usage: npm run train:detector   (CORPUS_DIR defaults to ../shared/corpus from the repository root)
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STYLO_NAMES } from '../features.ts';
import { saveDetector } from '../io.ts';
import { LM_FEATURE_NAMES } from '../model.ts';
import { CONFIG, fitDetector, loadCorpus, prepare } from './fit.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const corpusDir = resolve(repoRoot, process.env.CORPUS_DIR ?? '../shared/corpus');

function main(): void {
  const t0 = Date.now();
  const log = (s: string): void => console.error(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${s}`);
  const docs = loadCorpus(corpusDir);
  log(`corpus ${corpusDir}: ${docs.length} texts`);
  const ps = prepare(docs, CONFIG.folds);
  log('features extracted');
  const { detector } = fitDetector(ps, { sentences: true, log });
  const out = fileURLToPath(new URL('../../weights/', import.meta.url));
  saveDetector(detector, out, {
    texts: docs.length,
    human: docs.filter((d) => d.label === 'human').length,
    ai: docs.filter((d) => d.label === 'ai').length,
    files: [...new Set(docs.map((d) => d.file))],
  }, { stylo: STYLO_NAMES, lm: LM_FEATURE_NAMES });
  log(`weights written to ${out}`);
}

main();
