/**
 * Fuzzing every reader with truncated and mangled files (fast-check): whatever the bytes, reading either
 * gives text or a DocumentError with a reason and a message; it never throws anything else, never hangs
 * past a bound, and the zip guard never lets an archive inflate past its limit.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DOCUMENT_UNREADABLE_REASONS } from '@plainspoken/shared';
import { DocumentError } from './document-error';
import { extractDocument } from './extract';
import { makeDocx, makeTextPdf, makeZip } from './fixtures';
import { checkZip } from './zip-guard';

/** A mangling of a valid file: cut it, flip bytes, overwrite a run, or splice in random bytes. */
const mangle = (base: Buffer) =>
  fc.oneof(
    fc.integer({ min: 0, max: base.length - 1 }).map((n) => base.subarray(0, n)),
    fc
      .array(fc.tuple(fc.integer({ min: 0, max: base.length - 1 }), fc.integer({ min: 0, max: 255 })), {
        minLength: 1,
        maxLength: 40,
      })
      .map((flips) => {
        const b = Buffer.from(base);
        for (const [at, v] of flips) b[at] = v;
        return b;
      }),
    fc
      .tuple(fc.integer({ min: 0, max: base.length - 1 }), fc.uint8Array({ minLength: 1, maxLength: 512 }))
      .map(([at, junk]) => {
        const b = Buffer.from(base);
        b.set(junk.subarray(0, b.length - at), at);
        return b;
      }),
    fc
      .tuple(fc.integer({ min: 0, max: base.length }), fc.uint8Array({ minLength: 1, maxLength: 256 }))
      .map(([at, junk]) => Buffer.concat([base.subarray(0, at), junk, base.subarray(at)])),
  );

async function readsOrRefuses(name: string, bytes: Uint8Array) {
  try {
    const doc = await extractDocument(name, bytes);
    expect(typeof doc.text).toBe('string');
    expect(doc.text.length).toBeGreaterThan(0);
  } catch (e) {
    if (!(e instanceof DocumentError))
      throw new Error(`${name}: unexpected ${(e as Error)?.constructor?.name}: ${(e as Error)?.message}`);
    expect(DOCUMENT_UNREADABLE_REASONS).toContain(e.reason);
    expect(e.message).toContain(name);
  }
}

let docx: Buffer;
let pdf: Buffer;
beforeAll(async () => {
  docx = await makeDocx();
  pdf = await makeTextPdf();
});

describe('fuzzing the readers', () => {
  it('Word: truncated and mangled .docx files are read or refused with a reason', async () => {
    await fc.assert(
      fc.asyncProperty(mangle(docx), (b) => readsOrRefuses('f.docx', b)),
      { numRuns: 150 },
    );
  }, 120_000);

  it('PDF: truncated and mangled .pdf files are read or refused with a reason', async () => {
    await fc.assert(
      fc.asyncProperty(mangle(pdf), (b) => readsOrRefuses('f.pdf', b)),
      { numRuns: 120 },
    );
  }, 120_000);

  it('text: any bytes named .txt or .md are read or refused with a reason', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2048 }), fc.constantFrom('f.txt', 'f.md'), (b, name) =>
        readsOrRefuses(name, b),
      ),
      { numRuns: 300 },
    );
  });

  it('any bytes under any accepted name are read or refused with a reason', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 4096 }),
        fc.constantFrom('f.docx', 'f.pdf', 'f.txt', 'f.md'),
        (b, name) => readsOrRefuses(name, b),
      ),
      { numRuns: 200 },
    );
  });
});

describe('the zip guard', () => {
  const limits = { totalBytes: 1024 * 1024, entryBytes: 512 * 1024, entries: 50 };
  it('never passes an archive whose entries really inflate past the limits, whatever sizes the headers claim', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            size: fc.integer({ min: 0, max: 700 * 1024 }),
            declared: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
            stored: fc.boolean(),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        (specs) => {
          const zip = makeZip([
            { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
            ...specs.map((s, i) => ({
              name: `word/media/${i}.bin`,
              data: Buffer.alloc(s.size, 0x41),
              declaredSize: s.declared,
              stored: s.stored,
            })),
          ]);
          const total = 13 + specs.reduce((a, s) => a + s.size, 0);
          const tooBig = total > limits.totalBytes || specs.some((s) => s.size > limits.entryBytes);
          let passed = false;
          try {
            const entries = checkZip(zip, 'z.docx', limits);
            passed = true;
            expect(entries.reduce((a, e) => a + e.size, 0)).toBe(total);
          } catch (e) {
            expect(e).toBeInstanceOf(DocumentError);
            expect((e as DocumentError).reason).toBe('too-complex');
          }
          expect(passed).toBe(!tooBig);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses an archive with more entries than a Word document has', () => {
    const zip = makeZip([
      { name: 'word/document.xml', data: Buffer.from('x') },
      ...Array.from({ length: 60 }, (_, i) => ({ name: `f${i}`, data: Buffer.from('x') })),
    ]);
    expect(() => checkZip(zip, 'many.docx', limits)).toThrow(/far more data/);
  });
});
