/**
 * `npx tsx apps/server/src/lib/engine/bench-pool.ts`: model-backed Deep rewrites through the server's worker
 * pool with a provider that answers after 2 s (the recorded provider: real rewrites from the corpus). Prints
 * the time of one rewrite and of 8 sent at the same moment; the target is 8 within 1.5x the time of one.
 * Options: --delay MS (provider latency, default 2000), --n N (simultaneous rewrites, default 8).
 */
import { pairSubset, startRecordedProvider } from '@plainspoken/humanizer/testing';
import { createEnginePool, type EngineJob } from './engine';

const args = process.argv.slice(2);
const argOf = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const delayMs = Number(argOf('--delay') ?? 2000);
const n = Number(argOf('--n') ?? 8);

const pairs = pairSubset(2, 300);
if (pairs.length === 0) {
  console.log('no corpus found (../shared/corpus or CORPUS_DIR): nothing to replay');
  process.exit(0);
}
const provider = await startRecordedProvider(pairs, { delayMs });
const pool = createEnginePool({ queueLimit: 64, timeoutMs: 120_000 });
const job = (text: string): EngineJob => ({
  text,
  mode: 'deep',
  secondPass: false,
  llm: { baseURL: provider.url, model: 'recorded', apiKey: 'recorded' },
});
try {
  // Warm the worker (module load, the detector's weights, WordNet) so the timings are of rewrites.
  await pool.run(job((pairs[0] ?? { original: '' }).original));
  const texts = Array.from({ length: n }, (_, i) => (pairs[(i + 1) % pairs.length] ?? { original: '' }).original);
  const t1 = performance.now();
  const one = await pool.run(job(texts[0] ?? ''));
  const single = performance.now() - t1;
  const starts = performance.now();
  const finished: number[] = [];
  const outs = await Promise.all(
    texts.map((t) =>
      pool.run(job(t)).then((o) => {
        finished.push(performance.now() - starts);
        return o;
      }),
    ),
  );
  const all = performance.now() - starts;
  console.log(`provider latency ${delayMs} ms; cores ${pool.stats().threads} worker threads started`);
  console.log(
    `one Deep rewrite: ${(single / 1000).toFixed(1)} s (${one.candidates} model answers, engine ${one.engine})`,
  );
  console.log(
    `${n} at once: all done in ${(all / 1000).toFixed(1)} s = ${(all / single).toFixed(2)}x one (target <= 1.5x); finished at ${finished
      .sort((a, b) => a - b)
      .map((x) => (x / 1000).toFixed(1))
      .join(
        ', ',
      )} s; model results ${outs.filter((o) => o.engine === 'model').length}/${n}; provider max in flight ${provider.maxInFlight}`,
  );
} finally {
  await pool.close();
  await provider.close();
}
