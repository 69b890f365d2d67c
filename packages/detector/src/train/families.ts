// Leave-one-model-family-out evaluation. Usage: npm run bench:families [-- --families claude,llama --folds 2]
//
// For each family (Claude, Google: PaLM and Gemini, Llama, GPT) a detector is fitted and calibrated on the
// corpus without any text of that family and without a held-out quarter of the human texts (by group), then
// scores the family's texts and the held-out humans: AUROC, humans flagged at the detector's own threshold,
// AI flagged, the plain-prose slice (AI texts with none of the stock phrases) flagged, and the same per genre.
// Each family costs one full fit (folds + 1 family fits; about 20-60 minutes on two busy cores).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { scoreWith } from '../core.ts';
import { loadDetectorFrom } from '../io.ts';
import { Detector, FAMILIES, subsetKey } from '../model.ts';
import { isPlainProse } from '../lexicon.ts';
import { hashString } from '../text.ts';
import { auroc } from './metrics.ts';
import { readScriptPaths, setTrainingConfig, trainingConfig } from './config.ts';
import { genreOf, loadCorpus, prepare, type Doc } from './corpus.ts';
import { docLogits, fitDetector } from './fit.ts';

export type ModelFamily = 'claude' | 'google' | 'llama' | 'gpt' | 'other';

export function familyOf(generator: string): ModelFamily {
  const g = generator.toLowerCase();
  if (g.startsWith('claude')) return 'claude';
  if (g.startsWith('gemini') || g.startsWith('palm') || g.startsWith('bard')) return 'google';
  if (g.startsWith('llama')) return 'llama';
  if (g.startsWith('gpt') || g.startsWith('text-davinci') || g.startsWith('chatgpt')) return 'gpt';
  return 'other';
}

/** The genre a table row reports: news, reviews, stories, essays, academic, and the rest. */
export function genreOfDomain(domain: string): string {
  const d = domain.toLowerCase();
  if (d.includes('news')) return 'news';
  if (d.includes('review') || d === 'l2r_entertainment') return 'reviews';
  if (d.includes('story') || d.includes('creative')) return 'stories';
  if (d.includes('abstract') || d.includes('academic_research') || d.includes('technical')) return 'academic';
  if (d.startsWith('essay') || d.includes('education')) return 'essays';
  return genreOf(domain) === 'web' ? 'other web' : genreOf(domain);
}

