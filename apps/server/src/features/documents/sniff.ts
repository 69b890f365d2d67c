/**
 * What a file really is, read from its first bytes (never from its name or the browser's type), and the
 * refusal when that differs from what its name claims.
 */
import { DOCUMENTS, documentExtension } from '@plainspoken/shared';
import { DocumentError } from './document-error';

export type SniffedKind = 'pdf' | 'zip' | 'ole' | 'rtf' | 'image' | 'text' | 'binary' | 'empty';

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);

export function sniff(bytes: Uint8Array): SniffedKind {
  if (bytes.length === 0) return 'empty';
  // PDF readers accept the header anywhere in the first kilobyte.
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (head.startsWith('{\\rtf')) return 'rtf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47]) || startsWith(bytes, [0xff, 0xd8, 0xff]) || head.startsWith('GIF8'))
    return 'image';
  return looksLikeText(bytes) ? 'text' : 'binary';
}

/** UTF-8 (or UTF-16 with its byte-order mark) without NUL bytes. */
function looksLikeText(bytes: Uint8Array): boolean {
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return true;
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const KIND_NAME: Record<SniffedKind, string> = {
  pdf: 'a PDF',
  zip: 'a ZIP archive',
  ole: 'an old-style Office file',
  rtf: 'an RTF document',
  image: 'an image',
  text: 'a plain text file',
  binary: 'not a text file',
  empty: 'empty',
};

/** An OLE file with an EncryptionInfo stream is how Word stores a password-protected .docx. */
function isEncryptedOffice(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).includes(Buffer.from('EncryptionInfo', 'utf16le'));
}

export type DocumentKind = 'docx' | 'pdf' | 'txt' | 'md';

/** Checks the name against the bytes; returns how to read the file or throws a DocumentError saying why not. */
export function classify(name: string, bytes: Uint8Array): DocumentKind {
  const ext = documentExtension(name);
  const kind = sniff(bytes);
  if (bytes.length > DOCUMENTS.maxBytes)
    throw new DocumentError('too-large', `“${name}” is larger than 10 MB. Upload a smaller file or paste the text.`);
  if (ext === '.doc')
    throw new DocumentError(
      'unsupported',
      `“${name}” is an old Word .doc file, which cannot be read. Open it in Word, save it as .docx and upload that.`,
    );
  if (!(DOCUMENTS.extensions as readonly string[]).includes(ext)) {
    throw new DocumentError(
      'unsupported',
      `“${name}” is not a file type we read. Upload a .docx, .pdf, .txt or .md file.`,
    );
  }
  if (kind === 'empty') throw new DocumentError('empty', `“${name}” is empty.`);
  const mismatch = () =>
    new DocumentError(
      'mismatch',
      `“${name}” is named ${ext} but is ${KIND_NAME[kind]}, so it was not read. Check that you picked the right file.`,
    );
  switch (ext) {
    case '.docx':
      if (kind === 'zip') return 'docx';
      if (kind === 'ole' && isEncryptedOffice(bytes)) {
        throw new DocumentError(
          'encrypted',
          `“${name}” is password-protected. Remove the password in Word (File → Info → Protect Document), save, and upload it again.`,
        );
      }
      if (kind === 'ole')
        throw new DocumentError(
          'mismatch',
          `“${name}” is an old Word .doc file renamed to .docx. Open it in Word, save it as .docx and upload that.`,
        );
      throw mismatch();
    case '.pdf':
      if (kind === 'pdf') return 'pdf';
      throw mismatch();
    default:
      if (kind === 'text') return ext === '.md' ? 'md' : 'txt';
      throw mismatch();
  }
}
