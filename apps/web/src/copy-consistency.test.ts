import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The screens' source files (tests excluded): what users read. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Wordings issue 58 found beside their one chosen form (packages/shared/src/copy.ts). */
const RETIRED: [RegExp, string][] = [
  [/Get more credits/, 'say "Get more words": the product sells words'],
  [/\bLog (in|out)\b/, 'say "Sign in" / "Sign out"'],
  [/Sign (In|Out)\b/, 'write "Sign in" / "Sign out" (COPY.signIn, COPY.signOut)'],
  [/access to premium/i, 'name the plan (loseAccessNotice)'],
];

describe('copy consistency', () => {
  it('no screen uses a retired wording', () => {
    const found: string[] = [];
    for (const file of sources(path.join(import.meta.dirname))) {
      const text = readFileSync(file, 'utf8');
      for (const [re, fix] of RETIRED) {
        const m = re.exec(text);
        if (m) found.push(`${path.relative(import.meta.dirname, file)}: "${m[0].trim()}": ${fix}`);
      }
    }
    expect(found).toEqual([]);
  });
});
