/**
 * An uploaded Word file's own look, kept so its tracked-changes export looks like the file (decision 0036):
 * the styles part (and the numbering and theme parts when present) and, for each of the product's text
 * blocks the file became, that paragraph's style id, list numbering and alignment. Nothing else of the
 * upload is kept.
 *
 * The extraction worker reads it (features/documents/docx-layout.ts); the upload's answer carries it to the
 * browser signed and compressed (encodeLayout); the humanize request sends it back, checked here
 * (decodeLayout), and it is stored with the rewrite lined up with the text that was rewritten (alignLayout).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { z } from 'zod';
import { DOCUMENTS, textBlocks } from '@plainspoken/shared';

/** A paragraph's own properties: style id, list numbering (w:numId, w:ilvl), alignment (w:jc). */
export interface ParaProps {
  style?: string;
  num?: { id: number; level: number };
  align?: string;
}

/** What the worker reads: one entry per text block of the extracted text (null: not matched to a paragraph). */
export interface DocxLayout {
  styles: string;
  numbering: string | null;
  theme: string | null;
  /** Per block: its properties and a short fingerprint of its text (to line it up again after edits). */
  paragraphs: ({ props: ParaProps; hash: string } | null)[];
}

/** What is stored with a rewrite: properties lined up with the blocks of its original text. */
export interface KeptLayout {
  styles: string;
  numbering: string | null;
  theme: string | null;
  paragraphs: (ParaProps | null)[];
}

/** Letters and digits only, lower case: how a paragraph's text is compared with a text block's. */
export const normalizeText = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
/** A short fingerprint of a block's letters and digits. */
export const fingerprint = (s: string) =>
  createHash('sha256').update(normalizeText(s)).digest('base64url').slice(0, 10);

export const STYLE_ID = /^[^"<>&\u0000-\u001f]{1,253}$/u;
export const ALIGN = /^[a-zA-Z]{1,20}$/;

const byteLength = (s: string | null) => (s ? Buffer.byteLength(s) : 0);

/** The kept look's size in bytes (the parts and the paragraphs' properties as stored). */
export function layoutBytes(l: {
  styles: string;
  numbering: string | null;
  theme: string | null;
  paragraphs: unknown[];
}) {
  return (
    byteLength(l.styles) + byteLength(l.numbering) + byteLength(l.theme) + byteLength(JSON.stringify(l.paragraphs))
  );
}

// ---- the signed token the browser carries between the upload and the rewrite ----

const propsSchema = z
  .object({
    style: z.string().regex(STYLE_ID).optional(),
    num: z.object({ id: z.number().int().min(0).max(999_999_999), level: z.number().int().min(0).max(9) }).optional(),
    align: z.string().regex(ALIGN).optional(),
  })
  .strict();
const layoutSchema = z
  .object({
    v: z.literal(1),
    styles: z.string(),
    numbering: z.string().nullable(),
    theme: z.string().nullable(),
    paragraphs: z
      .array(
        z
          .object({ props: propsSchema, hash: z.string().max(16) })
          .strict()
          .nullable(),
      )
      .max(100_000),
  })
  .strict();

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update('docx-layout\u0000').update(payload).digest();

/** The layout as a token: base64url(gzip(JSON)) and its HMAC; null when the token would be too long. */
export function encodeLayout(layout: DocxLayout, secret: string): string | null {
  const payload = gzipSync(JSON.stringify({ v: 1, ...layout }), { level: 9 }).toString('base64url');
  const token = `${payload}.${mac(secret, payload).toString('base64url')}`;
  return token.length > DOCUMENTS.layoutTokenMaxChars ? null : token;
}

/** The layout a token carries, when this server signed it; null for anything else. */
export function decodeLayout(token: string, secret: string): DocxLayout | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const want = mac(secret, payload);
  if (given.length !== want.length || !timingSafeEqual(given, want)) return null;
  try {
    const json = gunzipSync(Buffer.from(payload, 'base64url'), {
      maxOutputLength: DOCUMENTS.layoutMaxBytes * 2,
    }).toString('utf8');
    const parsed = layoutSchema.safeParse(JSON.parse(json));
    if (!parsed.success) return null;
    const { v: _v, ...layout } = parsed.data;
    return layoutBytes(layout) > DOCUMENTS.layoutMaxBytes ? null : layout;
  } catch {
    return null;
  }
}

/**
 * The layout lined up with the text actually rewritten (the user may have edited the box after the
 * upload): block by block when the counts agree, otherwise each block takes the properties of the next
 * paragraph whose text it still has; the rest fall back to the default styles.
 */
export function alignLayout(layout: DocxLayout, text: string): KeptLayout {
  const blocks = textBlocks(text);
  const { paragraphs, ...parts } = layout;
  if (blocks.length === paragraphs.length) return { ...parts, paragraphs: paragraphs.map((p) => p?.props ?? null) };
  let next = 0;
  const aligned = blocks.map((b) => {
    const h = fingerprint(b.text);
    for (let i = next; i < paragraphs.length; i++) {
      if (paragraphs[i]?.hash === h) {
        next = i + 1;
        return paragraphs[i]!.props;
      }
    }
    return null;
  });
  return { ...parts, paragraphs: aligned };
}
