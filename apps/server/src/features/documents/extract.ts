/**
 * Reads a file's text with its structure (runs inside the extraction worker, never on the request
 * thread). The file's bytes decide how it is read (sniff.ts); Word goes through the zip guard and then
 * mammoth, PDF through pdf.js with script evaluation and font loading off, text is decoded as UTF-8.
 * Every failure is a DocumentError whose message says what was not readable.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { DOCUMENTS, type ExtractedDocument } from '@plainspoken/shared';
import { DocumentError } from './document-error';
import { LAYOUT_PARTS, readDocxLayout, type DocxLayout } from './docx-layout';
import { htmlToText } from './html-to-text';
import { joinBlocks, joinPages, pageBlocks, type TextRun } from './pdf-layout';
import { classify } from './sniff';
import { checkZip } from './zip-guard';

/** PDFs longer than this are refused (the time limit would stop them anyway, with a vaguer message). */
export const MAX_PDF_PAGES = 1000;

/** A file read: what the browser gets, and for a Word file its own look (signed by the route before it is sent). */
export type ReadDocument = ExtractedDocument & { docxLayout?: DocxLayout };

export async function extractDocument(name: string, bytes: Uint8Array): Promise<ReadDocument> {
  const kind = classify(name, bytes);
  const docx: { parts?: Map<string, Buffer> } = {};
  const doc =
    kind === 'docx'
      ? await extractDocx(name, bytes, (p) => (docx.parts = p))
      : kind === 'pdf'
        ? await extractPdf(name, bytes)
        : extractPlain(name, bytes, kind);
  const text = doc.text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!text) {
    throw kind === 'pdf' ? scanned(name) : new DocumentError('empty', `“${name}” has no text in it.`);
  }
  if (text.length > DOCUMENTS.maxTextChars) {
    throw new DocumentError(
      'too-much-text',
      `“${name}” holds more text than one request can take. Split it into smaller files.`,
    );
  }
  // The file's look is extra: a file whose styles cannot be read is still read, with the default styles.
  let docxLayout: DocxLayout | null = null;
  try {
    if (docx.parts) docxLayout = readDocxLayout(docx.parts, text);
  } catch {
    docxLayout = null;
  }
  return { ...doc, text, ...(docxLayout ? { docxLayout } : {}) };
}

const scanned = (name: string) =>
  new DocumentError(
    'scanned',
    `“${name}” has no text layer: it looks like a scanned image, so there is no text to read. Run it through text recognition (OCR) first, or paste the text.`,
  );

function extractPlain(name: string, bytes: Uint8Array, kind: 'txt' | 'md'): ExtractedDocument {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes);
  else text = new TextDecoder('utf-8').decode(bytes); // BOM dropped by the decoder
  if (text.includes('\u0000')) throw new DocumentError('mismatch', `“${name}” is not a text file, so it was not read.`);
  return { kind, text };
}

async function extractDocx(
  name: string,
  bytes: Uint8Array,
  onParts: (parts: Map<string, Buffer>) => void,
): Promise<ExtractedDocument> {
  const entries = checkZip(bytes, name, undefined, Object.values(LAYOUT_PARTS));
  onParts(new Map(entries.flatMap((e) => (e.data ? [[e.name, e.data] as const] : []))));
  const { default: mammoth } = await import('mammoth');
  let html: string;
  let images = 0;
  try {
    const res = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length) },
      {
        styleMap: ["p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => h2:fresh"],
        // Images are never decoded: the text is what is wanted.
        convertImage: mammoth.images.imgElement(() => {
          images++;
          return Promise.resolve({ src: '' });
        }),
      },
    );
    html = res.value;
  } catch {
    throw new DocumentError(
      'corrupt',
      `“${name}” is damaged or not a complete Word document, so it could not be read.`,
    );
  }
  return {
    kind: 'docx',
    text: htmlToText(html),
    ...(images
      ? { note: `${images === 1 ? 'An image was' : `${images} images were`} left out; only the text was read.` }
      : {}),
  };
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | null = null;
const requireHere = createRequire(import.meta.url);
/** pdf.js's data folders, found beside its package wherever node_modules is (source tree or bundle). */
function pdfjsDir(): string {
  return path.dirname(requireHere.resolve('pdfjs-dist/package.json'));
}

async function extractPdf(name: string, bytes: Uint8Array): Promise<ExtractedDocument> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const lib = await pdfjs;
  const dir = pdfjsDir();
  const task = lib.getDocument({
    data: new Uint8Array(bytes), // pdf.js takes ownership of its copy
    isEvalSupported: false, // never compile code from a font program
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    cMapUrl: `${path.join(dir, 'cmaps')}/`,
    cMapPacked: true,
    standardFontDataUrl: `${path.join(dir, 'standard_fonts')}/`,
    verbosity: 0,
  });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (e) {
    const n = (e as { name?: string }).name;
    if (n === 'PasswordException')
      throw new DocumentError(
        'encrypted',
        `“${name}” is password-protected. Save a copy without the password and upload that.`,
      );
    throw new DocumentError('corrupt', `“${name}” is damaged or not a complete PDF, so it could not be read.`);
  }
  try {
    if (doc.numPages > MAX_PDF_PAGES)
      throw new DocumentError(
        'too-complex',
        `“${name}” has ${doc.numPages} pages; we read up to ${MAX_PDF_PAGES}. Split it into smaller files.`,
      );
    const pages: TextRun[][] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const content = await page.getTextContent();
      pages.push(content.items.filter((it): it is TextRun & typeof it => 'str' in it));
      page.cleanup();
    }
    const sizes = new Map<number, number>();
    for (const r of pages.flat()) {
      const s = Math.round((Math.abs(r.transform[3] ?? 0) || Math.abs(r.transform[0] ?? 0) || r.height) * 2) / 2;
      sizes.set(s, (sizes.get(s) ?? 0) + r.str.trim().length);
    }
    let body = 0;
    let bodyW = -1;
    for (const [s, w] of sizes) if (w > bodyW) [body, bodyW] = [s, w];
    const text = joinBlocks(joinPages(pages.map((runs) => pageBlocks(runs, body))));
    if (!text.replace(/\s/g, '')) throw scanned(name);
    return { kind: 'pdf', text, pages: doc.numPages };
  } catch (e) {
    if (e instanceof DocumentError) throw e;
    throw new DocumentError('corrupt', `“${name}” is damaged or not a complete PDF, so it could not be read.`);
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}
