import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { textBlocks } from '@plainspoken/shared';
import { docxParagraphs, libreOfficeRoundTrip, requireSoffice, unzip } from '../../test/docx';
import { buildResultDocx } from './tracked-docx';
import { diffTokens, pairBlocks, pieces } from './word-diff';

const ORIGINAL = `# Why Teams Plan Ahead

In today's fast-paced world, planning plays a pivotal role in how teams deliver work. Moreover, it is important to note that a clear plan reduces rework by 30 percent, according to Dana Reyes at Northwind Labs, because everyone knows what comes next and nobody has to guess.

- Set goals early
- Review progress weekly

1. Write the plan
2. Share it with the team

This paragraph stays exactly the same.`;

const RESULT = `# Why Teams Plan Ahead

Planning matters for how teams deliver work. Also, a clear plan reduces rework by 30 percent, according to Dana Reyes at Northwind Labs. Everyone knows what comes next and nobody has to guess.

- Set goals early
- Check progress every week

1. Write the plan
2. Share it with the team

This paragraph stays exactly the same.

A closing line the rewrite added.`;

const date = new Date('2026-11-20T10:30:00Z');
const texts = (t: string) => textBlocks(t).map((b) => b.text);

describe('tracked-changes Word file', () => {
  const bytes = buildResultDocx({ original: ORIGINAL, result: RESULT, date, engine: 'local', tracked: true });
  const parts = unzip(bytes);
  const doc = parts.get('word/document.xml') ?? '';

  it('holds insertions, deletions and comments by Plainspoken at the rewrite time', () => {
    expect(doc).toMatch(/<w:ins w:id="\d+" w:author="Plainspoken" w:date="2026-11-20T10:30:00Z">/);
    expect(doc).toMatch(/<w:del w:id="\d+" w:author="Plainspoken" w:date="2026-11-20T10:30:00Z">/);
    expect(doc).toContain('<w:commentReference');
    const comments = parts.get('word/comments.xml') ?? '';
    expect(comments).toContain('w:author="Plainspoken"');
    expect(comments).toMatch(/stock (phrase|word) &#?[^<]*pivotal|stock phrase 'it is important to note that/);
    expect(comments).toMatch(/sentence split: \d+ words/);
    expect(parts.get('[Content_Types].xml')).toContain('/word/comments.xml');
  });

  it('accepting every change gives the result, rejecting every change gives the original', () => {
    expect(docxParagraphs(doc, 'accept')).toEqual(texts(RESULT));
    expect(docxParagraphs(doc, 'reject')).toEqual(texts(ORIGINAL));
  });

  it('keeps headings, lists and paragraphs', () => {
    expect(doc).toContain('<w:pStyle w:val="Heading1"/>');
    expect(doc.match(/<w:numId w:val="1"\/>/g)).toHaveLength(2);
    expect(doc.match(/<w:numId w:val="2"\/>/g)).toHaveLength(2);
    expect(parts.get('word/numbering.xml')).toContain('w:numFmt w:val="decimal"');
  });

  it('the plain file has the result and no revisions', () => {
    const plain = unzip(buildResultDocx({ original: ORIGINAL, result: RESULT, date, engine: 'local', tracked: false }));
    const d = plain.get('word/document.xml') ?? '';
    expect(d).not.toMatch(/<w:(ins|del)\b/);
    expect(plain.has('word/comments.xml')).toBe(false);
    expect(docxParagraphs(d, 'accept')).toEqual(texts(RESULT));
  });

  it('a model rewrite says which facts were checked', () => {
    const m = unzip(buildResultDocx({ original: ORIGINAL, result: RESULT, date, engine: 'model', tracked: true }));
    expect(m.get('word/comments.xml')).toMatch(
      /model rewrite(?:; kept as written: |; check this change: |: the replaced words hold no number)/,
    );
  });

  it('round-trips text with markup characters, tabs and line breaks', () => {
    const a = 'Tom & Jerry <say> "hi"\tthere\nand then leave.';
    const b = 'Tom & Jerry <said> "hello"\tthere\nand then left.';
    const d = unzip(buildResultDocx({ original: a, result: b, date, engine: null, tracked: true })).get(
      'word/document.xml',
    )!;
    expect(docxParagraphs(d, 'accept')).toEqual([b]);
    expect(docxParagraphs(d, 'reject')).toEqual([a]);
  });

  it('after an edit, the changes the engine did not make are marked as the user\u2019s', () => {
    const added = ' I checked these figures myself.';
    const m = unzip(
      buildResultDocx({
        original: ORIGINAL,
        result: RESULT.replace('nobody has to guess.', `nobody has to guess.${added}`),
        date,
        engine: 'local',
        tracked: true,
        rewrite: RESULT,
      }),
    );
    const comments = [...(m.get('word/comments.xml') ?? '').matchAll(/<w:t[^>]*>([^<]*)</g)].map((x) => x[1]);
    expect(comments).toContain('edited by you after the rewrite');
    expect(comments.filter((c) => c === 'edited by you after the rewrite')).toHaveLength(1);
    expect(comments.some((c) => c?.startsWith('stock phrase'))).toBe(true);
  });

  it('a sentence alternative the engine offered, chosen, is not the user\u2019s edit where it runs into the rewrite', () => {
    const alternative = 'Plans help every team ship sooner.';
    const m = unzip(
      buildResultDocx({
        original: ORIGINAL,
        // The alternative chosen for a sentence the user had put back: it runs straight into the rewrite's words.
        result: RESULT.replace('Planning matters for', `${alternative} Planning matters for`),
        date,
        engine: 'local',
        tracked: true,
        // As the export passes it: the rewrite, then each alternative offered, one per line.
        rewrite: `${RESULT}\n${alternative}`,
      }),
    );
    const comments = [...(m.get('word/comments.xml') ?? '').matchAll(/<w:t[^>]*>([^<]*)</g)].map((x) => x[1]);
    expect(comments.length).toBeGreaterThan(0);
    expect(comments).not.toContain('edited by you after the rewrite');
  });

  it('diffs words, and pairs blocks around the ones that stayed', () => {
    expect(diffTokens('a big dog', 'a small dog')).toEqual([
      { kind: 'eq', text: 'a ' },
      { kind: 'ins', text: 'small' },
      { kind: 'del', text: 'big' },
      { kind: 'eq', text: ' dog' },
    ]);
    // Two changes a short word apart are one phrase.
    expect(pieces('it plays a pivotal role here', 'it is a key part here')).toEqual([
      { kind: 'same', text: 'it ' },
      { kind: 'change', del: 'plays a pivotal role', ins: 'is a key part', at: 3 },
      { kind: 'same', text: ' here' },
    ]);
    const p = pairBlocks(textBlocks('A\n\nB\n\nC'), textBlocks('A\n\nX\n\nY\n\nC'));
    expect(p.map((x) => [x.a?.text ?? null, x.b?.text ?? null])).toEqual([
      ['A', 'A'],
      ['B', 'X'],
      [null, 'Y'],
      ['C', 'C'],
    ]);
  });
});

// LibreOffice is a test dependency (`.ci/run` installs it): without it the round trip fails, saying so.
describe('LibreOffice round trip', () => {
  beforeAll(requireSoffice);
  it('converts the tracked file and keeps its revisions and comments', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ps-tracked-'));
    try {
      const src = path.join(dir, 'tracked.docx');
      writeFileSync(src, buildResultDocx({ original: ORIGINAL, result: RESULT, date, engine: 'local', tracked: true }));
      const back = libreOfficeRoundTrip(src, dir);
      const d = back.get('word/document.xml') ?? '';
      expect(d).toMatch(/<w:ins\b[^>]*w:author="Plainspoken"/);
      expect(d).toMatch(/<w:del\b[^>]*w:author="Plainspoken"/);
      expect(back.get('word/comments.xml') ?? '').toContain('sentence split');
      // LibreOffice splits runs its own way: compare the text of each view without paragraph marks.
      expect(docxParagraphs(d, 'accept').join('\n').replace(/\s+/g, ' ')).toContain(
        'Planning matters for how teams deliver work.',
      );
      expect(docxParagraphs(d, 'reject').join('\n').replace(/\s+/g, ' ')).toContain(
        "In today's fast-paced world, planning plays a pivotal role",
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);
});
