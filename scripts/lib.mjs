// Shared steps of the start, test and e2e scripts: install when needed, build when sources changed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withoutEngineWarnings } from './npm-output.mjs';
import { precompress } from './precompress.mjs';

/** A port the system hands out (listen on 0, read it, close): scripts never start a server on a fixed port. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.status !== 0) {
    console.error(`\n${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
}

export function checkNode() {
  const [maj, min] = process.versions.node.split('.').map(Number);
  if (maj < 20 || (maj === 20 && min < 19)) {
    console.error(`Plainspoken needs Node.js 20.19 or newer; this is ${process.versions.node}.`);
    process.exit(1);
  }
}

function mtime(p) {
  try {
    return statSync(p).mtimeMs;
  } catch {
    return 0;
  }
}

function newest(dir) {
  let max = 0;
  if (!existsSync(dir)) return 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('dist') || e.name.startsWith('.') || e.name === 'test-results')
      continue;
    const p = path.join(dir, e.name);
    max = Math.max(max, e.isDirectory() ? newest(p) : mtime(p));
  }
  return max;
}

/** npm ci when node_modules is missing or older than the lockfile. */
export function ensureDeps() {
  ensureApiReference();
  const marker = path.join(root, 'node_modules/.package-lock.json');
  if (mtime(marker) >= mtime(path.join(root, 'package-lock.json'))) return;
  console.log('Installing dependencies (npm ci)...');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

/**
 * The API reference page's Scalar bundle is a build-time tool with its own install in tools/api-reference,
 * outside the workspace, so its Vue never enters the product's lockfile (or a production install).
 */
export const API_REFERENCE = path.join(root, 'tools/api-reference');
export function ensureApiReference() {
  const marker = path.join(API_REFERENCE, 'node_modules/.package-lock.json');
  const fresh = () => mtime(marker) >= mtime(path.join(API_REFERENCE, 'package-lock.json'));
  if (fresh()) return;
  // Several builds can start at once (the bundle tests run in parallel); two npm ci in one folder collide.
  const status = oneAtATime(path.join(API_REFERENCE, '.install-lock'), () => (fresh() ? 0 : installApiReference()));
  if (status !== 0) {
    console.error(`\nnpm ci in tools/api-reference failed (exit ${status})`);
    process.exit(typeof status === 'number' ? status : 1);
  }
}

/** A lock directory older than this was left by a process that died: it is taken over. */
const STALE_LOCK_MS = 10 * 60_000;

/** Runs `fn` while holding the lock directory `lock`, waiting for another process that holds it. */
function oneAtATime(lock, fn) {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      if (Date.now() - mtime(lock) > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(pause, 0, 0, 250);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function installApiReference() {
  console.log('Installing the API reference bundle (npm ci in tools/api-reference)...');
  // Scalar's packages declare Node 22 ("engines"), and npm warns once per package (about 25 EBADENGINE lines)
  // under the Node 20.19 the product supports. No code of this tool runs under Node: the build copies its
  // prebuilt browser bundle (scripts/build-server.mjs), so its engine field does not apply here. Only those
  // warnings, and only for this install, are left out; every other line, and any failure, is printed.
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: API_REFERENCE,
    stdio: ['inherit', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  process.stdout.write(withoutEngineWarnings(r.stdout ?? ''));
  process.stderr.write(withoutEngineWarnings(r.stderr ?? ''));
  return r.status ?? r.signal;
}

/** Builds the web app and the server bundle when their sources are newer than the output. */
export function buildIfStale({ force = false } = {}) {
  const shared = newest(path.join(root, 'packages'));
  const web = Math.max(shared, newest(path.join(root, 'apps/web')));
  if (force || mtime(path.join(root, 'apps/web/dist/index.html')) < web) {
    console.log('Building the web app...');
    // Build beside the live folder and swap, so a server running from dist never sees it half-empty.
    const next = path.join(root, `apps/web/dist-next-${process.pid}`);
    run('npm', ['run', '-s', 'build', '-w', 'apps/web', '--', '--outDir', next, '--emptyOutDir']);
    precompress(next);
    const live = path.join(root, 'apps/web/dist');
    const old = path.join(root, `apps/web/dist-old-${process.pid}`);
    if (existsSync(live)) renameSync(live, old);
    renameSync(next, live);
    rmSync(old, { recursive: true, force: true });
  }
  const server = Math.max(
    shared,
    newest(path.join(root, 'apps/server')),
    mtime(path.join(root, 'scripts/build-server.mjs')),
  );
  if (force || mtime(path.join(root, 'apps/server/dist/index.js')) < server) {
    console.log('Building the server...');
    run('node', ['scripts/build-server.mjs']);
  }
}
