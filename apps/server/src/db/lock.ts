/**
 * PGlite has no lock between processes, and a second process on the same folder silently loses
 * committed rows. The server therefore holds an exclusive lock file with its pid for as long as it runs.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * Whether `pid` is a running process. A process killed with SIGKILL stays in the process table as a
 * zombie ("Z", or "X" while it is being removed) until its parent reaps it, and kill(pid, 0) still
 * succeeds for it; it can no longer write a byte, so on Linux /proc's state decides.
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return true; // no /proc (not Linux): kill(pid, 0) is all there is
  }
}

/** Waits up to `ms` for `pid` to end (a SIGKILL is delivered asynchronously); true when it did. */
function endsWithin(pid: number, ms: number): boolean {
  const until = Date.now() + ms;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (Date.now() < until) {
    if (!processAlive(pid)) return true;
    Atomics.wait(pause, 0, 0, 50);
  }
  return !processAlive(pid);
}

/** `graceMs`: how long a start waits for an owner that is still exiting (a restart right after a kill). */
export function lockDataDir(dir: string, graceMs = 3000): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'plainspoken.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      if (Number.isFinite(owner) && owner !== process.pid && !endsWithin(owner, graceMs)) {
        throw new DataDirLockedError(
          `The data folder ${path.resolve(dir)} is in use by another Plainspoken server (pid ${owner}). ` +
            'Stop that server first, or point DATA_DIR at another folder (several processes need DATABASE_URL).',
        );
      }
      unlinkSync(file); // stale lock from a process that is gone
    }
  }
  throw new DataDirLockedError(`Could not lock ${file}`);
}
