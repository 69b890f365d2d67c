/**
 * Test helpers: read a .docx's parts, and its text as Word shows it with every tracked change accepted or
 * every change rejected (one string per paragraph).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';

export function unzip(bytes: Uint8Array): Map<string, string> {
  const buf = Buffer.from(bytes);
  const out = new Map<string, string>();
  let end = buf.length - 22;
  while (end >= 0 && buf.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a zip');
  const count = buf.readUInt16LE(end + 10);
  let p = buf.readUInt32LE(end + 16);
  for (let k = 0; k < count; k++) {
    const method = buf.readUInt16LE(p + 10);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    const dataAt = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(dataAt, dataAt + size);
    out.set(name, (method === 8 ? inflateRawSync(raw) : raw).toString('utf8'));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The paragraphs' text with every change accepted ('accept') or rejected ('reject'). */
export function docxParagraphs(documentXml: string, view: 'accept' | 'reject'): string[] {
  const paras: string[] = [];
  for (const m of documentXml.matchAll(/<w:p(?:\s[^>]*)?>([\s\S]*?)<\/w:p>|<w:p(?:\s[^>]*)?\/>/g)) {
    const inner = m[1] ?? '';
    const pPr = /<w:pPr>([\s\S]*?)<\/w:pPr>/.exec(inner)?.[1] ?? '';
    const markRpr = /<w:rPr>([\s\S]*?)<\/w:rPr>\s*$/.exec(pPr)?.[1] ?? '';
    const markInserted = /<w:ins\b/.test(markRpr);
    const markDeleted = /<w:del\b/.test(markRpr);
    let body = inner.replace(/<w:pPr>[\s\S]*?<\/w:pPr>/, '');
    body =
      view === 'accept'
        ? body.replace(/<w:del\b[^>]*>[\s\S]*?<\/w:del>/g, '')
        : body.replace(/<w:ins\b[^>]*>[\s\S]*?<\/w:ins>/g, '');
    let text = '';
    for (const t of body.matchAll(/<w:(t|delText)(?:\s[^>]*)?>([\s\S]*?)<\/w:\1>|<w:(br|tab)\/>/g)) {
      if (t[3] === 'br') text += '\n';
      else if (t[3] === 'tab') text += '\t';
      else text += unescape(t[2] ?? '');
    }
    if ((view === 'accept' && markDeleted) || (view === 'reject' && markInserted)) continue;
    paras.push(text);
  }
  return paras;
}

/** Whether LibreOffice (Debian's libreoffice-writer-nogui) is installed. */
const hasSoffice = spawnSync('soffice', ['--version'], { encoding: 'utf8' }).status === 0;

/** For a round-trip test's `beforeAll`: without LibreOffice the test fails saying what to install, never skips. */
export function requireSoffice(): void {
  if (!hasSoffice)
    throw new Error('LibreOffice (soffice) is needed for this test: `bash .ci/run` installs libreoffice-writer-nogui');
}

/**
 * Opens a .docx in headless LibreOffice and saves it again as Word (a profile of its own under `dir`), and
 * returns the parts of the file it wrote.
 */
export function libreOfficeRoundTrip(file: string, dir: string): Map<string, string> {
  const out = path.join(dir, 'out');
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${dir}/profile`,
      '--headless',
      '--convert-to',
      'docx:MS Word 2007 XML',
      '--outdir',
      out,
      file,
    ],
    { stdio: 'pipe', timeout: 120_000 },
  );
  return unzip(readFileSync(path.join(out, path.basename(file))));
}
