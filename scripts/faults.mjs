// `npm run test:faults`: the product under load while things break, on real processes and a real
// PostgreSQL server started here from initdb/pg_ctl (127.0.0.1, a temporary folder):
//   1. kill -9 one of two server processes (npm run start:cluster) mid-load;
//   2. restart PostgreSQL mid-load;
//   3. kill -9 a PGlite server mid-load and start it again at once.
// Clients retry only what a client should (a connection error, a 503 after its Retry-After, a 409 for
// its own Idempotency-Key still held), each rewrite click with one Idempotency-Key. Prints, per
// scenario: requests, retries, errors that were not retryable (must be 0), confirmed rewrites missing
// from the database (must be 0), rewrites stored beyond one per click (double charges, must be 0), the
// ledger (charged = stored + refunded, no open reservation left, no charge without a result), each
// balance reconciled, whether the servers recovered by themselves, and that a word reservation of the
// killed process was open at each kill (cluster: the process is frozen until one is seen open; PGlite:
// read from the dead server's data folder, and a kill that caught none is repeated), refunded since.
// --quick: fewer users and shorter runs (the vitest suite runs this form).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  call,
  childPids,
  doubleCharges,
  openReservationIds,
  openReservations,
  ensureServerBundle,
  freePort,
  freshDatabase,
  makeUsers,
  missingTransformations,
  reconcile,
  runUsers,
  startCluster,
  startPostgres,
  startSingle,
  waitReady,
  INITIAL_BALANCE,
} from './proof-lib.mjs';

const quick = process.argv.includes('--quick');
const USERS = Number(process.env.FAULT_USERS ?? (quick ? 12 : 100));
const SECONDS = Number(process.env.FAULT_SECONDS ?? (quick ? 9 : 40));
const ENGINE_TIMEOUT_MS = 8000; // reservations are held 15 s longer, then swept
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const results = [];

function report(name, r) {
  const ok =
    r.bad.length === 0 &&
    r.lost === 0 &&
    r.ledger.ok &&
    r.ledger.open === 0 &&
    r.ledger.savedWithoutResult === 0 &&
    r.ledger.accounts.mismatched === 0 &&
    r.recovered &&
    r.acked > 0 &&
    r.doubleCharges === 0 &&
    (r.openAtKill === undefined || (r.openAtKill > 0 && r.ledger.refunded > 0)) &&
    !r.missingRetryAfter &&
    !r.stats.timeouts;
  results.push({ name, ok });
  console.log(`\n${name}: ${ok ? 'OK' : 'FAILED'}`);
  console.log(`  requests answered     ${r.answered} (${r.acked} rewrites confirmed) in ${r.seconds.toFixed(1)} s`);
  console.log(
    `  retried by clients    ${r.stats.retry503 ?? 0} answers 503 with Retry-After, ${r.stats.retry409 ?? 0} 409 (same key running), ${r.stats.retryConn ?? 0} connection errors; 503 without Retry-After: ${r.stats.missingRetryAfter ?? 0}; requests unanswered after 60 s: ${r.stats.timeouts ?? 0}`,
  );
  console.log(`  not retryable errors  ${r.bad.length}${r.bad.length ? `  ${JSON.stringify(r.bad.slice(0, 3))}` : ''}`);
  console.log(`  committed but lost    ${r.lost}`);
  console.log(`  double charges        ${r.doubleCharges} (rewrites stored beyond one per click)`);
  if (r.openAtKill !== undefined)
    console.log(
      `  open at the kill      ${r.openAtKill} reservation(s) of the killed process (${r.kills} kill(s)); refunded since: ${r.ledger.refunded} words`,
    );
  console.log(
    `  words                 charged ${r.ledger.charged} = stored ${r.ledger.stored} + refunded ${r.ledger.refunded} (open ${r.ledger.open}); charges without a result ${r.ledger.savedWithoutResult}, results without a charge ${r.ledger.resultsWithoutCharge}`,
  );
  console.log(
    `  balances              ${r.ledger.accounts.checked} accounts, ${r.ledger.accounts.mismatched} not equal to ${INITIAL_BALANCE} - stored words`,
  );
  console.log(`  recovered by itself   ${r.recovered ? 'yes' : 'NO'}${r.recovery ? ` (${r.recovery})` : ''}`);
}

/** Polls the ledger until no reservation is open (the servers' own sweep refunds those of dead requests). */
async function settledLedger(url, maxMs) {
  const t0 = Date.now();
  while ((await openReservations(url)) > 0 && Date.now() - t0 < maxMs) await sleep(1000);
  return { ...reconcile(url), waitedMs: Date.now() - t0 };
}

