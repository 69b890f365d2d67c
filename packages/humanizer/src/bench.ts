/**
 * `npm run bench:humanizer`: both local modes on corpus AI texts. Prints time per 500 words, the built-in
 * detector's before/after, the words changed and the meaning figures; then "never less correct": 300
 * corpus AI sentences in both modes, the agreement and article problems the edits introduced (0 is the
 * target), what harper.js flags that the input lacked (when HARPER_DIR names a folder where harper.js is
 * installed), and the share of 100 hand-checked substitutions that read naturally in context (verdicts in
 * src/data/substitution-verdicts.json, corpus ids and words only). Options: --n N (texts, default 150),
 * --seed S, --fit-only.
 */
import { contentRecall, wordCount } from './checks.ts';
import { loadCorpus } from './corpus.ts';
import { detect, detectorVersion } from './detector.ts';
import { humanize } from './index.ts';
import { localHumanize } from './local/index.ts';
import { protectedSpans } from './protect.ts';
import type { Mode } from './types.ts';
import {
  agreementSentences,
  fitSentences,
  judge,
  measureFit,
  substitutions,
  verdictSample,
  type Verdict,
} from './rules/fit-measure.ts';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const arg = (name: string, def: number): number => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const N = arg('--n', 150);
const SEED = arg('--seed', 1);

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const f1 = (x: number): string => x.toFixed(1);
const f3 = (x: number): string => x.toFixed(3);

/** Share of number and name spans of the input found verbatim in the output. */
export function numbersNamesKept(input: string, output: string): number {
  const spans = protectedSpans(input).filter((s) => s.kind === 'number' || s.kind === 'name');
  if (spans.length === 0) return 1;
  return spans.filter((s) => output.includes(s.text)).length / spans.length;
}

async function main(): Promise<void> {
  const all = loadCorpus().filter((r) => r.label === 'ai' && r.attack === 'none');
  if (all.length === 0) {
    console.log('corpus not found (set CORPUS_DIR); nothing to measure');
    return;
  }
  // A fixed, spread-out sample so runs are comparable.
  const step = Math.max(1, Math.floor(all.length / N));
  const sample = all.filter((_, i) => i % step === 0).slice(0, N);
  console.log(`detector: @plainspoken/detector, weights ${detectorVersion()}`);
  console.log(
    `texts: ${sample.length} AI texts (attack none) from the corpus, seed ${SEED}, one process, sequential\n`,
  );
  // Warm up: loads the detector, wink and compiled regexes.
  await humanize(sample[0]!.text, { mode: 'deep', seed: SEED });
  const before = sample.map((r) => detect(r.text));
  for (const mode of ['lightning', 'deep'] as Mode[]) {
    const per500: number[] = [];
    const engine500: number[] = [];
    const after: number[] = [];
    const flagged: boolean[] = [];
    const recall: number[] = [];
    const kept: number[] = [];
    const ratio: number[] = [];
    const changedWords: number[] = [];
    let lower = 0;
    let worse = 0;
    let spansOk = 0;
    for (const [i, r] of sample.entries()) {
      const res = await humanize(r.text, { mode, seed: SEED });
      per500.push((res.ms * 500) / Math.max(1, wordCount(r.text)));
      // The rewrite alone, without the detector calls that produce the before/after report.
      const t0 = performance.now();
      localHumanize(r.text, mode, { seed: SEED, deadline: Date.now() + 60_000 });
      engine500.push(((performance.now() - t0) * 500) / Math.max(1, wordCount(r.text)));
      const d = detect(res.text);
      after.push(d.score);
      flagged.push(d.flagged);
      if (d.score < before[i]!.score) lower++;
      if (d.score > before[i]!.score) worse++;
      recall.push(contentRecall(r.text, res.text));
      kept.push(numbersNamesKept(r.text, res.text));
      ratio.push(wordCount(res.text) / Math.max(1, wordCount(r.text)));
      const replaced = substitutions(r.text, res.text).reduce((n, x) => n + Math.max(1, x.from.split(' ').length), 0);
      changedWords.push(replaced / Math.max(1, wordCount(r.text)));
      if (res.checks.spansKept) spansOk++;
    }
    const b = before.map((d) => d.score);
    console.log(`== ${mode}`);
    console.log(
      `time per 500 words, whole call (rewrite + detector before/after): p50 ${f1(pct(per500, 50))} ms, p95 ${f1(pct(per500, 95))} ms`,
    );
    console.log(`time per 500 words, rewrite only: p50 ${f1(pct(engine500, 50))} ms, p95 ${f1(pct(engine500, 95))} ms`);
    console.log(
      `detector score (0-100): mean ${f1(mean(b))} -> ${f1(mean(after))}; flagged ${f1((100 * before.filter((d) => d.flagged).length) / sample.length)}% -> ${f1((100 * flagged.filter(Boolean).length) / sample.length)}%`,
    );
    console.log(`per text: lower ${lower}, same ${sample.length - lower - worse}, higher ${worse}`);
    console.log(
      `words changed: mean ${f1(100 * mean(changedWords))}% of the input's words; score drop mean ${f1(mean(b) - mean(after))} points`,
    );
    console.log(
      `content recall: mean ${f3(mean(recall))}, min ${f3(Math.min(...recall))}; numbers/names kept: mean ${f3(mean(kept))}, min ${f3(Math.min(...kept))}; all protected spans kept in ${spansOk}/${sample.length}`,
    );
    console.log(
      `length ratio: mean ${f3(mean(ratio))}, min ${f3(Math.min(...ratio))}, max ${f3(Math.max(...ratio))}\n`,
    );
  }
}

