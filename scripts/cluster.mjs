// `npm run start:cluster`: N server processes (CLUSTER_WORKERS, default 2) behind one port, on the
// PostgreSQL server named by DATABASE_URL (PGlite holds its data folder for one process only). Each
// process is the same bundled server `npm start` runs; the processes share sessions, rate limits,
// idempotency records and the daily job's lock through PostgreSQL, so any of them can answer any
// request. A process that dies is started again; SIGTERM/SIGINT stop every process gracefully.
import cluster from 'node:cluster';
import path from 'node:path';
import { buildIfStale, checkNode, ensureDeps, root } from './lib.mjs';

if (cluster.isPrimary) {
  checkNode();
  if (!process.env.DATABASE_URL) {
    console.error(
      'start:cluster needs DATABASE_URL (a PostgreSQL server): several processes cannot share an embedded PGlite folder.',
    );
    process.exit(78);
  }
  const n = Number(process.argv[2] ?? process.env.CLUSTER_WORKERS ?? 2);
  if (!Number.isInteger(n) || n < 1 || n > 64) {
    console.error(
      `CLUSTER_WORKERS must be a whole number from 1 to 64 (got ${process.argv[2] ?? process.env.CLUSTER_WORKERS}).`,
    );
    process.exit(78);
  }
  if (!process.env.PLAINSPOKEN_SKIP_BUILD) {
    ensureDeps();
    buildIfStale();
  }
  // Each process accepts from the shared listening socket itself: with the primary handing connections
  // over (round-robin), a connection in transit to a process that dies would hang until its timeout.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({
    exec: path.join(root, 'apps/server/dist/index.js'),
    execArgv: ['--enable-source-maps'],
    cwd: root,
  });
  let stopping = false;
  const starts = [];
  const fork = () => {
    cluster.fork();
    starts.push(Date.now());
  };
  for (let i = 0; i < n; i++) fork();
  console.log(`Plainspoken cluster: ${n} processes on port ${process.env.PORT ?? 3000} (primary pid ${process.pid})`);
  cluster.on('exit', (w, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        console.log('Cluster stopped');
        process.exit(0);
      }
      return;
    }
    // A process that keeps dying at start (bad configuration: exit 78) is not restarted in a loop.
    if (code === 78) {
      console.error('A server process refused its configuration (exit 78); stopping the cluster.');
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = 78;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(78);
      return;
    }
    const recent = starts.filter((t) => Date.now() - t < 10_000).length;
    const delay = recent > n * 3 ? 5_000 : 250;
    console.error(
      `Server process ${w.process.pid} ended (${signal ?? `exit ${code}`}); starting another in ${delay} ms`,
    );
    setTimeout(() => !stopping && fork(), delay);
  });
  const stop = (sig) => {
    if (stopping) return;
    stopping = true;
    console.log(`${sig} received: stopping ${Object.keys(cluster.workers ?? {}).length} processes`);
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
