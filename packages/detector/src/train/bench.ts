// Leave-one-corpus-file-out evaluation and timings. Usage: npm run bench:detector
// Each file is scored by a detector fitted (and calibrated) on the other files only.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cpus, loadavg } from 'node:os';
import { detect, detectScore, loadDetector } from '../index.ts';
import { calibrate, Detector, FAMILIES, lengthShift, subsetKey, type Extracted } from '../model.ts';
import { countWords } from '../reliability.ts';
import { GENRE_TABLE_HEAD, genreRows, genreTable, isShortText, reportGenre } from './genres.ts';
import { auroc } from './metrics.ts';
import { readScriptPaths, trainingConfig } from './config.ts';
import { isNonNative, loadCorpus, prepare, type Prepared } from './corpus.ts';
import { docLogits, fitDetector } from './fit.ts';

const { corpusDir } = readScriptPaths();

function asExtracted(p: Prepared): Extracted {
  return { norm: '', tokens: [], ngram: p.ngram, skeleton: p.skeleton, stylo: p.stylo, lm: p.lm, skel: p.skel };
}

/** The ensemble logit as the flag reads it (short texts lowered by the short-text margin). */
function logitsOf(det: Detector, p: Prepared): number {
  const cal = det.calibrations.get(subsetKey(FAMILIES))!;
  return Detector.combine(cal, docLogits(det, p)) - lengthShift(cal, countWords(p.doc.text));
}

const pct = (x: number): string => (Number.isNaN(x) ? '   -  ' : (100 * x).toFixed(1).padStart(5) + '%');

/** The first `n` words of `text`, whitespace and line breaks kept. */
function firstWords(text: string, n: number): string {
  const re = /\S+/g;
  let m: RegExpExecArray | null;
  let k = 0;
  while ((m = re.exec(text)) !== null) if (++k === n) return text.slice(0, m.index + m[0].length);
  return text;
}

/**
 * 500-word texts for the timings: from the corpus when it is there (consecutive texts of one file joined until
 * 500 words, an equal share from every file), else from sentences written for this benchmark, cycled.
 */
function timingTexts(): { label: string; texts: string[] }[] {
  const sents = [
    'The committee met on Tuesday to go over the budget again, and nobody was happy about it.',
    'Some of the numbers had changed since spring, which meant the plan for the new library wing would have to wait.',
    'I asked whether we could split the work into two phases; the answer was maybe.',
    'Moreover, the proposal highlights the crucial role that community partnerships play in fostering long-term growth.',
    'By the end of the meeting, three people had left and the coffee was gone.',
    'It is important to note that these changes will enhance transparency and ensure accountability across departments.',
    'My neighbour says the same thing happened in 2019, and it took a year to sort out.',
    'Honestly?',
    'We will see what happens in March, when the next report comes out and the council votes again.',
  ];
  const cycled: string[] = [];
  for (let k = 0; k < 60; k++) {
    const ws: string[] = [];
    for (let i = k; ws.length < 500; i++) ws.push(...sents[(i * 5) % sents.length]!.split(' '));
    cycled.push(ws.slice(0, 500).join(' '));
  }
  const sets = [{ label: 'nine written sentences, cycled', texts: cycled }];
  if (!existsSync(corpusDir)) return sets;
  const byFile = new Map<string, string[]>();
  for (const d of loadCorpus(corpusDir)) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d.text]);
  const texts: string[] = [];
  const perFile = Math.ceil(120 / byFile.size);
  for (const docs of byFile.values()) {
    const step = Math.max(1, Math.floor(docs.length / perFile));
    for (let i = 0, made = 0; made < perFile; i += step, made++) {
      let t = '';
      for (let j = i; (t.match(/\S+/g) ?? []).length < 500; j++) t += (t ? '\n' : '') + docs[j % docs.length]!;
      texts.push(firstWords(t, 500));
    }
  }
  return [{ label: 'corpus texts', texts }, ...sets];
}

