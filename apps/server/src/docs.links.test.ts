/**
 * The documentation's relative links lead somewhere: every link from the README, CONTRIBUTING.md, a page under
 * docs/ or a package README to a file of the repository names a file that exists, and a link to a heading
 * (`page.md#heading`) names a heading that page has, spelled as GitHub spells its anchors. The README stays a
 * front door, and the one table of scripts in docs/operations.md lists every script of package.json.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

function markdownUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return markdownUnder(p);
    return e.name.endsWith('.md') ? [p] : [];
  });
}

const PAGES = [
  'README.md',
  'CONTRIBUTING.md',
  ...markdownUnder('docs'),
  ...readdirSync(path.join(root, 'packages'))
    .map((p) => `packages/${p}/README.md`)
    .filter((p) => existsSync(path.join(root, p))),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped (hyphens kept), spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(path.join(root, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchorOf(m[1]!)));
}

/** The relative links of a page (code blocks and inline code left out): [target file, anchor]. */
function linksOf(file: string): { target: string; anchor: string | null; raw: string }[] {
  const text = readFileSync(path.join(root, file), 'utf8')
    .replace(/^```[\s\S]*?^```/gm, '')
    .replace(/`[^`\n]*`/g, '');
  const out: { target: string; anchor: string | null; raw: string }[] = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const raw = m[1]!;
    if (/^[a-z]+:/i.test(raw)) continue; // http:, https:, mailto:
    const [p = '', anchor] = raw.split('#');
    const target = p === '' ? file : path.join(path.dirname(file), p);
    out.push({ target, anchor: anchor ?? null, raw });
  }
  return out;
}

describe('documentation links', () => {
  it('reads the pages', () => {
    expect(PAGES).toContain('docs/architecture.md');
    expect(PAGES).toContain('docs/decisions/README.md');
  });

  it('spells anchors as GitHub does', () => {
    expect(anchorOf('Every `npm run` script')).toBe('every-npm-run-script');
    expect(anchorOf('From the package README: versions 1 to 7')).toBe('from-the-package-readme-versions-1-to-7');
  });

  it('keeps the README a front door (at most 150 lines)', () => {
    const lines = readFileSync(path.join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(150);
  });

  it('lists every npm script of package.json in the scripts table of docs/operations.md', () => {
    const scripts = Object.keys(
      (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
        .scripts,
    );
    const doc = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
    const table = doc.slice(doc.indexOf('## Every `npm run` script'));
    const listed = (name: string) =>
      new RegExp(`^\\| \`npm (?:run (?:-s )?)?${name.replace(/[:]/g, '\\$&')}[\\s\`]`, 'm').test(table);
    expect(scripts.length).toBeGreaterThan(20);
    expect(scripts.filter((name) => !listed(name))).toEqual([]);
  });

  it.each(PAGES)('%s links only to files and headings that exist', (page) => {
    const broken = linksOf(page).filter(({ target, anchor }) => {
      if (!existsSync(path.join(root, target))) return true;
      return anchor !== null && target.endsWith('.md') && !anchorsOf(target).has(anchor);
    });
    expect(broken.map((b) => b.raw)).toEqual([]);
  });
});
