/**
 * A .docx is a ZIP archive, and a ZIP can claim small sizes and inflate to gigabytes (a zip bomb). Before
 * the Word reader sees it, every entry is inflated here with a hard output bound (zlib's maxOutputLength),
 * so the real uncompressed size is measured, not trusted from the headers, and a bomb stops at the bound.
 */
import { inflateRawSync } from 'node:zlib';
import { DocumentError, MB } from './document-error';

export const ZIP_LIMITS = {
  /** Real uncompressed bytes over all entries. */
  totalBytes: 64 * MB,
  /** Real uncompressed bytes of one entry. */
  entryBytes: 48 * MB,
  entries: 4000,
} as const;

export interface ZipEntry {
  name: string;
  size: number;
  /** The entry's bytes, for the names asked for in `keep` only. */
  data?: Buffer;
}

const EOCD = 0x06054b50;
const CEN = 0x02014b50;
const LOC = 0x04034b50;

/**
 * Checks the archive and returns its entries with their real sizes (and the bytes of the entries named in
 * `keep`); throws a DocumentError otherwise.
 */
export function checkZip(
  bytes: Uint8Array,
  name: string,
  limits: { totalBytes: number; entryBytes: number; entries: number } = ZIP_LIMITS,
  keep: readonly string[] = [],
): ZipEntry[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const corrupt = () =>
    new DocumentError('corrupt', `“${name}” is damaged or not a complete Word document, so it could not be read.`);
  const bomb = () =>
    new DocumentError(
      'too-complex',
      `“${name}” unpacks to far more data than a Word document should, so it was not read.`,
    );
  // End of central directory: the last 22 bytes, or earlier when the archive carries a comment.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw corrupt();
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) throw bomb(); // ZIP64: no Word document needs it
  if (count > limits.entries) throw bomb();
  if (cdOffset + cdSize > eocd) throw corrupt();
  const entries: ZipEntry[] = [];
  let total = 0;
  let p = cdOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== CEN) throw corrupt();
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const compSize = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const entryName = buf.toString('utf8', p + 46, p + 46 + nameLen);
    p += 46 + nameLen + extraLen + commentLen;
    if (flags & 1)
      throw new DocumentError(
        'encrypted',
        `“${name}” is password-protected. Remove the password in Word, save, and upload it again.`,
      );
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOC) throw corrupt();
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (dataStart + compSize > buf.length) throw corrupt();
    const data = buf.subarray(dataStart, dataStart + compSize);
    let size: number;
    let kept: Buffer | undefined;
    if (method === 0) {
      size = compSize;
      kept = data;
    } else if (method === 8) {
      try {
        kept = inflateRawSync(data, {
          maxOutputLength: Math.min(limits.entryBytes, limits.totalBytes - total) + 1,
        });
        size = kept.length;
      } catch (e) {
        if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || e instanceof RangeError) throw bomb();
        throw corrupt();
      }
    } else throw corrupt();
    total += size;
    if (size > limits.entryBytes || total > limits.totalBytes) throw bomb();
    entries.push({ name: entryName, size, ...(kept && keep.includes(entryName) ? { data: kept } : {}) });
  }
  if (!entries.some((e) => e.name === 'word/document.xml')) {
    throw new DocumentError('mismatch', `“${name}” is a ZIP archive but not a Word document, so it was not read.`);
  }
  return entries;
}
