// The tally behind `npm test`'s closing line (scripts/test-report.mjs): one list is counted and printed.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutEngineWarnings } from '../../../scripts/npm-output.mjs';
import { addPlaywrightReport, addVitestReport, createTally, firstLine } from '../../../scripts/test-report.mjs';

const file = (
  name: string,
  status: string,
  tests: { fullName: string; status: string; failureMessages?: string[] }[],
  message = '',
) => ({
  name,
  status,
  message,
  assertionResults: tests,
});

describe('test run tally', () => {
  it('counts what it lists: a file that failed in a hook is one failure, its unrun tests are skips that say why', () => {
    const tally = createTally();
    addVitestReport(
      tally,
      {
        testResults: [
          file('a.test.ts', 'passed', [
            { fullName: 'one', status: 'passed' },
            { fullName: 'two', status: 'passed' },
          ]),
          // A failing beforeAll: vitest marks the file failed and its tests skipped, with no failed test.
          file(
            'b.test.ts',
            'failed',
            [
              { fullName: 'three', status: 'skipped' },
              { fullName: 'four', status: 'skipped' },
            ],
            '\u001b[31mError: listen EADDRINUSE 127.0.0.1:11434\u001b[39m\n    at Server.listen',
          ),
          // A failed test whose message is empty still gets a reason.
          file('c.test.ts', 'failed', [{ fullName: 'five', status: 'failed', failureMessages: [''] }], ''),
        ],
      },
      { exitStatus: 1 },
    );
    expect(tally.failures).toEqual([
      'b.test.ts: Error: listen EADDRINUSE 127.0.0.1:11434',
      'c.test.ts › five: no reason given by the runner',
    ]);
    expect(tally.skips).toEqual([
      'b.test.ts › three: not run: b.test.ts failed (Error: listen EADDRINUSE 127.0.0.1:11434)',
      'b.test.ts › four: not run: b.test.ts failed (Error: listen EADDRINUSE 127.0.0.1:11434)',
    ]);
    expect(tally.closingLine()).toBe('2 passed, 2 failed, 2 skipped');
    const listing = tally.listing();
    expect(listing[0]).toBe('Failed (2):');
    expect(listing).toContain('Skipped (2):');
    for (const line of [...tally.failures, ...tally.skips]) expect(line).toMatch(/: \S/);
  });

  it('lists a failing hook with its own message (the JSON report leaves it empty) and names it in the skips', () => {
    const tally = createTally();
    addVitestReport(
      tally,
      {
        testResults: [
          file('/r/e.test.ts', 'failed', [
            { fullName: 'suite seven', status: 'skipped' },
            { fullName: 'eight', status: 'failed', failureMessages: ['AssertionError: expected 1 to be 2'] },
          ]),
        ],
      },
      {
        where: (f) => f.replace('/r/', ''),
        exitStatus: 1,
        suiteErrors: [{ file: '/r/e.test.ts', suite: 'suite', message: 'listen EADDRINUSE 127.0.0.1:11434' }],
      },
    );
    expect(tally.failures).toEqual([
      'e.test.ts › suite: listen EADDRINUSE 127.0.0.1:11434',
      'e.test.ts › eight: AssertionError: expected 1 to be 2',
    ]);
    expect(tally.skips).toEqual([
      'e.test.ts › suite seven: not run: e.test.ts failed (listen EADDRINUSE 127.0.0.1:11434)',
    ]);
    expect(tally.closingLine()).toBe('0 passed, 2 failed, 1 skipped');
  });

  it('allows no skip in a file that did not fail, and no failing exit without a listed failure', () => {
    const tally = createTally();
    addVitestReport(tally, { testResults: [file('d.test.ts', 'passed', [{ fullName: 'six', status: 'skipped' }])] });
    addVitestReport(tally, { testResults: [] }, { exitStatus: 1, label: 'vitest' });
    addVitestReport(tally, null, { exitStatus: 2, label: 'vitest proofs' });
    expect(tally.failures).toEqual([
      'd.test.ts › six: skipped in a file that did not fail; no test may skip',
      'vitest: exited with status 1 though its report lists no failure',
      'vitest proofs: no report (exit status 2)',
    ]);
    expect(tally.closingLine()).toBe('0 passed, 3 failed, 0 skipped');
  });

  it('reads a Playwright report the same way', () => {
    const tally = createTally();
    addPlaywrightReport(
      tally,
      {
        suites: [
          {
            title: 'x.spec.ts',
            specs: [
              { file: 'x.spec.ts', line: 3, title: 'works', tests: [{ status: 'expected', results: [] }] },
              {
                file: 'x.spec.ts',
                line: 9,
                title: 'breaks',
                tests: [{ status: 'unexpected', results: [{ errors: [{ message: '' }] }] }],
              },
            ],
          },
        ],
      },
      { exitStatus: 1 },
    );
    expect(tally.failures).toEqual(['x.spec.ts:9 › breaks: unexpected']);
    expect(tally.closingLine()).toBe('1 passed, 1 failed, 0 skipped');
  });

  it('never gives an empty reason', () => {
    expect(firstLine('')).toBe('no reason given by the runner');
    expect(firstLine('\n  \n')).toBe('no reason given by the runner');
    expect(firstLine(undefined, 'fallback')).toBe('fallback');
    expect(firstLine('\n  second line\nthird')).toBe('second line');
  });
});

describe('the API reference install', () => {
  it('leaves out npm’s EBADENGINE warnings and nothing else', () => {
    const out = [
      'npm warn EBADENGINE Unsupported engine {',
      "npm warn EBADENGINE   package: '@scalar/api-reference@1.72.1',",
      "npm warn EBADENGINE   required: { node: '>=22' },",
      "npm warn EBADENGINE   current: { node: 'v20.19.0', npm: '10.8.2' }",
      'npm warn EBADENGINE }',
      'npm warn deprecated something@1.0.0: use another',
      '',
      'added 272 packages in 1m',
      '',
    ].join('\n');
    expect(withoutEngineWarnings(out)).toBe(
      'npm warn deprecated something@1.0.0: use another\n\nadded 272 packages in 1m\n',
    );
  });
});

describe('the install under the oldest Node the product supports', () => {
  it('has no package that declares a newer Node (npm would print EBADENGINE at `npm start`)', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const oldest = (
      JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }
    ).engines.node.replace(/^>=\s*/, '');
    const semver = createRequire(import.meta.url)('semver') as { satisfies(v: string, range: string): boolean };
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; engines?: { node?: string } }>;
    };
    const newer = Object.entries(lock.packages)
      .filter(
        ([, p]) => p.engines?.node && !semver.satisfies(`${oldest}.0`.split('.').slice(0, 3).join('.'), p.engines.node),
      )
      .map(([name, p]) => `${name}@${p.version}: node ${p.engines!.node}`);
    expect(newer).toEqual([]);
  });
});
