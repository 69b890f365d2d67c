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
import { Detector, FAMILIES, lengthShift, subsetKey } from '../model.ts';
import { isPlainProse } from '../lexicon.ts';
import { hashString } from '../text.ts';
import { auroc } from './metrics.ts';
import { readScriptPaths, setTrainingConfig, trainingConfig } from './config.ts';
import { genreOf, loadCorpus, prepare, type Doc } from './corpus.ts';
import { docLogits, fitDetector } from './fit.ts';
import { countWords } from '../reliability.ts';
import {
  GENRE_TABLE_HEAD,
  genreRows,
  genreTable,
  isShortText,
  reportGenre,
  worstByGenre,
  type GenreRow,
  type Scored,
} from './genres.ts';

export type ModelFamily = 'claude' | 'google' | 'llama' | 'gpt' | 'other';

export function familyOf(generator: string): ModelFamily {
  const g = generator.toLowerCase();
  if (g.startsWith('claude')) return 'claude';
  if (g.startsWith('gemini') || g.startsWith('gemma') || g.startsWith('palm') || g.startsWith('bard')) return 'google';
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
  const scored: Scored[] = test.map((d, i) => ({
    genre: reportGenre(d.domain),
    short: isShortText(d.text),
    y: y[i]!,
    score: L[i]!,
    flagged: F[i]!,
  }));
  console.log(`\nBy report genre (issue 57):\n\n${GENRE_TABLE_HEAD}\n${genreTable(genreRows(scored)).join('\n')}`);
}

/** Held-out runs: the model families, and `everyday`, the everyday-genre file as one more source (issue 57). */
export const DEFAULT_HELD_OUT = 'claude,google,llama,gpt,everyday';

function main(): void {
  const { corpusDir } = readScriptPaths();
  if (process.argv.includes('--unseen')) return unseen();
  const t0 = Date.now();
  const log = (s: string): void => console.error(`[${((Date.now() - t0) / 1000).toFixed(0)}s] ${s}`);
  const families = (arg('families') ?? DEFAULT_HELD_OUT).split(',');
  // Out-of-fold scores for the calibration by group folds.
  setTrainingConfig({ ...trainingConfig(), folds: Number(arg('folds') ?? 4) });
  const docs = loadCorpus(corpusDir);
  const files = new Set(docs.map((d) => d.file));
  log(`corpus ${corpusDir}: ${docs.length} texts; folds ${trainingConfig().folds}`);
  const humansOut = docs.filter(heldOutHuman);
  const rows: string[] = [];
  const genreRowsOut: string[] = [];
  const runs: { name: string; rows: GenreRow[] }[] = [];
  for (const fam of families) {
    // A corpus file's name holds the whole file out (both labels); a model family name holds out its AI texts.
    const isFile = files.has(fam);
    const heldAi = docs.filter((d) => d.label === 'ai' && (isFile ? d.file === fam : familyOf(d.generator) === fam));
    const heldGroups = new Set(heldAi.map((d) => d.group));
    const heldHumans = isFile
      ? docs.filter((d) => d.label === 'human' && (d.file === fam || heldOutHuman(d)))
      : humansOut;
    // Nothing of the family, nor the human originals its rewrites were made from, nor the held-out humans.
    const train = docs.filter(
      (d) =>
        !heldOutHuman(d) &&
        !heldGroups.has(d.group) &&
        !(isFile && d.file === fam) &&
        !(d.label === 'ai' && familyOf(d.generator) === fam),
    );
    log(`${fam}: fitting on ${train.length} texts; scoring ${heldAi.length} AI and ${heldHumans.length} human`);
    const { detector } = fitDetector(prepare(train), { sentences: false, log });
    const cal = detector.calibrations.get(subsetKey(FAMILIES))!;
    const test = [...heldAi, ...heldHumans];
    const L = prepare(test).map(
      (p, i) => Detector.combine(cal, docLogits(detector, p)) - lengthShift(cal, countWords(test[i]!.text)),
    );
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
    const g = genreRows(
      test.map((d, i) => ({
        genre: reportGenre(d.domain),
        short: isShortText(d.text),
        y: y[i]!,
        score: L[i]!,
        flagged: flagged(i),
      })),
    );
    runs.push({ name: fam, rows: g });
    genreRowsOut.push(...genreTable(g, `${fam} / `));
    log(rows.at(-1)!);
    for (const line of genreTable(g, `${fam} / `)) log(line);
  }
  const head =
    '| held out | AI texts | human texts | AUROC | humans flagged | AI flagged | plain prose flagged (n) |\n|---|---|---|---|---|---|---|';
  const worst = worstByGenre(runs).map(
    (w) =>
      `| ${w.genre} | ${Number.isNaN(w.maxHumanShare) ? '-' : `${(100 * w.maxHumanShare).toFixed(1)}% (${w.maxHumanRun})`} | ${Number.isNaN(w.minAuroc) ? '-' : `${w.minAuroc.toFixed(3)} (${w.minAurocRun})`} |`,
  );
  console.log(
    `${head}\n${rows.join('\n')}\n\nBy genre (each held-out run's texts of that genre; the humans are that run's held-out humans):\n\n${GENRE_TABLE_HEAD.replace('genre', 'held out / genre')}\n${genreRowsOut.join('\n')}\n\nWorst run per genre:\n\n| genre | most humans flagged | lowest AUROC |\n|---|---|---|\n${worst.join('\n')}`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) main();
