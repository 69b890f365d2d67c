import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PKG = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TSX = resolve(PKG, '../../node_modules/.bin/tsx');

function run(args: string[], input: string): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync(TSX, ['src/cli.ts', ...args], { cwd: PKG, input, encoding: 'utf8', timeout: 60_000 });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

describe('detect cli', () => {
  // Its own process, so the empty text is the first one the detector ever scores.
  it('scores an empty text as 0 in a fresh process, and rejects unknown options with its usage', () => {
    const empty = run([], '');
    expect(empty.stderr).toBe('');
    expect(empty.status).toBe(0);
    expect(JSON.parse(empty.stdout)).toMatchObject({ score: 0, flagged: false, sentences: [] });

    const bad = run(['--json'], '');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/unknown option --json\nusage: detect/);
    expect(bad.stdout).toBe('');
  });
});
