import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import server from './apps/server/vitest.config.ts';
import web from './apps/web/vitest.config.ts';

/**
 * One run over every workspace; each project keeps its own environment.
 *
 * Test files share their worker's module registry (`isolate: false`): importing the server app or jsdom once
 * per worker instead of once per file is most of the suite's CPU. A file that replaces modules (`vi.mock`,
 * `vi.doMock`) would leak its replacements to the files after it, so those files run in a second, isolated
 * project of the same workspace, found by reading the files (a new one is placed without editing this list).
 */
const MOCKS = /\bvi\.(?:mock|doMock|unmock)\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : testFiles(p);
    return /\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The test files under `root/src` that replace modules, relative to `root`. */
function mocking(root: string): string[] {
  return testFiles(path.join(import.meta.dirname, root, 'src'))
    .filter((f) => MOCKS.test(readFileSync(f, 'utf8')))
    .map((f) =>
      path
        .relative(path.join(import.meta.dirname, root), f)
        .split(path.sep)
        .join('/'),
    );
}

type Project = { test?: Record<string, unknown> } & Record<string, unknown>;

/**
 * The shared-registry project and, when some of its files mock modules, their isolated twin. `base` is the
 * workspace's own config (plugins, aliases, timeouts); its `test.root` is `dir`.
 */
function split(dir: string, base: Project) {
  const isolated = mocking(dir);
  const { test = {}, ...rest } = base;
  const name = String(test.name ?? dir);
  const exclude = [...((test.exclude as string[] | undefined) ?? configDefaults.exclude)];
  const shared = { ...rest, test: { ...test, root: dir, exclude: [...exclude, ...isolated], isolate: false } };
  if (isolated.length === 0) return [shared];
  return [shared, { ...rest, test: { ...test, root: dir, name: `${name}-isolated`, include: isolated, exclude } }];
}

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker; the server tests spend much of their time waiting on
    // PostgreSQL, child processes and sockets, so two keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      ...split('packages/shared', { test: { name: 'shared', include: ['src/**/*.test.ts'] } }),
      ...split('packages/detector', { test: { name: 'detector', include: ['src/**/*.test.ts'], testTimeout: 30_000 } }),
      ...split('packages/humanizer', {
        test: { name: 'humanizer', include: ['src/**/*.test.ts'], testTimeout: 60_000 },
      }),
      ...split('apps/server', server as Project),
      ...split('apps/web', web as Project),
    ],
  },
});
