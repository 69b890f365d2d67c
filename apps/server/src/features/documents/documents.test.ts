/**
 * Uploads through the real app: each format read with its structure, and every refusal with its status,
 * reason and message. The extractor's own limits (time, memory, queue) are tested on it directly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOCUMENTS } from '@plainspoken/shared';
import { extractAnswer } from '../../test/extract-answer';
import { createTestProduct, type TestProduct } from '../../test/harness';
import { createExtractor } from './documents.service';
import { DocumentError } from './document-error';
import {
  makeCjkPdf,
  makeDocx,
  makeDocxWithImage,
  makeEncryptedDocxLike,
  makeEncryptedPdf,
  makePng,
  makeScannedPdf,
  makeTextPdf,
  makeZip,
  makeZipBomb,
  SAMPLE,
} from './fixtures';

const here = path.dirname(fileURLToPath(import.meta.url));
let p: TestProduct;
beforeAll(async () => {
  p = await createTestProduct();
});
afterAll(async () => p.close());

async function upload(name: string, bytes: Buffer | Uint8Array, headers: Record<string, string> = {}) {
  const res = await p.app.request(`http://localhost:3999${DOCUMENTS.extractPath}?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: {
      origin: 'http://localhost:3999',
      'content-type': 'application/octet-stream',
      'x-forwarded-for': `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      ...headers,
    },
    body: new Uint8Array(bytes),
  });
  return {
    status: res.status,
    body: extractAnswer.parse(await res.json()),
  };
}

const STRUCTURED = [
  `# ${SAMPLE.title}`,
  SAMPLE.paragraphs[0],
  `## ${SAMPLE.heading}`,
  SAMPLE.paragraphs[1],
  SAMPLE.paragraphs[2],
  SAMPLE.bullets.map((b) => `- ${b}`).join('\n'),
].join('\n\n');

describe('POST /api/documents/extract', () => {
  it('reads a Word document with its headings, paragraphs and list', async () => {
    const r = await upload('report.docx', await makeDocx());
    expect(r.status).toBe(200);
    expect(r.body.kind).toBe('docx');
    expect(r.body.text).toBe(STRUCTURED);
  });

  it('reads a PDF text layer back into the same structure (lines joined, headings by size, bullets as a list)', async () => {
    const r = await upload('report.pdf', await makeTextPdf());
    expect(r.status).toBe(200);
    expect(r.body.kind).toBe('pdf');
    expect(r.body.text).toBe(STRUCTURED);
  });

  it('puts a paragraph that runs over a page break back together', async () => {
    // The longer first paragraph moves the page break into the middle of paragraph 13.
    const longer = ' This extra sentence makes the first paragraph run one line longer than it was before.';
    const doc = {
      ...SAMPLE,
      paragraphs: Array.from(
        { length: 24 },
        (_, i) => `${i + 1}: ${SAMPLE.paragraphs[i % 3]!}${i === 0 ? longer : ''}`,
      ),
    };
    const r = await upload('long.pdf', await makeTextPdf(doc));
    expect(r.status).toBe(200);
    expect(r.body.pages).toBeGreaterThan(1);
    expect(r.body.text).toBe(
      [
        `# ${doc.title}`,
        doc.paragraphs[0],
        `## ${doc.heading}`,
        ...doc.paragraphs.slice(1),
        doc.bullets.map((b) => `- ${b}`).join('\n'),
      ].join('\n\n'),
    );
  });

  it('keeps a list whose bullets are drawn shapes (as browsers print) as one line per item', async () => {
    const doc = {
      ...SAMPLE,
      bullets: [
        ...SAMPLE.bullets,
        'Meetings are shorter and fewer when the agenda is written down and shared with every person in the room a day before.',
        'Short.',
      ],
    };
    const r = await upload('printed.pdf', await makeTextPdf(doc, { bullets: 'drawn' }));
    expect(r.status).toBe(200);
    expect(r.body.text).toBe(
      [
        `# ${doc.title}`,
        doc.paragraphs[0],
        `## ${doc.heading}`,
        ...doc.paragraphs.slice(1),
        doc.bullets.map((b) => `- ${b}`).join('\n'),
      ].join('\n\n'),
    );
  });

  it('reads text in CID fonts through pdf.js character maps', async () => {
    const r = await upload('japanese.pdf', makeCjkPdf());
    expect(r.body).toEqual({ kind: 'pdf', text: '日本語', pages: 1 });
  });

  it('reads the text around a picture in a Word file and says the picture was left out', async () => {
    const r = await upload('picture.docx', await makeDocxWithImage());
    const { layout, ...rest } = r.body;
    expect(rest).toEqual({
      kind: 'docx',
      text: 'Before the picture.\n\nAfter the picture.',
      note: 'An image was left out; only the text was read.',
    });
    // The file's own look, signed, for the rewrite to keep (decision 0036).
    expect(layout).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('reads .txt and .md as they are, in UTF-8 or UTF-16 with a byte-order mark', async () => {
    const md = '# Notes\n\nFirst paragraph.\r\n\r\n- one\n- two\n';
    expect((await upload('notes.md', Buffer.from(md))).body).toEqual({
      kind: 'md',
      text: '# Notes\n\nFirst paragraph.\n\n- one\n- two',
    });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Café au lait.', 'utf16le')]);
    expect((await upload('cafe.txt', utf16)).body).toEqual({ kind: 'txt', text: 'Café au lait.' });
  });

  it.each([
    ['a scanned PDF (no text layer)', 'scan.pdf', () => makeScannedPdf(), 422, 'scanned', /no text layer/],
    ['a password-protected PDF', 'locked.pdf', () => makeEncryptedPdf(), 422, 'encrypted', /password-protected/],
    [
      'a password-protected Word file',
      'locked.docx',
      () => makeEncryptedDocxLike(),
      422,
      'encrypted',
      /password-protected/,
    ],
    ['a PDF named .docx', 'fake.docx', () => makeTextPdf(), 422, 'mismatch', /named \.docx but is a PDF/],
    ['an image named .txt', 'photo.txt', () => makePng(), 422, 'mismatch', /named \.txt but is an image/],
    ['a Word file named .pdf', 'fake.pdf', () => makeDocx(), 422, 'mismatch', /named \.pdf but is a ZIP archive/],
    [
      'a ZIP that is not a Word file',
      'archive.docx',
      () => makeZip([{ name: 'a.txt', data: Buffer.from('hi') }]),
      422,
      'mismatch',
      /not a Word document/,
    ],
    ['a cut-off PDF', 'cut.pdf', async () => (await makeTextPdf()).subarray(0, 300), 422, 'corrupt', /damaged/],
    ['a cut-off Word file', 'cut.docx', async () => (await makeDocx()).subarray(0, 2000), 422, 'corrupt', /damaged/],
    [
      'an old .doc file',
      'old.doc',
      () => Buffer.from('x'),
      422,
      'unsupported',
      /old Word \.doc file, which cannot be read/,
    ],
    ['another file type', 'run.exe', () => Buffer.from('MZ'), 422, 'unsupported', /not a file type we read/],
    ['an empty file', 'empty.txt', () => Buffer.alloc(0), 422, 'empty', /empty/],
    ['a zip bomb', 'bomb.docx', () => makeZipBomb(100), 422, 'too-complex', /unpacks to far more data/],
  ] as const)('refuses %s with a reason', async (_what, name, make, status, reason, message) => {
    const r = await upload(name, await make());
    expect(r.status).toBe(status);
    expect(r.body.error?.code).toBe('DOCUMENT_UNREADABLE');
    expect(r.body.error?.details?.reason).toBe(reason);
    expect(r.body.error?.message).toMatch(message);
    expect(r.body.error?.message).toContain(name);
  });

  it('refuses a file over 10 MB with 413, whether its length is declared or not', async () => {
    const big = Buffer.alloc(DOCUMENTS.maxBytes + 1, 0x61);
    const declared = await upload('big.txt', big);
    expect(declared.status).toBe(413);
    expect(declared.body.error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: { reason: 'too-large' } });
    // A streamed body has no Content-Length: it is counted as it arrives.
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 11; i++) c.enqueue(new Uint8Array(1024 * 1024).fill(0x61));
        c.close();
      },
    });
    const res = await p.app.request(`http://localhost:3999${DOCUMENTS.extractPath}?name=big.txt`, {
      method: 'POST',
      headers: { origin: 'http://localhost:3999', 'x-forwarded-for': '10.200.0.1' },
      body: stream,
      duplex: 'half',
    });
    expect(res.status).toBe(413);
    // Exactly at the limit is accepted.
    const atLimit = await upload('limit.txt', Buffer.alloc(DOCUMENTS.maxBytes, 0x61));
    expect(atLimit.status).toBe(422); // read, but one word of 10 MB is more text than a request takes
    expect(atLimit.body.error?.details?.reason).toBe('too-much-text');
  });

  it('refuses uploads from another site and uploads without a name', async () => {
    expect((await upload('a.txt', Buffer.from('hello'), { origin: 'https://evil.example' })).status).toBe(403);
    expect((await upload('a.txt', Buffer.from('hello'), { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    const res = await p.app.request(`http://localhost:3999${DOCUMENTS.extractPath}`, {
      method: 'POST',
      headers: { origin: 'http://localhost:3999' },
      body: 'x',
    });
    expect(res.status).toBe(400);
  });

  it('keeps answering after a bad file', async () => {
    await upload('bomb.docx', makeZipBomb(80));
    expect((await upload('ok.txt', Buffer.from('Still here.'))).body.text).toBe('Still here.');
  });
});

describe('the extractor limits', () => {
  it('stops a worker that runs past the time limit', async () => {
    const ex = createExtractor({ timeoutMs: 300, workerFile: path.join(here, 'test-workers/hang-worker.mjs') });
    const err = await ex.extract('slow.pdf', new Uint8Array(10)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocumentError);
    expect((err as DocumentError).reason).toBe('too-complex');
    expect((err as DocumentError).message).toMatch(/took too long/);
    expect(ex.stats()).toEqual({ running: 0, queued: 0 });
  });

  it('stops a worker that exceeds its memory limit', async () => {
    const ex = createExtractor({
      heapMb: 32,
      timeoutMs: 20_000,
      workerFile: path.join(here, 'test-workers/hog-worker.mjs'),
    });
    const err = await ex.extract('huge.pdf', new Uint8Array(10)).catch((e: unknown) => e);
    expect((err as DocumentError).reason).toBe('too-complex');
    expect((err as DocumentError).message).toMatch(/more memory/);
  });

  it('queues past its concurrency and refuses past its queue', async () => {
    const ex = createExtractor({
      timeoutMs: 400,
      concurrency: 1,
      queueLimit: 1,
      workerFile: path.join(here, 'test-workers/hang-worker.mjs'),
    });
    const a = ex.extract('a.pdf', new Uint8Array(1)).catch((e: unknown) => e);
    const b = ex.extract('b.pdf', new Uint8Array(1)).catch((e: unknown) => e);
    const c = await ex.extract('c.pdf', new Uint8Array(1)).catch((e: unknown) => e);
    expect((c as { status?: number }).status).toBe(503);
    expect(((await a) as DocumentError).reason).toBe('too-complex');
    expect(((await b) as DocumentError).reason).toBe('too-complex');
  });
});
