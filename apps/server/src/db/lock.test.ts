import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirLockedError, lockDataDir } from './lock';

describe('data folder lock', () => {
  it('refuses a second holder while the first lives, and frees the folder on release', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lock-'));
    writeFileSync(path.join(dir, 'plainspoken.lock'), String(process.ppid)); // a live process that is not us
    expect(() => lockDataDir(dir, 100)).toThrow(DataDirLockedError);
    writeFileSync(path.join(dir, 'plainspoken.lock'), '999999999'); // a pid that is gone: stale
    const release = lockDataDir(dir);
    expect(existsSync(path.join(dir, 'plainspoken.lock'))).toBe(true);
    release();
    expect(existsSync(path.join(dir, 'plainspoken.lock'))).toBe(false);
  });
});
