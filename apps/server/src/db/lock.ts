/**
 * PGlite has no lock between processes, and a second process on the same folder silently loses
 * committed rows. The server therefore holds an exclusive lock file with its pid for as long as it runs.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dir: string): () => void {
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
      if (Number.isFinite(owner) && owner !== process.pid && alive(owner)) {
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
