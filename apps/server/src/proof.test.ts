/**
 * The reduced forms of `npm run test:load` and `npm run test:faults`, on the bundled server and a real
 * PostgreSQL server each script starts from initdb/pg_ctl (they must be installed: the suite says so and fails
 * where they are not).
 * The scripts print their figures; here their verdicts must hold.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { canStartPostgres } from '../../../scripts/pg-temp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function run(script: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, [script, '--quick'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('proof under load and faults (quick forms)', () => {
  beforeAll(() => {
    if (!canStartPostgres())
      throw new Error(
        'The load and fault proofs start their own PostgreSQL: initdb and pg_ctl must be on PATH (and, as root, a postgres user must exist).',
      );
  });

  it('test:load --quick: 2 processes, 0 errors, every balance reconciles', async () => {
    const r = await run('scripts/load.mjs');
    expect(r.out).toMatch(/errors\s+0\b/);
    expect(r.out).toMatch(/0 of them missing from the database/);
    expect(r.out).toMatch(/double charges\s+0\b/);
    expect(r.out).toMatch(/LOAD OK/);
    expect(r.code, r.out).toBe(0);
  }, 240_000);

  it('test:faults --quick: kill -9, PostgreSQL restart, PGlite kill -9: only retryable errors, nothing lost or charged without a result', async () => {
    const r = await run('scripts/faults.mjs');
    expect(r.out.match(/not retryable errors\s+0\b/g)).toHaveLength(3);
    expect(r.out.match(/committed but lost\s+0\b/g)).toHaveLength(3);
    expect(r.out.match(/recovered by itself\s+yes/g)).toHaveLength(3);
    expect(r.out.match(/double charges\s+0\b/g)).toHaveLength(3);
    // Each kill caught a reservation of the killed process open (the sweep refunded it).
    const kills = r.out
      .split('\n')
      .filter((line) => /killed |open at the kill/.test(line))
      .join('\n');
    expect(r.out.match(/open at the kill\s+[1-9]\d* reservation/g), kills).toHaveLength(2);
    expect(r.out).toMatch(/FAULTS OK/);
    expect(r.code, r.out).toBe(0);
  }, 300_000);
});
