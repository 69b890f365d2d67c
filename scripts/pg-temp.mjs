// A throw-away PostgreSQL server for tests and proof scripts: initdb + pg_ctl in a temporary folder,
// listening on 127.0.0.1 only, trust authentication, stopped and removed by stop(). As root the server
// runs as the `postgres` user (PostgreSQL refuses to run as root).
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function which(cmd) {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** True when initdb/pg_ctl are on this machine (and, as root, a postgres user exists to run them). */
export function canStartPostgres() {
  if (!which('initdb') || !which('pg_ctl')) return false;
  if (process.getuid?.() === 0) return spawnSync('id', ['postgres']).status === 0;
  return true;
}

export async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
}

function asPostgresAsync(args) {
  const quoted = args.map((a) => `'${String(a).replace(/'/g, `'\\''`)}'`).join(' ');
  const [cmd, argv] = process.getuid?.() === 0 ? ['su', ['postgres', '-c', quoted]] : [args[0], args.slice(1)];
  return new Promise((resolve, reject) => execFile(cmd, argv, (e, out) => (e ? reject(e) : resolve(out))));
}

function asPostgres(args) {
  const quoted = args.map((a) => `'${String(a).replace(/'/g, `'\\''`)}'`).join(' ');
  if (process.getuid?.() === 0)
    return execFileSync('su', ['postgres', '-c', quoted], { stdio: ['ignore', 'pipe', 'pipe'] });
  return execFileSync(args[0], args.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Starts a server; returns { url, port, dir, stop(), restart({ mode }), kill() }. `url` points at the
 * `postgres` database; createDatabase(name) makes another and returns its URL.
 */
export async function startPostgres({ maxConnections = 200 } = {}) {
  if (!canStartPostgres()) throw new Error('initdb/pg_ctl are not available on this machine');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plainspoken-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  const data = path.join(dir, 'data');
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=${maxConnections} -c fsync=off -c full_page_writes=off`;
  try {
    asPostgres(['initdb', '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    asPostgres(['pg_ctl', '-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']);
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not start PostgreSQL: ${e.stderr?.toString() || e.message}`);
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const pg = {
    url,
    port,
    dir,
    /** Stops (fast: open connections are ended) and starts again on the same port. */
    restart({ downMs = 0 } = {}) {
      asPostgres(['pg_ctl', '-D', data, '-m', 'fast', '-w', 'stop']);
      if (downMs > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, downMs);
      asPostgres(['pg_ctl', '-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']);
    },
    /** restart() without blocking the caller's event loop (its clients keep running meanwhile). */
    async restartAsync({ downMs = 0 } = {}) {
      await asPostgresAsync(['pg_ctl', '-D', data, '-m', 'fast', '-w', 'stop']);
      if (downMs > 0) await new Promise((r) => setTimeout(r, downMs));
      await asPostgresAsync(['pg_ctl', '-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']);
    },
    halt() {
      asPostgres(['pg_ctl', '-D', data, '-m', 'fast', '-w', 'stop']);
    },
    resume() {
      asPostgres(['pg_ctl', '-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']);
    },
    dbUrl(name) {
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop() {
      try {
        asPostgres(['pg_ctl', '-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return pg;
}
