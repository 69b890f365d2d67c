/**
 * The Word download of a saved result, built on the server: plain, or with every change from the original
 * as a tracked revision with its reason (tracked-docx.ts), in the uploaded Word file's own styles when they
 * were kept with the entry. Only the entry's owner may download it.
 */
import { and, eq } from 'drizzle-orm';
import { RESULT_MSG } from '@plainspoken/shared';
import type { Db } from '../../db/client';
import { transformation_layouts, transformations } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { buildResultDocx, docxFileName } from './tracked-docx';

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export interface DocxFile {
  bytes: Uint8Array<ArrayBuffer>;
  fileName: string;
}

export async function exportDocx(db: Db, userId: string, id: string, tracked: boolean): Promise<DocxFile> {
  const rows = await db
    .select({
      original: transformations.original_text,
      result: transformations.transformed_text,
      created: transformations.created_at,
      engine: transformations.engine,
      rewrite: transformations.rewrite_text,
      offered: transformations.offered,
      edited: transformations.edited_at,
    })
    .from(transformations)
    .where(and(eq(transformations.id, id), eq(transformations.user_id, userId)))
    .limit(1);
  const r = rows[0];
  if (!r) throw new AppError('NOT_FOUND', 404, RESULT_MSG.notFound);
  // An uploaded Word file's own look, when it was kept with the entry (decision 0036).
  const [layout] = await db
    .select({
      styles: transformation_layouts.styles,
      numbering: transformation_layouts.numbering,
      theme: transformation_layouts.theme,
      paragraphs: transformation_layouts.paragraphs,
    })
    .from(transformation_layouts)
    .where(eq(transformation_layouts.transformation_id, id))
    .limit(1);
  return {
    bytes: buildResultDocx({
      original: r.original,
      result: r.result,
      date: r.created,
      engine: r.engine,
      tracked,
      // After an edit, the changes the engine did not make are the user's.
      rewrite: r.edited && r.rewrite !== null ? [r.rewrite, ...(r.offered ?? [])].join('\n') : null,
      layout: layout ?? null,
    }),
    fileName: docxFileName(r.result, tracked),
  };
}

/** The headers of a .docx download (the file name as RFC 6266 says, ASCII fallback first). */
export function docxHeaders(f: DocxFile): Record<string, string> {
  const ascii = f.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return {
    'Content-Type': DOCX_TYPE,
    'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(f.fileName)}`,
    'Cache-Control': 'no-store',
  };
}
