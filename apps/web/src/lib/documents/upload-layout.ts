/**
 * The look of the last uploaded Word file (its styles and each paragraph's style, numbering and
 * alignment), as the server answered the upload: a signed token the browser only carries. A rewrite of
 * that text sends it back (`layout`), so the entry's Word export keeps the file's own paragraph styles.
 * It goes with a text while the text keeps the upload's paragraphs (the same number of headings, list
 * items and paragraphs, in the same order); edits inside them keep it, a new upload or another text drops
 * it. Kept for the tab session like the home card's draft.
 */
import { textBlocks } from '@plainspoken/shared';

const KEY = 'plainspoken:upload-layout';

interface Remembered {
  /** The upload's paragraphs' kinds in order (h: heading, i: list item, p: paragraph). */
  shape: string;
  layout: string;
}

const shapeOf = (text: string) =>
  textBlocks(text)
    .map((b) => (b.kind === 'heading' ? 'h' : b.kind === 'item' ? 'i' : 'p'))
    .join('');

let memory: Remembered | null = null;

function read(): Remembered | null {
  if (memory) return memory;
  try {
    const raw = sessionStorage.getItem(KEY);
    const v = raw ? (JSON.parse(raw) as Partial<Remembered>) : null;
    if (v && typeof v.shape === 'string' && typeof v.layout === 'string') memory = { shape: v.shape, layout: v.layout };
  } catch {
    // Storage may be unavailable (private mode, a sandboxed frame): the look stays in memory only.
  }
  return memory;
}

/** Remembers an upload's look with the text it was read as; an upload without one forgets the last. */
export function rememberUploadLayout(text: string, layout: string | undefined): void {
  memory = layout ? { shape: shapeOf(text), layout } : null;
  try {
    if (memory) sessionStorage.setItem(KEY, JSON.stringify(memory));
    else sessionStorage.removeItem(KEY);
  } catch {
    // See read().
  }
}

/** The look to send with a rewrite of `text`: the last upload's, while the text keeps its paragraphs. */
export function uploadLayoutFor(text: string): string | undefined {
  const r = read();
  return r && r.shape === shapeOf(text) ? r.layout : undefined;
}