async function clusterScenarios(pgServer) {
  const url = await freshDatabase(pgServer.url, 'faults');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const cluster = startCluster(port, url, 2, {
    ENGINE_TIMEOUT_MS: String(ENGINE_TIMEOUT_MS),
    ENGINE_QUEUE_LIMIT: '256',
  });
  try {
    await waitReady(base, { proc: cluster });
    const users = await makeUsers(base, USERS, 'faults', { databaseUrl: url });

    // 1. kill -9 one of the two processes mid-load.
    {
      const stats = {};
      const t0 = performance.now();
      // The load runs until a while after the kill (however long catching an open reservation takes, on a
      // busy machine too), with a cap so the run always ends.
      let stopAt = Date.now() + 90_000;
      // A Free account has words for 5 rewrites: a rewrite every 16 steps makes them last while a kill is
      // timed to catch one, on a busy machine too; Deep rewrites hold their reservation long enough to catch.
      const running = runUsers(base, users, {
        until: () => Date.now() >= stopAt,
        retries: 30,
        stats,
        steps: 16,
        mode: 'deep',
      });
      await sleep(1_000);
      const deadline = Date.now() + 75_000;
      // Kill while the victim holds an open reservation: freeze it (SIGSTOP), and if reservations stay
      // open while it is frozen (the other process finishes its own in milliseconds), they are the
      // victim's: kill it. Otherwise let it run again and try a moment later.
      const [victim] = childPids(cluster.child.pid);
      let openAtKill = 0;
      let freezes = 0;
      while (freezes < 120 && Date.now() < deadline) {
        freezes++;
        // Freeze while a rewrite is in flight (on either process), a moment after it was sent: the time its
        // reservation is open is short, and a freeze at a random moment mostly misses it.
        const waitUntil = Date.now() + 3_000;
        while (!(stats.lightningInFlight > 0) && Date.now() < waitUntil) await sleep(2);
        await sleep(5 + Math.floor(Math.random() * 40));
        process.kill(victim, 'SIGSTOP');
        await sleep(300);
        const first = await openReservationIds(url);
        if (first.length) {
          await sleep(700);
          openAtKill = (await openReservationIds(url)).filter((id) => first.includes(id)).length;
          if (openAtKill > 0) break;
        }
        process.kill(victim, 'SIGCONT');
        await sleep(100 + Math.floor(Math.random() * 200));
      }
      process.kill(victim, 'SIGKILL');
      process.kill(victim, 'SIGCONT');
      stopAt = Date.now() + (SECONDS * 1000 * 2) / 3;
      const kills = 1;
      console.log(
        `killed server process ${victim} with SIGKILL, holding ${openAtKill} open reservation(s) (${freezes} freeze(s) to catch one)`,
      );
      const r = await running;
      const seconds = (performance.now() - t0) / 1000;
      // The primary starts a replacement after a short delay: wait for it rather than read the list once.
      let pids = childPids(cluster.child.pid);
      for (const end = Date.now() + 30_000; (pids.length !== 2 || pids.includes(victim)) && Date.now() < end;) {
        await sleep(200);
        pids = childPids(cluster.child.pid);
      }
      const recovered =
        pids.length === 2 &&
        !pids.includes(victim) &&
        (await waitReady(base, { timeoutMs: 30_000 }).then(
          () => true,
          () => false,
        ));
      const ledger = await settledLedger(url, 60_000);
      const lost = (
        await missingTransformations(
          url,
          r.acked.map((a) => a.id),
        )
      ).length;
      report('1. kill -9 one of two processes mid-load', {
        ...r,
        doubleCharges: await doubleCharges(base, users),
        openAtKill,
        kills,
        stats,
        seconds,
        lost,
        ledger,
        recovered,
        acked: r.acked.length,
        answered: Object.values(r.byKind).reduce((s, v) => s + v.length, 0),
        missingRetryAfter: stats.missingRetryAfter,
        recovery: `the cluster replaced process ${victim}: processes now ${pids.join(', ')}; open reservations refunded by the sweep after ${(ledger.waitedMs / 1000).toFixed(0)} s`,
      });
    }

    // 2. restart PostgreSQL mid-load (new accounts, with full balances).
    {
      const users2 = await makeUsers(base, USERS, 'faults-pg', { databaseUrl: url });
      const stats = {};
      const t0 = performance.now();
      const deadline = Date.now() + SECONDS * 1000;
      const running = runUsers(base, users2, { until: () => Date.now() >= deadline, retries: 30, stats });
      await sleep((SECONDS * 1000) / 3);
      const down = performance.now();
      await pgServer.restartAsync({ downMs: 1000 });
      console.log(`restarted PostgreSQL (down ${((performance.now() - down) / 1000).toFixed(1)} s)`);
      const r = await running;
      const seconds = (performance.now() - t0) / 1000;
      const pids = childPids(cluster.child.pid);
      const recovered =
        pids.length === 2 &&
        (await waitReady(base, { timeoutMs: 30_000 }).then(
          () => true,
          () => false,
        ));
      const ledger = await settledLedger(url, 60_000);
      const lost = (
        await missingTransformations(
          url,
          r.acked.map((a) => a.id),
        )
      ).length;
      report('2. PostgreSQL restarted mid-load', {
        ...r,
        doubleCharges: await doubleCharges(base, users2),
        stats,
        seconds,
        lost,
        ledger,
        recovered,
        acked: r.acked.length,
        answered: Object.values(r.byKind).reduce((s, v) => s + v.length, 0),
        missingRetryAfter: stats.missingRetryAfter,
        recovery: `both processes kept running (${pids.join(', ')}) and reconnected`,
      });
    }
  } finally {
    cluster.child.kill('SIGTERM');
    await Promise.race([cluster.exited, sleep(15_000)]);
    if (cluster.child.exitCode === null) cluster.child.kill('SIGKILL');
  }
}