/** A held-out quarter of the human texts, by group (never in any fit of this evaluation). */
const heldOutHuman = (d: Doc): boolean => d.label === 'human' && hashString(d.group, 17) % 4 === 0;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const pct = (n: number, d: number): string => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`);

/**
 * `--unseen`: no fitting. The weights (DETECTOR_WEIGHTS_DIR or the shipped ones) score the corpus files they
 * were not trained on, per model family and genre (AI of the family against every human text of those files).
 */
function unseen(): void {
  const { corpusDir, weights: dir } = readScriptPaths();
  const det = loadDetectorFrom(dir);
  const trained = new Set(
    (JSON.parse(readFileSync(`${dir}/manifest.json`, 'utf8')) as { trainedOn: { files: string[] } }).trainedOn.files,
  );
  const test = loadCorpus(corpusDir).filter((d) => !trained.has(d.file));
  if (!test.length) {
    console.log('every corpus file was used in training: nothing unseen to score');
    return;
  }
  const L: number[] = [];
  const F: boolean[] = [];
  for (const d of test) {
    const r = scoreWith(det, d.text);
    L.push(r.score);
    F.push(r.flagged);
  }
  const y = test.map((d) => (d.label === 'ai' ? 1 : 0));
  const summary = (idx: number[], label: string) => {
    const ai = idx.filter((i) => y[i] === 1);
    const hu = idx.filter((i) => y[i] === 0);
    const plain = ai.filter((i) => isPlainProse(test[i]!.text));
    const a =
      ai.length && hu.length
        ? auroc(
            idx.map((i) => L[i]!),
            idx.map((i) => y[i]!),
          ).toFixed(3)
        : '-';
    const fl = (i: number) => F[i]!;
    return `| ${label} | ${ai.length} | ${hu.length} | ${a} | ${pct(hu.filter(fl).length, hu.length)} | ${pct(ai.filter(fl).length, ai.length)} | ${pct(plain.filter(fl).length, plain.length)} (${plain.length}) |`;
  };
  const humans = test.map((_, i) => i).filter((i) => y[i] === 0);
  const rows: string[] = [
    summary(
      test.map((_, i) => i),
      `all unseen (${[...new Set(test.map((d) => d.file))].join(', ')})`,
    ),
  ];
  for (const fam of ['claude', 'google', 'llama', 'gpt', 'other'] as const) {
    const ai = test.map((_, i) => i).filter((i) => y[i] === 1 && familyOf(test[i]!.generator) === fam);
    if (ai.length) rows.push(summary([...ai, ...humans], fam));
  }
  for (const g of [...new Set(test.map((d) => genreOfDomain(d.domain)))].sort())
    rows.push(
      summary(
        test.map((_, i) => i).filter((i) => genreOfDomain(test[i]!.domain) === g),
        `genre ${g}`,
      ),
    );
  console.log(
    `| texts | AI | human | AUROC (score) | humans flagged | AI flagged | plain prose flagged (n) |\n|---|---|---|---|---|---|---|\n${rows.join('\n')}`,
  );
}

function main(): void {
  const { corpusDir } = readScriptPaths();
  if (process.argv.includes('--unseen')) return unseen();
  const t0 = Date.now();
  const log = (s: string): void => console.error(`[${((Date.now() - t0) / 1000).toFixed(0)}s] ${s}`);
  const families = (arg('families') ?? 'claude,google,llama,gpt').split(',') as ModelFamily[];
  // Out-of-fold scores for the calibration by group folds.
  setTrainingConfig({ ...trainingConfig(), folds: Number(arg('folds') ?? 4) });
  const docs = loadCorpus(corpusDir);
  log(`corpus ${corpusDir}: ${docs.length} texts; folds ${trainingConfig().folds}`);
  const humansOut = docs.filter(heldOutHuman);
  const rows: string[] = [];
  const genreRows: string[] = [];
  for (const fam of families) {
    const heldAi = docs.filter((d) => d.label === 'ai' && familyOf(d.generator) === fam);
    const heldGroups = new Set(heldAi.map((d) => d.group));
    // Nothing of the family, nor the human originals its rewrites were made from, nor the held-out humans.
    const train = docs.filter(
      (d) => !heldOutHuman(d) && !heldGroups.has(d.group) && !(d.label === 'ai' && familyOf(d.generator) === fam),
    );
    log(`${fam}: fitting on ${train.length} texts; scoring ${heldAi.length} AI and ${humansOut.length} human`);
    const { detector } = fitDetector(prepare(train), { sentences: false, log });
    const cal = detector.calibrations.get(subsetKey(FAMILIES))!;
    const test = [...heldAi, ...humansOut];
    const L = prepare(test).map((p) => Detector.combine(cal, docLogits(detector, p)));
    const y = test.map((d) => (d.label === 'ai' ? 1 : 0));
    const flagged = (i: number) => L[i]! >= cal.threshold;
    const summary = (idx: number[], label: string) => {
      const ai = idx.filter((i) => y[i] === 1);
      const hu = idx.filter((i) => y[i] === 0);
      const plain = ai.filter((i) => isPlainProse(test[i]!.text));
      const a =
        ai.length && hu.length
          ? auroc(
              idx.map((i) => L[i]!),
              idx.map((i) => y[i]!),
            ).toFixed(3)
          : '-';
      return `| ${label} | ${ai.length} | ${hu.length} | ${a} | ${pct(hu.filter(flagged).length, hu.length)} | ${pct(ai.filter(flagged).length, ai.length)} | ${pct(plain.filter(flagged).length, plain.length)} (${plain.length}) |`;
    };
    const all = test.map((_, i) => i);
    rows.push(summary(all, fam));
    for (const g of [...new Set(test.map((d) => genreOfDomain(d.domain)))].sort())
      genreRows.push(
        summary(
          all.filter((i) => genreOfDomain(test[i]!.domain) === g),
          `${fam} / ${g}`,
        ),
      );
    log(rows.at(-1)!);
  }
  const head =
    '| held out | AI texts | human texts | AUROC | humans flagged | AI flagged | plain prose flagged (n) |\n|---|---|---|---|---|---|---|';
  console.log(
    `${head}\n${rows.join('\n')}\n\nBy genre (the held-out humans of that genre):\n\n${head}\n${genreRows.join('\n')}`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) main();
