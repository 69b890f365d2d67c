/**
 * Documents in and out: what the upload accepts and the reasons a file could not be read. The browser
 * checks the size and extension before sending; the server checks again and reads the file's own bytes.
 */
export const DOCUMENTS = {
  /** Largest file accepted, in bytes (10 MB). */
  maxBytes: 10 * 1024 * 1024,
  /** Extensions the upload accepts (lower case, with the dot). */
  extensions: ['.docx', '.pdf', '.txt', '.md'] as const,
  /** The file input's accept attribute. */
  accept:
    '.docx,.pdf,.txt,.md,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/pdf,text/plain,text/markdown',
  /** Longest extracted text handed back (characters); more is refused rather than cut. */
  maxTextChars: 400_000,
  /** The upload endpoint: the file is the raw request body, its name in ?name=. */
  extractPath: '/api/documents/extract',
  /**
   * The most a Word file's look may take when kept with its rewrite (styles part, numbering part and each
   * paragraph's properties, in bytes); a larger one is not kept and the export uses the default styles.
   */
  layoutMaxBytes: 1024 * 1024,
  /** Longest `layout` token (the signed, compressed look of an uploaded .docx) a humanize request may carry. */
  layoutTokenMaxChars: 64_000,
} as const;

export type DocumentExtension = (typeof DOCUMENTS.extensions)[number];

/** Why a file could not be read; the message says it in words, the reason lets the UI branch. */
export const DOCUMENT_UNREADABLE_REASONS = [
  'too-large',
  'unsupported',
  'mismatch',
  'encrypted',
  'scanned',
  'corrupt',
  'empty',
  'too-complex',
  'too-much-text',
] as const;
export type DocumentUnreadableReason = (typeof DOCUMENT_UNREADABLE_REASONS)[number];

/** POST /api/documents/extract answers this on success. */
export interface ExtractedDocument {
  /** The text with its structure as plain text: blank lines between paragraphs, `#` headings, `-`/`1.` lists. */
  text: string;
  kind: 'docx' | 'pdf' | 'txt' | 'md';
  /** Pages read (PDF only). */
  pages?: number;
  /** Something the user should know although the text was read (e.g. images were left out). */
  note?: string;
  /**
   * A Word file's own look (its styles and each paragraph's style, numbering and alignment), signed and
   * compressed by the server: sent back unchanged as the humanize request's `layout`, it is kept with the
   * rewrite so the Word export keeps the file's paragraph styles. Absent for other files and when too large.
   */
  layout?: string;
}

/** The file's extension in lower case with its dot, or '' when it has none. */
export function documentExtension(name: string): string {
  const m = /\.[A-Za-z0-9]{1,8}$/.exec(name.trim());
  return m ? m[0].toLowerCase() : '';
}

export function isAcceptedDocument(name: string): boolean {
  return (DOCUMENTS.extensions as readonly string[]).includes(documentExtension(name));
}
