// `npm test`: installs what is missing, builds, runs the type check, formatting check and lint (each
// counted as one test), every
// unit/integration test (vitest) and every browser test (Playwright in Debian's Chromium), then prints
// one closing line: N passed, N failed, N skipped.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildIfStale, checkNode, ensureDeps, root } from './lib.mjs';
import { canStartPostgres, startPostgres } from './pg-temp.mjs';

checkNode();
ensureDeps();
const out = path.join(root, '.tmp');
mkdirSync(out, { recursive: true });
const started = Date.now();

// The database tests also run on a real PostgreSQL server: TEST_DATABASE_URL when given (CI's .ci/run
// starts one), otherwise a throw-away server from this machine's initdb/pg_ctl (127.0.0.1, a temporary
// folder, removed at the end). Without initdb they run on PGlite only.
let pgServer = null;
if (!process.env.TEST_DATABASE_URL && canStartPostgres()) {
  try {
    pgServer = await startPostgres();
    process.env.TEST_DATABASE_URL = pgServer.url;
    console.log(`PostgreSQL running on 127.0.0.1:${pgServer.port} for the database tests`);
  } catch (e) {
    console.warn(`Could not start PostgreSQL (${e.message}); the database tests run on PGlite only.`);
  }
}
process.on('exit', () => pgServer?.stop());
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));
let passed = 0;
let failed = 0;
let skipped = 0;

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// 0. The gates, each counted as one test: types (`tsc -b` over every workspace's project reference, so a
// type error fails the run), formatting (Prettier) and the lint (type-aware rules, layers and import cycles).
// They run side by side (each is mostly one thread); each one's output is printed when it ends.
const gates = [
  ['Types', 'npm run typecheck', ['tsc', '-b']],
  ['Formatting', 'npx prettier --check .', ['prettier', '--check', '--log-level=warn', '.']],
  ['Lint', 'npm run lint', ['eslint', '.']],
];
const gateResults = await Promise.all(
  gates.map(
    ([name, command, args]) =>
      new Promise((resolve) => {
        const child = spawn('npx', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (d) => (output += d));
        child.stderr.on('data', (d) => (output += d));
        child.on('close', (code) => resolve({ name, command, code, output }));
      }),
  ),
);
for (const { name, command, code, output } of gateResults) {
  if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  if (code === 0) {
    passed += 1;
    console.log(`${name}: ok (${command})`);
  } else {
    console.error(`${name} failed (${command}); counted as one failure.`);
    failed += 1;
  }
}

// 1. vitest: every workspace project. The proofs that take minutes (apps/server/vitest.config.ts) run under
// CI=true (.ci/run) or TEST_LONG=1; the default loop leaves them to `npm run test:proofs`.
const long = process.env.CI === 'true' || process.env.TEST_LONG === '1';
if (!long) console.log('Long proofs (load, faults) are left out: npm run test:proofs runs them; CI runs them too.');
const vjson = path.join(out, 'vitest.json');
rmSync(vjson, { force: true });
const v = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vjson}`], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_LONG: long ? '1' : '0' },
});
const vr = readJson(vjson);
if (vr) {
  passed += vr.numPassedTests;
  failed += vr.numFailedTests;
  skipped += (vr.numPendingTests ?? 0) + (vr.numTodoTests ?? 0);
  if (v.status !== 0 && vr.numFailedTests === 0) failed += 1; // a suite that failed to load
} else {
  console.error('vitest produced no report');
  failed += 1;
}

// 2. Playwright in Debian's Chromium.
const chromium = '/usr/bin/chromium';
if (!existsSync(chromium) && process.getuid?.() === 0) {
  console.log('Installing Debian chromium for the browser tests...');
  spawnSync(
    'sh',
    ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null'],
    { stdio: 'inherit' },
  );
}
if (!existsSync(chromium)) {
  console.error(`Browser tests need ${chromium} (Debian package "chromium"); counted as one failure.`);
  failed += 1;
} else {
  buildIfStale();
  const pjson = path.join(out, 'playwright.json');
  rmSync(pjson, { force: true });
  const p = spawnSync('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: pjson },
  });
  const pr = readJson(pjson);
  if (pr?.stats) {
    passed += pr.stats.expected + (pr.stats.flaky ?? 0);
    failed += pr.stats.unexpected;
    skipped += pr.stats.skipped;
    if (p.status !== 0 && pr.stats.unexpected === 0) failed += 1;
  } else {
    console.error('Playwright produced no report');
    failed += 1;
  }
}

console.log(`\nTest run took ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