interface HarperLint {
  lint_kind(): string;
  get_problem_text(): string;
}
interface HarperLinter {
  setup(): Promise<void>;
  lint(text: string, o: { language: 'plaintext' }): Promise<HarperLint[]>;
}

/** harper.js from HARPER_DIR (npm i harper.js there), or null: it is measured, never a dependency. */
async function loadHarper(): Promise<HarperLinter | null> {
  const dir = process.env.HARPER_DIR;
  if (!dir) return null;
  try {
    const root = join(resolve(dir), 'node_modules', 'harper.js', 'dist');
    const mod = (await import(pathToFileURL(join(root, 'index.js')).href)) as {
      LocalLinter: new (o: { binary: unknown }) => HarperLinter;
    };
    const bin = (await import(pathToFileURL(join(root, 'binaryInlined.js')).href)) as { binaryInlined: unknown };
    const l = new mod.LocalLinter({ binary: bin.binaryInlined });
    await l.setup();
    return l;
  } catch (e) {
    console.log(`harper.js not loaded from HARPER_DIR (${(e as Error).message})`);
    return null;
  }
}

async function fit(): Promise<void> {
  const sample = fitSentences(300);
  if (sample.length === 0) return;
  console.log(`== never less correct: ${sample.length} corpus AI sentences (8-40 words, attack none), seed ${SEED}`);
  const harper = await loadHarper();
  const subs = [];
  for (const mode of ['lightning', 'deep'] as Mode[]) {
    const r = measureFit(sample, mode, SEED);
    subs.push(...r.subs);
    console.log(
      `${mode}: ${r.changed} sentences changed, ${r.subs.length} substitutions; agreement or article problems introduced: ${r.introduced.length}${r.introduced.length ? ` (${r.introduced.map((p) => `${p.id}: ${p.problem}`).join('; ')})` : ''}`,
    );
    if (harper) {
      const kinds = new Map<string, number>();
      let ms = 0;
      for (const o of r.outputs) {
        if (o.after === o.before) continue;
        const t0 = performance.now();
        const before = await harper.lint(o.before, { language: 'plaintext' });
        const after = await harper.lint(o.after, { language: 'plaintext' });
        ms += performance.now() - t0;
        const seen = new Map<string, number>();
        for (const l of before) seen.set(l.lint_kind(), (seen.get(l.lint_kind()) ?? 0) + 1);
        for (const l of after) {
          const n = seen.get(l.lint_kind()) ?? 0;
          if (n > 0) seen.set(l.lint_kind(), n - 1);
          else kinds.set(l.lint_kind(), (kinds.get(l.lint_kind()) ?? 0) + 1);
        }
      }
      const list = [...kinds.entries()].map(([k, n]) => `${k} ${n}`).join(', ') || 'none';
      console.log(
        `  harper.js: new lints in edited sentences: ${list} (${f1(ms / Math.max(1, 2 * r.changed))} ms per sentence)`,
      );
    }
  }
  const targeted = agreementSentences();
  for (const mode of ['lightning', 'deep'] as Mode[]) {
    const r = measureFit(targeted, mode, SEED);
    console.log(
      `${mode}, all ${targeted.length} corpus sentences with a verb-phrase or superlative tell ("play a pivotal role", "cutting-edge"): ${r.changed} changed, agreement or article problems introduced: ${r.introduced.length}${r.introduced.length ? ` (${r.introduced.map((p) => `${p.id}: ${p.problem}`).join('; ')})` : ''}`,
    );
  }
  const picked = verdictSample(subs, 100);
  const verdicts = JSON.parse(
    readFileSync(fileURLToPath(new URL('./data/substitution-verdicts.json', import.meta.url)), 'utf8'),
  ) as Verdict[];
  const j = judge(picked, verdicts);
  console.log(
    `hand-checked substitutions: ${j.natural}/${j.judged} natural in context (${f1((100 * j.natural) / Math.max(1, j.judged))}%), ${j.unjudged.length} of the ${picked.length} sampled have no verdict yet${j.unjudged.length ? `: ${j.unjudged.map((u) => `${u.id} "${u.from}" -> "${u.to}"`).join('; ')}` : ''}\n`,
  );
}

if (args.includes('--fit-only')) await fit();
else {
  await main();
  await fit();
}
