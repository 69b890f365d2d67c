/**
 * docs/configuration.md is the one list of the server's settings: every variable env.ts reads is named there, and
 * every variable its tables name is read by some code (the server, the scripts, the packages), so the page can
 * neither miss a setting nor keep one that no longer exists.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (p: string) => readFileSync(path.join(root, p), 'utf8');

/** The keys of env.ts's schema: the lines `    NAME: ...` of `const schema = z.object({ ... })`, nothing after it. */
function serverVariables(): string[] {
  const src = read('apps/server/src/env.ts');
  const start = src.indexOf('const schema = z');
  const end = src.indexOf('\n  })', start);
  if (start < 0 || end < 0) throw new Error('env.ts has no `const schema = z.object({ ... })`');
  return [...src.slice(start, end).matchAll(/^ {4}([A-Z][A-Z0-9_]*): /gm)].map((m) => m[1]!);
}

/** The variables in the first column of the page's tables (`A`, `B` | ...), wildcards like `BENCH_*` left out. */
function documentedVariables(doc: string): string[] {
  const names: string[] = [];
  for (const line of doc.split('\n')) {
    const first = /^\|([^|]*)\|/.exec(line)?.[1];
    if (!first) continue;
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.push(m[1]!);
  }
  return names;
}

/** The text of every source file of the product, its scripts and its packages (tests included). */
function allCode(): string {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|tsx|mjs|js)$/.test(e.name)) texts.push(read(p));
    }
  };
  for (const dir of ['apps/server/src', 'apps/server/scripts', 'apps/web/src', 'packages', 'scripts']) walk(dir);
  return texts.join('\n');
}

describe('docs/configuration.md', () => {
  const doc = read('docs/configuration.md');
  const documented = new Set(documentedVariables(doc));

  it('names every variable the server reads', () => {
    const vars = serverVariables();
    expect(vars.length).toBeGreaterThan(40);
    expect(vars.filter((v) => !documented.has(v))).toEqual([]);
  });

  it('names only variables some code reads', () => {
    expect(documented.size).toBeGreaterThan(40);
    const code = allCode();
    const unread = [...documented].filter((v) => !new RegExp(`\\b${v}\\b`).test(code));
    expect(unread).toEqual([]);
  });
});
