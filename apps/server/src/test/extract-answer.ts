/**
 * The answers of POST /api/documents/extract, checked by shape. The upload's body is the file's bytes, so
 * tests send it raw rather than through the typed client, and read its answer with these schemas (loose:
 * any field the server adds is kept, so a test comparing the whole body still sees it).
 */
import type { ExtractedDocument } from '@plainspoken/shared';
import { z } from 'zod';

/** A file that was read (ExtractedDocument). */
export const extractedDocument = z.looseObject({
  text: z.string(),
  kind: z.enum(['docx', 'pdf', 'txt', 'md']),
  pages: z.number().optional(),
  note: z.string().optional(),
  layout: z.string().optional(),
});
const sameShape: z.infer<typeof extractedDocument> extends ExtractedDocument ? true : never = true;
void sameShape;

/** Either answer: the document's fields, or the refusal with its reason. */
export const extractAnswer = extractedDocument.partial().extend({
  error: z
    .looseObject({
      code: z.string(),
      message: z.string(),
      details: z.looseObject({ reason: z.string() }).optional(),
    })
    .optional(),
});
