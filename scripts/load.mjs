// `npm run test:load`: two server processes (npm run start:cluster) on one real PostgreSQL server
// (DATABASE_URL, or a throw-away one started from initdb/pg_ctl on 127.0.0.1), 200 concurrent users
// mixing check-balance, Lightning rewrites and history. Prints throughput, p50/p99 per kind, errors
// (must be 0) and the ledger: every balance reconciles exactly with the stored rewrites.
// --quick: 30 users for 6 s (the vitest suite runs this form). LOAD_USERS, LOAD_SECONDS override.
import {
  doubleCharges,
  ensureServerBundle,
  figures,
  freePort,
  freshDatabase,
  makeUsers,
  reconcile,
  runUsers,
  startCluster,
  startPostgres,
  waitReady,
  missingTransformations,
} from './proof-lib.mjs';

const quick = process.argv.includes('--quick');
const USERS = Number(process.env.LOAD_USERS ?? (quick ? 30 : 200));
const SECONDS = Number(process.env.LOAD_SECONDS ?? (quick ? 6 : 30));
const WORKERS = Number(process.env.CLUSTER_WORKERS ?? 2);

let pgServer;
let cluster;
let failed = false;
try {
  ensureServerBundle();
  let admin = process.env.DATABASE_URL;
  if (!admin) {
    pgServer = await startPostgres({ maxConnections: 100 });
    admin = pgServer.url;
    console.log(`PostgreSQL started for this run on 127.0.0.1:${pgServer.port}`);
  }
  const url = await freshDatabase(admin, 'load');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The engine's own bounds as a deployment would set them for this many users.
  cluster = startCluster(port, url, WORKERS, { ENGINE_TIMEOUT_MS: '90000', ENGINE_QUEUE_LIMIT: '256' });
  const readyMs = await waitReady(base, { proc: cluster });
  console.log(
    `${WORKERS} server processes ready in ${readyMs} ms on one port; making ${USERS} accounts (sign-up + confirmation mail)...`,
  );
  const users = await makeUsers(base, USERS, 'load', { databaseUrl: url });

  console.log(`${USERS} concurrent users for ${SECONDS} s: check-balance, Lightning rewrites, history`);
  const t0 = performance.now();
  const deadline = Date.now() + SECONDS * 1000;
  // A well-behaved client retries a 503 after its Retry-After (the engine's queue full); counted apart.
  const stats = {};
  const { byKind, bad, acked } = await runUsers(base, users, {
    until: () => Date.now() >= deadline,
    retries: 3,
    stats,
  });
  const seconds = (performance.now() - t0) / 1000;

  const ledger = reconcile(url);
  const lost = await missingTransformations(
    url,
    acked.map((a) => a.id),
  );
  const clientCharged = acked.reduce((s, a) => s + a.words, 0);
  const charged2x = await doubleCharges(base, users);
  console.log('\nResults');
  console.log(figures(byKind, seconds));
  console.log(`  errors         ${bad.length}${bad.length ? `  (first: ${JSON.stringify(bad.slice(0, 3))})` : ''}`);
  console.log(
    `  retried        ${stats.retry503 ?? 0} answers 503 with Retry-After, ${stats.retry409 ?? 0} 409 (same key running), ${stats.retryConn ?? 0} connection errors`,
  );
  console.log(`  rewrites       ${acked.length} confirmed, ${lost.length} of them missing from the database`);
  console.log(
    `  double charges ${charged2x} (rewrites stored beyond one per click; each click sends one Idempotency-Key)`,
  );
  console.log(
    `  words          charged ${ledger.charged} = stored ${ledger.stored} + refunded ${ledger.refunded} + open ${ledger.openWords}; confirmed to clients ${clientCharged}`,
  );
  console.log(
    `  balances       ${ledger.accounts.checked} accounts, ${ledger.accounts.mismatched} not equal to 250 - stored words`,
  );
  const ok =
    bad.length === 0 &&
    lost.length === 0 &&
    ledger.ok &&
    ledger.open === 0 &&
    ledger.accounts.mismatched === 0 &&
    ledger.stored === clientCharged &&
    charged2x === 0 &&
    acked.length > 0;
  console.log(ok ? '\nLOAD OK: 0 errors, nothing lost, every balance reconciles' : '\nLOAD FAILED');
  failed = !ok;
} catch (e) {
  console.error(e);
  if (cluster) console.error(cluster.output().slice(-3000));
  failed = true;
} finally {
  if (cluster && cluster.child.exitCode === null) {
    cluster.child.kill('SIGTERM');
    await Promise.race([cluster.exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (cluster.child.exitCode === null) cluster.child.kill('SIGKILL');
  }
  pgServer?.stop();
}
process.exit(failed ? 1 : 0);
