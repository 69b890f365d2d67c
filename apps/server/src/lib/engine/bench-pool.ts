/**
 * `npx tsx apps/server/src/lib/engine/bench-pool.ts`: model-backed Deep rewrites through the server's worker
 * pool with a provider that answers after 2 s (the recorded provider: real rewrites from the corpus). Prints
 * each rewrite's time alone and the times of 8 sent at the same moment; the target is 8 within 1.5x the time of
 * one (the slowest of the same texts alone).
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
  // Each text alone first: texts differ in how many model rounds they need, so "one" is the slowest of them
  // alone, and each text's own slowdown is its time among 8 over its time alone.
  const alone: number[] = [];
  let one = await pool.run(job(texts[0] ?? ''));
  for (const t of texts) {
    const t1 = performance.now();
    one = await pool.run(job(t));
    alone.push(performance.now() - t1);
  }
  const single = Math.max(...alone);
  const starts = performance.now();
  const finished: number[] = Array.from({ length: n }, () => 0);
  const outs = await Promise.all(
    texts.map((t, i) =>
      pool.run(job(t)).then((o) => {
        finished[i] = performance.now() - starts;
        return o;
      }),
    ),
  );
  const all = performance.now() - starts;
  const slowdown = finished.map((f, i) => f / (alone[i] ?? 1)).sort((a, b) => a - b);
  const s1 = (x: number): string => (x / 1000).toFixed(1);
  console.log(`provider latency ${delayMs} ms; cores ${pool.stats().threads} worker threads started`);
  console.log(
    `each Deep rewrite alone: ${alone.map(s1).join(', ')} s (slowest ${s1(single)} s; last: ${one.candidates} model answers, engine ${one.engine})`,
  );
  console.log(
    `${n} at once: all done in ${s1(all)} s = ${(all / single).toFixed(2)}x the slowest alone (target <= 1.5x); finished at ${finished
      .map(s1)
      .join(', ')} s; each text's own slowdown: median ${(slowdown[Math.floor(n / 2)] ?? 0).toFixed(2)}x, worst ${(
      slowdown[n - 1] ?? 0
    ).toFixed(
      2,
    )}x; model results ${outs.filter((o) => o.engine === 'model').length}/${n}; provider max in flight ${provider.maxInFlight}`,
  );
} finally {
  await pool.close();
  await provider.close();
}
