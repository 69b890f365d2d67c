// The one tally of a test run (`npm test`, `npm run test:all`): every outcome is recorded here once, the closing
// line's counts are read from these lists, every failure is listed with a non-empty reason, and every skipped test
// is listed with why it did not run. A test may only be skipped because its file failed before it ran (a failing
// `beforeAll`, a file that did not load): that failure is listed, and the skip names it. A test skipped in a file
// that did not fail (`it.skip`, `skipIf`, `ctx.skip()`) is counted as a failure: this loop allows no skips.

const ANSI = /\u001b\[[0-9;]*m/g;

/** The first non-blank line of a runner's message, or `fallback` when there is none. Never empty. */
export function firstLine(text, fallback = 'no reason given by the runner') {
  const plain = String(text ?? '').replace(ANSI, '');
  const line = plain.split('\n').find((l) => l.trim());
  return line ? line.trim() : fallback;
}

export function createTally() {
  const tally = {
    passed: 0,
    /** `name: reason` of each failed test or gate. */
    failures: [],
    /** `name: why it did not run` of each skipped test. */
    skips: [],
    pass(n = 1) {
      tally.passed += n;
    },
    fail(name, reason) {
      tally.failures.push(`${name}: ${firstLine(reason)}`);
    },
    skip(name, why) {
      tally.skips.push(`${name}: ${firstLine(why, 'skipped')}`);
    },
    /** The closing line; its counts are the lists' lengths, so they always agree with what is listed. */
    closingLine() {
      return `${tally.passed} passed, ${tally.failures.length} failed, ${tally.skips.length} skipped`;
    },
    /** The failures and the skips, each listed whole, for above the closing line. */
    listing() {
      const out = [];
      if (tally.failures.length)
        out.push(`Failed (${tally.failures.length}):`, ...tally.failures.map((l) => `  ${l.slice(0, 400)}`));
      if (tally.skips.length)
        out.push(`Skipped (${tally.skips.length}):`, ...tally.skips.map((l) => `  ${l.slice(0, 400)}`));
      return out;
    },
  };
  return tally;
}

const SKIPPED = new Set(['skipped', 'pending', 'todo', 'disabled']);

/**
 * Adds one vitest JSON report. `where(file)` names a file (relative to the repository); `exitStatus` is the
 * run's exit status: a non-zero status with nothing failed in the report is itself a failure.
 */
export function addVitestReport(
  tally,
  report,
  { where = (f) => f, exitStatus = 0, label = 'vitest', suiteErrors = [] } = {},
) {
  if (!report) {
    tally.fail(label, `no report (exit status ${exitStatus})`);
    return;
  }
  const before = tally.failures.length;
  // Errors of files and suites (scripts/vitest-suite-errors.mjs): the JSON report leaves their message empty.
  const errorsOf = new Map();
  for (const e of suiteErrors ?? []) {
    const name = e.file ? where(e.file) : label;
    tally.fail(e.suite ? `${name} › ${e.suite}` : name, e.message);
    errorsOf.set(name, errorsOf.get(name) ?? firstLine(e.message));
  }
  for (const file of report.testResults ?? []) {
    const name = where(file.name);
    const tests = file.assertionResults ?? [];
    const fileFailed = file.status === 'failed';
    const fileReason = firstLine(file.message, '') || errorsOf.get(name) || '';
    if (fileFailed && !errorsOf.has(name) && !tests.some((t) => t.status === 'failed'))
      tally.fail(name, fileReason || 'the file failed before any of its tests failed (a hook or an import)');
    for (const t of tests) {
      const title = `${name} › ${t.fullName ?? t.title}`;
      if (t.status === 'passed') tally.pass();
      else if (t.status === 'failed') tally.fail(title, (t.failureMessages ?? []).join('\n') || fileReason);
      else if (SKIPPED.has(t.status)) {
        if (fileFailed) tally.skip(title, `not run: ${name} failed (${fileReason || 'see its failure above'})`);
        else tally.fail(title, 'skipped in a file that did not fail; no test may skip');
      }
    }
  }
  if (exitStatus !== 0 && tally.failures.length === before)
    tally.fail(label, `exited with status ${exitStatus} though its report lists no failure`);
}

/** Adds one Playwright JSON report (the top suites are files, the ones below them describe blocks). */
export function addPlaywrightReport(tally, report, { exitStatus = 0, label = 'Playwright' } = {}) {
  if (!report?.suites) {
    tally.fail(label, `no report (exit status ${exitStatus})`);
    return;
  }
  const before = tally.failures.length;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const name = `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`;
        const last = t.results?.at(-1);
        if (t.status === 'expected' || t.status === 'flaky') tally.pass();
        else if (t.status === 'skipped') {
          const why = (t.annotations ?? []).find((a) => a.type === 'skip' || a.type === 'fixme')?.description;
          tally.fail(name, `skipped${why ? ` (${why})` : ''}; no test may skip`);
        } else tally.fail(name, last?.errors?.map((e) => e.message).join('\n') || last?.error?.message || t.status);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  for (const e of report.errors ?? []) tally.fail(label, e.message);
  if (exitStatus !== 0 && tally.failures.length === before)
    tally.fail(label, `exited with status ${exitStatus} though its report lists no failure`);
}
