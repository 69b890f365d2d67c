// `npm test`, the default loop: installs what is missing, runs the type check, formatting check and lint (each
// counted as one test) and every unit/integration test (vitest) except the proofs that take minutes, then prints
// one closing line: N passed, N failed, N skipped.
// `npm run test:all` (`--all`; what CI's .ci/run calls): the same, plus the long proofs (load, faults, nginx; one
// file at a time after the rest), the corpus and LibreOffice tests made mandatory, and every browser test
// (Playwright in Debian's Chromium, against the built product). `npm run test:proofs` (`--proofs`): the long
// proofs alone. Every failed test is listed, with the first line of its reason, above the closing line, and so is
// every skipped test with why it did not run; the closing line counts those lists (scripts/test-report.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildIfStale, checkNode, ensureDeps, root } from './lib.mjs';
import { addPlaywrightReport, addVitestReport, createTally, firstLine } from './test-report.mjs';
import { canStartPostgres, startPostgres } from './pg-temp.mjs';
import { LONG_PROOFS } from '../apps/server/long-proofs.mjs';

const all = process.argv.includes('--all') || process.env.TEST_ALL === '1';
// `npm run test:proofs` (`--proofs`): only the proofs that take minutes, one file at a time.
const proofsOnly = !all && process.argv.includes('--proofs');
checkNode();
ensureDeps();
const out = path.join(root, '.tmp');
mkdirSync(out, { recursive: true });
const started = Date.now();

// The database tests also run on a real PostgreSQL server: TEST_DATABASE_URL when given (CI's .ci/run
// starts one); under --all otherwise a throw-away server from this machine's initdb/pg_ctl (127.0.0.1, a
// temporary folder, removed at the end). The default loop, and any run without initdb, uses PGlite only.
let pgServer = null;
if (all && !process.env.TEST_DATABASE_URL && canStartPostgres()) {
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
/** Every outcome of the run: the failures and skips it lists and the counts of the closing line. */
const tally = createTally();

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** spawn, resolved with the exit status once the child has ended (stdio inherited unless given). */
function run(cmd, args, options) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...options });
    child.on('close', (status) => resolve({ status }));
  });
}

// 0. The gates, each counted as one test: types (`tsc -b` over every workspace's project reference, so a
// type error fails the run), formatting (Prettier) and the lint (type-aware rules, layers and import cycles).
// They run side by side (each is mostly one thread) and beside the vitest run below, which spends much of its
// time waiting on databases, processes and sockets; their output is printed once vitest has finished.
const gates = [
  ['Types', 'npm run typecheck', ['tsc', '-b']],
  ['Formatting', 'npx prettier --check .', ['prettier', '--check', '--log-level=warn', '.']],
  ['Lint', 'npm run lint', ['eslint', '.']],
];
const gatesDone = proofsOnly
  ? Promise.resolve([])
  : Promise.all(
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
// 1. vitest: every workspace project except the proofs that take minutes (apps/server/long-proofs.mjs); with
// --all (or TEST_LONG=1) those run next, one file at a time, so that the processes they start have the
// machine's cores to themselves (under the other tests' load a request timeout proves nothing about a restart).
const long = all || process.env.TEST_LONG === '1';
if (!all && !proofsOnly) {
  console.log(
    'Default loop: long proofs (load, faults, nginx) and browser tests are left out; `npm run test:all` runs ' +
      'everything (CI does), `npm run test:proofs` and `npm run test:e2e` run each part.',
  );
}
// Under --all the corpus and LibreOffice tests fail when their inputs are missing instead of skipping.
const vitestEnv = { ...process.env, ...(all ? { CI: 'true' } : {}) };
if (!proofsOnly) await vitest('vitest.json', [], { ...vitestEnv, TEST_LONG: '0' });
if (long || proofsOnly) {
  const files = LONG_PROOFS.map((f) => `apps/server/${f}`);
  console.log(`\nThe long proofs, one file at a time: ${files.join(', ')}`);
  await vitest('vitest-proofs.json', ['--no-file-parallelism', ...files], { ...vitestEnv, TEST_LONG: '1' });
}

/** One vitest run; its JSON report is added to the counts and the failures. */
async function vitest(report, args, env) {
  const vjson = path.join(out, report);
  const errors = path.join(out, `suite-errors-${report}`);
  rmSync(vjson, { force: true });
  rmSync(errors, { force: true });
  const v = await run(
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vjson}`,
      '--reporter=./scripts/vitest-suite-errors.mjs',
      ...args,
    ],
    { cwd: root, stdio: 'inherit', env: { ...env, VITEST_SUITE_ERRORS: errors } },
  );
  addVitestReport(tally, readJson(vjson), {
    where: (f) => path.relative(root, f),
    exitStatus: v.status,
    label: `vitest ${args.join(' ')}`.trim(),
    suiteErrors: readJson(errors),
  });
}

for (const { name, command, code, output } of await gatesDone) {
  if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  if (code === 0) {
    tally.pass();
    console.log(`${name}: ok (${command})`);
  } else {
    console.error(`${name} failed (${command}); counted as one failure.`);
    tally.fail(name, `${command} failed: ${firstLine(output, `exit status ${code}`)}`);
  }
}

// 2. Playwright in Debian's Chromium, against the built product (--all only; `npm run test:e2e` alone).
if (all) runBrowserTests();

function runBrowserTests() {
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
    tally.fail('Browser tests', `${chromium} is missing (Debian package "chromium")`);
    return;
  }
  buildIfStale();
  const pjson = path.join(out, 'playwright.json');
  rmSync(pjson, { force: true });
  const p = spawnSync('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: pjson },
  });
  addPlaywrightReport(tally, readJson(pjson), { exitStatus: p.status });
}

const listing = tally.listing();
if (listing.length) console.log(`\n${listing.join('\n')}`);
console.log(`\nTest run took ${Math.round((Date.now() - started) / 1000)} s`);
console.log(tally.closingLine());
process.exit(tally.failures.length > 0 ? 1 : 0);