async function pgliteScenario() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plainspoken-faults-pglite-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server = startSingle(port, dataDir, { ENGINE_TIMEOUT_MS: String(ENGINE_TIMEOUT_MS), LOG_LEVEL: 'info' });
  try {
    await waitReady(base, { proc: server });
    const users = await makeUsers(base, Math.min(USERS, quick ? 12 : 16), 'pglite', { proc: server });
    const stats = {};
    const t0 = performance.now();
    // The load runs until a little after the last kill (restarts are slow on a busy machine), with a cap.
    let stopAt = Date.now() + 150_000;
    const running = runUsers(base, users, {
      until: () => Date.now() >= stopAt,
      // Restarts cost clients connection errors as well as 409s for keys the killed process held: room to retry.
      retries: 120,
      stats,
      steps: 16,
      // Deep holds its reservation longer than Lightning: a kill catches one open more often, before the Free
      // accounts' words run out (a kill that caught none is repeated).
      mode: 'deep',
    });
    await sleep(1_000);
    const deadline = Date.now() + 90_000;
    // Kill while a rewrite is in flight, then read the dead server's data folder: an open reservation
    // there was open at the kill (the restarted server refunds it at start-up). A kill that caught none
    // proves nothing and is repeated (at most 12 kills, while the load runs).
    let restartMs = 0;
    let kills = 0;
    let openAtKill = 0;
    while (kills < 12 && openAtKill === 0 && Date.now() < deadline) {
      const waitUntil = Date.now() + 3_000;
      while (!(stats.lightningInFlight > 0) && Date.now() < waitUntil) await sleep(2);
      // A moment after the request was sent, so it has passed sign-in checks and holds its reservation.
      await sleep(5 + Math.floor(Math.random() * 40));
      const killed = server.child.pid;
      server.child.kill('SIGKILL');
      await server.exited;
      kills++;
      openAtKill = reconcile(`pglite:${dataDir}`).open;
      server = startSingle(port, dataDir, { ENGINE_TIMEOUT_MS: String(ENGINE_TIMEOUT_MS), LOG_LEVEL: 'info' });
      restartMs = await waitReady(base, { proc: server, timeoutMs: 60_000 });
      console.log(
        `killed the PGlite server ${killed} with SIGKILL (${openAtKill} reservation(s) open in its data) and started it again: ready in ${(restartMs / 1000).toFixed(1)} s`,
      );
      // Right after a restart the clients are still backing off from their connection errors: a kill then finds
      // nothing in flight on the server. Let the rewrites reach it first.
      if (openAtKill === 0) await sleep(1_000);
    }
    stopAt = Date.now() + 3_000;
    const r = await running;
    const seconds = (performance.now() - t0) / 1000;
    // Nothing committed lost: every confirmed rewrite is in its owner's history.
    let lost = 0;
    for (const u of users) {
      const h = await call(base, '/api/transformations?limit=100', { cookie: u.cookie, ip: u.ip, retries: 5 });
      const have = new Set((h.json?.items ?? []).map((i) => i.id));
      lost += r.acked.filter((a) => a.user === u.email && !have.has(a.id)).length;
    }
    const charged2x = await doubleCharges(base, users);
    server.child.kill('SIGTERM');
    const code = await server.exited;
    const ledger = reconcile(`pglite:${dataDir}`);
    report('3. kill -9 a PGlite server mid-load, restart at once', {
      ...r,
      doubleCharges: charged2x,
      openAtKill,
      kills,
      stats,
      seconds,
      lost,
      ledger,
      recovered: code === 0,
      acked: r.acked.length,
      answered: Object.values(r.byKind).reduce((s, v) => s + v.length, 0),
      missingRetryAfter: stats.missingRetryAfter,
      recovery: `ready ${(restartMs / 1000).toFixed(1)} s after the kill; open reservations refunded at start-up`,
    });
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await server.exited; // its data folder is removed once it has let go of it
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let pgServer;
let failed = false;
try {
  ensureServerBundle();
  pgServer = await startPostgres({ maxConnections: 100 });
  console.log(
    `PostgreSQL started for this run on 127.0.0.1:${pgServer.port}; ${USERS} users, ${SECONDS} s per scenario`,
  );
  await clusterScenarios(pgServer);
  await pgliteScenario();
  failed = results.length !== 3 || results.some((r) => !r.ok);
  console.log(
    failed
      ? '\nFAULTS FAILED'
      : '\nFAULTS OK: only retryable errors, nothing committed lost, nothing charged without a result, every server recovered by itself',
  );
} catch (e) {
  console.error(e);
  failed = true;
} finally {
  pgServer?.stop();
}
process.exit(failed ? 1 : 0);
