/** Sends a file to the server to be read (POST /api/documents/extract, the file as the raw body). */
import { countWords, DOCUMENTS, isAcceptedDocument, type ExtractedDocument, formatCount } from '@plainspoken/shared';
import { ApiError, apiErrorFrom } from '@/lib/api';
import { notifyUndoable } from '@/lib/toast';
import { rememberUploadLayout } from './upload-layout';

/** The refusal the browser can give without sending the file (wrong type, too large, empty). */
export function precheckFile(file: { name: string; size: number }): string | null {
  if (!isAcceptedDocument(file.name)) {
    return /\.doc$/i.test(file.name)
      ? `“${file.name}” is an old Word .doc file, which cannot be read. Open it in Word, save it as .docx and upload that.`
      : `“${file.name}” is not a file type we read. Upload a .docx, .pdf, .txt or .md file.`;
  }
  if (file.size > DOCUMENTS.maxBytes)
    return `“${file.name}” is larger than 10 MB. Upload a smaller file or paste the text.`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  return null;
}

export async function extractDocument(file: File, signal?: AbortSignal): Promise<ExtractedDocument> {
  const problem = precheckFile(file);
  if (problem) throw new ApiError({ status: 0, code: 'DOCUMENT_UNREADABLE', message: problem });
  let res: Response;
  try {
    res = await fetch(`${DOCUMENTS.extractPath}?name=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/octet-stream' },
      body: file,
      ...(signal ? { signal } : {}),
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError({
      status: 0,
      code: 'NETWORK',
      message: 'Could not reach the server. Check your connection and try again.',
    });
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (!res.ok) {
    const err = apiErrorFrom(res.status, body, res.headers.get('Retry-After'));
    if (!err.message)
      throw new ApiError({
        status: res.status,
        code: err.code,
        message: `“${file.name}” could not be read. Please try again.`,
      });
    throw err;
  }
  return body as ExtractedDocument;
}

/**
 * Reads `file` into a text box (use-document-upload.ts) in place of `previous`: its text goes to `onText`,
 * a Word file's look is remembered for the rewrite (upload-layout.ts), and a toast says how many words
 * were read, with Undo when there was text before. Throws as extractDocument does.
 */
export async function readDocumentInto(file: File, previous: string, onText: (text: string) => void): Promise<void> {
  const doc = await extractDocument(file);
  rememberUploadLayout(doc.text, doc.layout);
  onText(doc.text);
  const words = countWords(doc.text);
  notifyUndoable({
    title: `Read “${file.name}”`,
    description: [
      `${formatCount(words)} ${words === 1 ? 'word' : 'words'}${doc.pages ? ` from ${doc.pages} ${doc.pages === 1 ? 'page' : 'pages'}` : ''}.`,
      doc.note,
    ]
      .filter(Boolean)
      .join(' '),
    onUndo: previous.trim() ? () => onText(previous) : undefined,
  });
}