function timings(): string[] {
  const out: string[] = [];
  // Timings of the shipped weights.
  let t = performance.now();
  loadDetector();
  const loadMs = performance.now() - t;
  out.push(`load ${loadMs.toFixed(0)} ms (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`);
  const q = (a: number[], p: number): string => [...a].sort((x, y) => x - y)[Math.floor(a.length * p)]!.toFixed(1);
  for (const { label, texts } of timingTexts()) {
    for (const [name, fn] of [
      ['detect() (score and sentence highlights)', detect],
      ['detectScore() (document score only)', detectScore],
    ] as const) {
      // Warm up on every text twice: a server scores text after text, and timing before the compiler has seen
      // the other files' texts measures compilation instead (most of the slow calls on one core did).
      for (let r = 0; r < 2; r++) for (const x of texts) fn(x);
      // Wall-clock time is what a caller sees; CPU time of this thread shows the cost on a busy machine.
      const wall: number[] = [];
      const cpu: number[] = [];
      for (let r = 0; r < 5; r++) {
        for (const x of texts) {
          const c = process.cpuUsage();
          t = performance.now();
          fn(x);
          wall.push(performance.now() - t);
          const d = process.cpuUsage(c);
          cpu.push((d.user + d.system) / 1000);
        }
      }
      out.push(
        `${name} per 500 words, ${label} (${texts.length}): wall p50 ${q(wall, 0.5)} ms, p95 ${q(wall, 0.95)} ms; CPU p50 ${q(cpu, 0.5)} ms, p95 ${q(cpu, 0.95)} ms`,
      );
    }
  }
  const dir = fileURLToPath(new URL('../../weights/', import.meta.url));
  const size = readdirSync(dir).reduce((s, f) => s + statSync(dir + f).size, 0);
  out.push(`weights: ${(size / 1048576).toFixed(1)} MB in ${readdirSync(dir).length} files`);
  return out;
}

interface FoldResult {
  file: string;
  threshold: number;
  L: number[];
  S: number[];
  Y: number[];
  nonNative: boolean[];
  domain: string[];
  generator: string[];
  /** 40-79-word texts (absent in results saved before the everyday genres). */
  short?: boolean[];
  familyAuroc: Record<string, number>;
}

/** One leave-one-file-out fit, run in its own process so the files can be fitted in parallel. */
function runFold(file: string): void {
  const docs = loadCorpus(corpusDir);
  const ps = prepare(docs, trainingConfig().folds);
  const tr = ps.filter((p) => p.doc.file !== file);
  const te = ps.filter((p) => p.doc.file === file);
  // The left-out file takes no part in the fit, the stack, the calibration or the threshold.
  const { detector, oof } = fitDetector(tr, { sentences: false });
  if (process.env.BENCH_DUMP) {
    // Aggregated figures for offline analysis of the stack and threshold (no text).
    const meta = (p: Prepared): { y: number; domain: string; file: string; gen: string; nn: boolean; c: number[] } => ({
      y: p.y,
      domain: p.doc.domain,
      file: p.doc.file,
      gen: p.doc.generator,
      nn: isNonNative(p.doc),
      c: p.stylo,
    });
    writeFileSync(
      `${process.env.BENCH_DUMP}/${file}.json`,
      JSON.stringify({
        train: tr.map((p, i) => ({ ...meta(p), l: oof[i] })),
        test: te.map((p) => ({ ...meta(p), l: docLogits(detector, p) })),
        cal: detector.calibrations.get(subsetKey(FAMILIES)),
      }),
    );
  }
  const cal = detector.calibrations.get(subsetKey(FAMILIES))!;
  const L = te.map((p) => logitsOf(detector, p));
  const r: FoldResult = {
    file,
    threshold: cal.threshold,
    L,
    // The 0-100 score the product shows, unrounded: each fold's own percentile calibration puts the
    // folds on one scale (raw logits of different fits are not comparable).
    S: L.map((x) => calibrate(cal, x)),
    Y: te.map((p) => p.y),
    nonNative: te.map((p) => isNonNative(p.doc)),
    domain: te.map((p) => p.doc.domain),
    generator: te.map((p) => p.doc.generator),
    short: te.map((p) => isShortText(p.doc.text)),
    familyAuroc: Object.fromEntries(
      FAMILIES.map((fam) => [
        fam,
        auroc(
          te.map((p) => detector.familyLogits(asExtracted(p), [fam])[fam]),
          te.map((p) => p.y),
        ),
      ]),
    ),
  };
  process.stdout.write(JSON.stringify(r) + '\n');
}

