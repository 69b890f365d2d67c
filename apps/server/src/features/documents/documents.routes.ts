/**
 * POST /api/documents/extract?name=<file name>: the file is the raw request body (up to 10 MB, counted as
 * it arrives). Answers {text, kind, pages?, note?}, or 413/422 {error:{code, message, details:{reason}}}
 * saying what could not be read. Open to visitors like the AI check; limited per user or client IP.
 * Only the product's own pages may call it (a foreign Origin is refused). A Word file's answer also carries
 * `layout`, its own look signed by the server (docx-layout.ts), which the humanize request may send back.
 * GET /api/transformations/:id/export.docx?changes=tracked|none: a saved result as a Word file
 * (export.service.ts, tracked-docx.ts).
 */
import { zValidator } from '@hono/zod-validator';
import type { Context } from 'hono';
import {
  DOCUMENTS,
  exportDocxQuery,
  isAcceptedDocument,
  transformationIdParam,
  type DocumentUnreadableReason,
} from '@plainspoken/shared';
import { encodeLayout } from '../../domain/document-layout';
import { createRouter, type AppEnv } from '../../lib/context';
import { AppError, badRequest } from '../../lib/errors';
import { clientIp, queryOf, validationError } from '../../lib/http';
import { getSessionUser, requireUser, signedIn } from '../../lib/session';
import { DocumentError } from './document-error';
import { createExtractor, type Extractor } from './documents.service';
import { docxHeaders, exportDocx } from './export.service';
import { classify } from './sniff';

/** One upload per window per user (or client IP for visitors). */
export const UPLOAD_WINDOW_MS = 1_000;

let shared: Extractor | null = null;
/** The process's extractor (created on first upload). */
const extractor = () => (shared ??= createExtractor());

const unreadable = (c: Context, reason: DocumentUnreadableReason, message: string) =>
  c.json(
    {
      error: {
        code: reason === 'too-large' ? 'PAYLOAD_TOO_LARGE' : 'DOCUMENT_UNREADABLE',
        message,
        details: { reason },
      },
    },
    reason === 'too-large' ? 413 : 422,
  );

const tooLargeMessage = (name: string) => `“${name}” is larger than 10 MB. Upload a smaller file or paste the text.`;

/** The body, read up to the limit; null when it is longer. */
async function readBounded(req: Request, max: number): Promise<Uint8Array | null> {
  if (!req.body) return new Uint8Array(0);
  const reader = (req.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const ch of chunks) {
    out.set(ch, at);
    at += ch.byteLength;
  }
  return out;
}

export const documentsRoutes = createRouter()
  .post(DOCUMENTS.extractPath, async (c: Context<AppEnv>) => {
    const d = c.var.deps;
    const origin = c.req.header('origin');
    if (
      (origin !== undefined && origin !== new URL(d.env.BASE_URL).origin) ||
      c.req.header('sec-fetch-site') === 'cross-site'
    ) {
      throw new AppError('FORBIDDEN', 403, 'This request came from another site and was refused.');
    }
    const name = (c.req.query('name') ?? '').trim().slice(0, 255);
    if (!name) throw badRequest('Name the file: POST the file as the body with ?name=<file name>.');
    if (!isAcceptedDocument(name)) {
      try {
        classify(name, new Uint8Array(1)); // words the refusal (.doc and other types)
      } catch (e) {
        if (e instanceof DocumentError) return unreadable(c, e.reason, e.message);
      }
    }
    const declared = c.req.header('content-length');
    if (declared && /^\d+$/.test(declared) && Number(declared) > DOCUMENTS.maxBytes)
      return unreadable(c, 'too-large', tooLargeMessage(name));

    const u = await getSessionUser(c);
    const wait = (s: number) => `Please wait ${s} second${s === 1 ? '' : 's'} before uploading another file.`;
    if (u) await d.limiter.hit(`doc:user:${u.id}`, UPLOAD_WINDOW_MS, wait);
    else await d.limiter.hit(`doc:ip:${clientIp(c, d.env)}`, UPLOAD_WINDOW_MS, wait);

    const bytes = await readBounded(c.req.raw, DOCUMENTS.maxBytes);
    if (!bytes) return unreadable(c, 'too-large', tooLargeMessage(name));
    try {
      const { docxLayout, ...doc } = await extractor().extract(name, bytes);
      // A Word file's look goes back signed: the humanize request returns it and the rewrite keeps it.
      const layout = docxLayout ? encodeLayout(docxLayout, d.env.BETTER_AUTH_SECRET) : null;
      return c.json(layout ? { ...doc, layout } : doc);
    } catch (e) {
      if (e instanceof DocumentError) {
        d.logger.info('document not read', { reason: e.reason, bytes: bytes.length });
        return unreadable(c, e.reason, e.message);
      }
      throw e;
    }
  })
  // The caller's own result as a Word file: with tracked changes and reasons (`changes=tracked`) or plain.
  .get(
    '/api/transformations/:id/export.docx',
    signedIn,
    zValidator('param', transformationIdParam, (r) => {
      if (!r.success) throw validationError(r.error.issues);
    }),
    queryOf(exportDocxQuery),
    async (c) => {
      const u = await requireUser(c);
      const { changes } = c.req.valid('query');
      const f = await exportDocx(c.var.deps.db, u.id, c.req.valid('param').id, changes === 'tracked');
      return c.body(f.bytes, 200, docxHeaders(f));
    },
  );
