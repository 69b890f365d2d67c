/**
 * Saving a result as a file, in the browser: the text is already here, so nothing goes back to the
 * server. Word files are built by docx-file.ts, loaded only when a .docx is asked for.
 */
import { fileBaseName, toPlainText } from './text-blocks';

export type DownloadFormat = 'docx' | 'md' | 'txt';

export const DOWNLOAD_FORMATS: { format: DownloadFormat; label: string; hint: string }[] = [
  { format: 'docx', label: 'Word document', hint: '.docx' },
  { format: 'md', label: 'Markdown', hint: '.md' },
  { format: 'txt', label: 'Plain text', hint: '.txt' },
];

export async function documentBlob(text: string, format: DownloadFormat): Promise<Blob> {
  if (format === 'docx') {
    const { buildDocx } = await import('./docx-file');
    return buildDocx(text);
  }
  if (format === 'md')
    return new Blob([`${text.replace(/\r\n?/g, '\n').trim()}\n`], { type: 'text/markdown;charset=utf-8' });
  return new Blob([toPlainText(text)], { type: 'text/plain;charset=utf-8' });
}

/** Builds the file and hands it to the browser's download. */
export async function downloadText(
  text: string,
  format: DownloadFormat,
  baseName = fileBaseName(text),
): Promise<string> {
  const blob = await documentBlob(text, format);
  const name = `${baseName}.${format}`;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