async function runFolds(files: string[], jobs: number, log: (s: string) => void): Promise<FoldResult[]> {
  const results = new Map<string, FoldResult>();
  const queue = [...files];
  const worker = async (): Promise<void> => {
    for (let f = queue.shift(); f !== undefined; f = queue.shift()) {
      const file = f;
      log(`fitting without ${file}`);
      const out = await new Promise<string>((res, rej) => {
        const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--fold', file], {
          cwd: fileURLToPath(new URL('../..', import.meta.url)),
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let buf = '';
        child.stdout.on('data', (d: Buffer) => {
          buf += d.toString();
        });
        child.on('close', (code) => (code === 0 ? res(buf) : rej(new Error(`fold ${file} exited with ${code}`))));
      });
      results.set(file, JSON.parse(out.trim().split('\n').pop()!) as FoldResult);
      log(`done ${file}`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  return files.map((f) => results.get(f)!);
}

const frac = (k: number, n: number): string => (n ? `${pct(k / n)} (${k}/${n})` : '-');
const auc = (x: number): string => (Number.isNaN(x) ? '  -   ' : x.toFixed(4));

/** The score at which `share` of the human texts are above it (highest scores first). */
function tprAtFpr(S: number[], Y: number[], share: number): number {
  const hum = S.filter((_, i) => !Y[i]).sort((a, b) => a - b);
  const ai = S.filter((_, i) => Y[i]);
  if (!hum.length || !ai.length) return NaN;
  const cut = hum[Math.min(hum.length - 1, Math.ceil((1 - share) * hum.length) - 1)]!;
  return ai.filter((x) => x > cut).length / ai.length;
}

function tables(results: FoldResult[]): string[] {
  const rows: string[] = [];
  rows.push('(a) per left-out file (each scored by a detector fitted, stacked, calibrated and thresholded without it)');
  rows.push('left-out file  | human |   AI | AUROC  | TPR@1%FPR own humans | humans flagged      | AI flagged');
  rows.push(
    '---------------|-------|------|--------|----------------------|---------------------|--------------------',
  );
  const all: { s: number; l: number; y: number; flag: boolean; dom: string; gen: string; nn: boolean }[] = [];
  const fam: string[] = ['per-family AUROC (raw family logits) on left-out files with both labels:'];
  for (const r of results) {
    const hf = r.L.filter((x, i) => !r.Y[i] && x >= r.threshold).length;
    const nh = r.Y.filter((y) => !y).length;
    const af = r.L.filter((x, i) => r.Y[i] && x >= r.threshold).length;
    const na = r.Y.length - nh;
    rows.push(
      `${r.file.padEnd(15)}| ${String(nh).padStart(5)} | ${String(na).padStart(4)} | ${auc(auroc(r.L, r.Y))} | ${pct(tprAtFpr(r.L, r.Y, 0.01)).padStart(20)} | ${frac(hf, nh).padEnd(19)} | ${frac(af, na)}`,
    );
    r.L.forEach((l, i) =>
      all.push({
        s: r.S[i]!,
        l,
        y: r.Y[i]!,
        flag: l >= r.threshold,
        dom: r.domain[i]!,
        gen: r.generator[i]!,
        nn: r.nonNative[i]!,
      }),
    );
    if (nh && na) fam.push(`  ${r.file}: ${FAMILIES.map((f) => `${f} ${auc(r.familyAuroc[f]!)}`).join(', ')}`);
  }
  rows.push('');
  rows.push('(b) per genre (domain) of the left-out scores');
  rows.push('domain                           | human |   AI | humans flagged      | AI flagged          | AUROC');
  rows.push('---------------------------------|-------|------|---------------------|---------------------|-------');
  const doms = [...new Set(all.map((a) => a.dom))].sort();
  for (const d of doms) {
    const xs = all.filter((a) => a.dom === d);
    const h = xs.filter((a) => !a.y),
      ai = xs.filter((a) => a.y);
    rows.push(
      `${d.padEnd(33)}| ${String(h.length).padStart(5)} | ${String(ai.length).padStart(4)} | ${frac(h.filter((a) => a.flag).length, h.length).padEnd(19)} | ${frac(ai.filter((a) => a.flag).length, ai.length).padEnd(19)} | ${auc(
        auroc(
          xs.map((a) => a.s),
          xs.map((a) => a.y),
        ),
      )}`,
    );
  }
  rows.push('');
  rows.push('(b2) per report genre of the left-out scores (issue 57), with 40-79-word texts as a row of their own');
  rows.push(GENRE_TABLE_HEAD);
  rows.push(
    ...genreTable(
      genreRows(
        results.flatMap((r) =>
          r.L.map((l, i) => ({
            genre: reportGenre(r.domain[i]!),
            short: r.short?.[i] ?? false,
            y: r.Y[i]!,
            score: r.S[i]!,
            flagged: l >= r.threshold,
          })),
        ),
      ),
    ),
  );
  rows.push('');
  rows.push('(c) AI texts flagged per generator (left-out scores)');
  const gens = [...new Set(all.filter((a) => a.y).map((a) => a.gen))].sort();
  for (const g of gens) {
    const xs = all.filter((a) => a.y && a.gen === g);
    rows.push(`  ${g.padEnd(26)} ${frac(xs.filter((a) => a.flag).length, xs.length)}`);
  }
  rows.push('');
  const S = all.map((a) => a.s),
    Y = all.map((a) => a.y),
    Lr = all.map((a) => a.l);
  const hum = all.filter((a) => !a.y),
    ai = all.filter((a) => a.y);
  rows.push('(d) pooled over all left-out scores');
  rows.push(
    `  AUROC ${auroc(S, Y).toFixed(4)} on the calibrated 0-100 score (raw logits of the different fits: ${auroc(Lr, Y).toFixed(4)})`,
  );
  rows.push(
    `  human texts flagged ${frac(hum.filter((a) => a.flag).length, hum.length)}; AI texts flagged ${frac(ai.filter((a) => a.flag).length, ai.length)}; TPR at 1% pooled FPR on the score ${pct(tprAtFpr(S, Y, 0.01))}`,
  );
  const nn = all.filter((a) => a.nn);
  rows.push('');
  rows.push(
    `(e) non-native TOEFL essays (essay_toefl_nonnative, human) flagged: ${frac(nn.filter((a) => a.flag).length, nn.length)}`,
  );
  rows.push('');
  rows.push(...fam);
  return rows;
}

async function main(): Promise<void> {
  const foldArg = process.argv.indexOf('--fold');
  if (foldArg >= 0) {
    runFold(process.argv[foldArg + 1]!);
    return;
  }
  const t0 = Date.now();
  const log = (s: string): void => console.error(`[${((Date.now() - t0) / 1000).toFixed(0)}s] ${s}`);
  const quick = process.argv.includes('--timings-only');
  // Timings first, in a fresh process with a small heap, before the leave-one-out fits.
  const timingRows = process.argv.includes('--skip-timings') ? ['timings skipped (--skip-timings)'] : timings();
  const rows: string[] = [];
  if (!quick) {
    const files = readdirSync(corpusDir)
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => f.replace(/\.jsonl$/, ''))
      .sort();
    const jobs = Number(process.env.BENCH_JOBS ?? cpus().length);
    // BENCH_LOAD re-prints the tables from fold results saved earlier with BENCH_SAVE (no refitting).
    const results = process.env.BENCH_LOAD
      ? (JSON.parse(readFileSync(process.env.BENCH_LOAD, 'utf8')) as FoldResult[])
      : await runFolds(files, jobs, log);
    if (process.env.BENCH_SAVE) writeFileSync(process.env.BENCH_SAVE, JSON.stringify(results));
    rows.push(...tables(results));
    rows.push(
      process.env.BENCH_LOAD
        ? `fold results loaded from ${process.env.BENCH_LOAD}`
        : `leave-one-file-out fits: ${((Date.now() - t0) / 1000).toFixed(0)} s with ${jobs} parallel jobs`,
    );
  }
  const reportPath = fileURLToPath(new URL('../../weights/report.json', import.meta.url));
  if (existsSync(reportPath)) {
    const r = JSON.parse(readFileSync(reportPath, 'utf8')) as Record<string, number>;
    rows.push(
      `shipped model, out-of-collection scores on the full corpus (each text scored by a fit without its file): AUROC ${r.auroc?.toFixed(4)}, human FPR at threshold ${pct(r.fpr ?? NaN)}, non-native FPR ${pct(r.nonNativeFpr ?? NaN)}, AI TPR ${pct(r.tpr ?? NaN)}`,
    );
  }
  rows.push('');
  rows.push('(f) ' + timingRows.join('\n    '));
  console.log(rows.join('\n'));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
