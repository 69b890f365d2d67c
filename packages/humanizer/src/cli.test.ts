import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseArgs } from './cli-args.ts';

const PKG = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TSX = resolve(PKG, '../../node_modules/.bin/tsx');

function run(args: string[], input: string): { stdout: string; stderr: string; status: number | null } {
  const env = { ...process.env };
  delete env.HUMANIZER_LLM_BASE_URL;
  delete env.HUMANIZER_LLM_MODEL;
  const r = spawnSync(TSX, ['src/cli.ts', ...args], { cwd: PKG, input, encoding: 'utf8', env, timeout: 30_000 });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

describe('cli', () => {
  it('parses its options', () => {
    expect(parseArgs(['--mode', 'lightning', '--jsonl', '--second-pass', '--seed', '4'])).toEqual({
      mode: 'lightning',
      jsonl: true,
      secondPass: true,
      seed: 4,
    });
    expect(() => parseArgs(['--mode', 'fast'])).toThrow(/deep or lightning/);
    expect(() => parseArgs(['--seed', '-1'])).toThrow(/seed/);
  });

  it('processes JSONL in order and reports bad lines with their numbers', () => {
    const input = [
      JSON.stringify({ id: 'a', text: 'Moreover, it is crucial to utilize these tools in 2024.' }),
      'not json',
      JSON.stringify({ id: 'b' }),
      '',
      JSON.stringify({ id: 7, text: 'Furthermore, the team will delve into the data.' }),
    ].join('\n');
    const r = run(['--mode', 'deep', '--jsonl', '--seed', '1'], input);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows.map((x) => x.id)).toEqual(['a', 7]);
    expect(Object.keys(rows[0]!)).toEqual([
      'id',
      'original',
      'humanized',
      'score_before',
      'score_after',
      'engine',
      'ms',
      'outcome',
      'repaired_sentences',
      'fallback_reason',
      'improved',
    ]);
    expect(rows[0]!.humanized).toContain('2024');
    expect(rows[0]!.engine).toBe('local');
    expect(['light-edit', 'unchanged']).toContain(rows[0]!.outcome);
    expect(rows[0]!.repaired_sentences).toBe(0);
    expect(rows[0]!.fallback_reason).toBeNull();
    expect(r.stderr).toMatch(/line 2: /);
    expect(r.stderr).toMatch(/line 3: /);
    expect(r.status).toBe(1);
  });

  it('prints humanized plain text', () => {
    const r = run(['--mode', 'lightning'], 'Additionally, we utilize the tools.\n');
    expect(r.status).toBe(0);
    expect(r.stdout).not.toMatch(/utilize/);
    expect(r.stdout).toMatch(/use the tools\./);
  });
});
