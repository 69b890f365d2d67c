/**
 * An uploaded Word file keeps its own paragraph styles in the Word export (decision 0036): uploaded,
 * rewritten and exported through the real app (PGlite, the real local rewriter), under /api and /v1.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { humanize } from '@plainspoken/humanizer';
import { testClient } from 'hono/testing';
import { DOCUMENTS, MAX_TEXT_CHARS, apiHumanizeResponse, textBlocks, type HumanizeInput } from '@plainspoken/shared';
import { extractedDocument } from '../../test/extract-answer';
import { subscribers, transformation_layouts } from '../../db/schema';
import { alignLayout, decodeLayout, encodeLayout, type DocxLayout, type ParaProps } from '../../domain/document-layout';
import type { Engine, EngineJob } from '../../lib/engine/engine';
import { createTestProduct, inlineEngine, testEnv, type TestProduct } from '../../test/harness';
import { docxParagraphs, libreOfficeRoundTrip, requireSoffice, unzip } from '../../test/docx';
import { bodyParagraphs, readDocxLayout } from './docx-layout';
import { makeStyledDocx, STYLED } from './fixtures';

/** The real local rewriter in the test's thread. */
function realEngine(): Engine & { calls: EngineJob[] } {
  const base = inlineEngine();
  return {
    ...base,
    async run(job) {
      base.calls.push(job);
      return humanize(job.text, { mode: job.mode, seed: job.seed, keep: job.keep, writing: job.writing });
    },
  };
}

type User = { email: string; cookie: string; id: string };
const propsOf = (documentXml: string): ParaProps[] => bodyParagraphs(documentXml).map((p) => p.props);
const texts = (t: string) => textBlocks(t).map((b) => b.text);

describe('an uploaded Word file keeps its own look in the export', () => {
  let t: TestProduct;
  let a: User;
  let source: Buffer;
  let sourceProps: ParaProps[];

  beforeAll(async () => {
    t = await createTestProduct({ env: { RATE_LIMITS: 'off' }, engine: realEngine() });
    a = await t.newUser();
    await t.deps.db
      .update(subscribers)
      .set({ subscription_tier: 'Pro', subscribed: true, monthly_word_balance: 50_000 })
      .where(eq(subscribers.user_id, a.id));
    source = await makeStyledDocx();
    sourceProps = propsOf(unzip(source).get('word/document.xml')!);
  });
  afterAll(async () => t.close());

  // The upload's body is the file's bytes: sent raw, its answer checked by shape.
  async function upload(u: User, bytes: Buffer) {
    const r = await t.app.request(`http://localhost:3999${DOCUMENTS.extractPath}?name=styled.docx`, {
      method: 'POST',
      headers: { origin: 'http://localhost:3999', 'content-type': 'application/octet-stream', cookie: u.cookie },
      body: bytes,
    });
    expect(r.status, await r.clone().text()).toBe(200);
    return extractedDocument.parse(await r.json());
  }
  const api = () => testClient(t.app).api;
  const by = (cookie: string) => ({ headers: { cookie } });
  async function humanizeAs(u: User, body: Omit<HumanizeInput, 'mode'>) {
    const r = await api().functions['humanize-text'].$post({ json: { mode: 'deep', ...body } }, by(u.cookie));
    expect(r.status, await r.clone().text()).toBe(200);
    // humanize-text answers with a prepared JSON string, so its type comes from the shared response schema.
    return apiHumanizeResponse.parse(await r.json());
  }
  const exportTracked = async (u: User, id: string) => {
    const r = await t.req(`/api/transformations/${id}/export.docx?changes=tracked`, { cookie: u.cookie });
    expect(r.status).toBe(200);
    return unzip(new Uint8Array(await r.arrayBuffer()));
  };
  const keptRows = async (id: string) =>
    t.deps.db.select().from(transformation_layouts).where(eq(transformation_layouts.transformation_id, id));

  it('reads the file’s styles and each paragraph’s properties, and hands them back signed', async () => {
    expect(sourceProps.map((p) => p.style ?? null)).toEqual([
      'Heading1',
      null,
      'MyQuote',
      'ListParagraph',
      'ListParagraph',
      null,
    ]);
    const doc = await upload(a, source);
    expect(texts(doc.text)).toEqual([STYLED.heading, STYLED.intro, STYLED.quote, ...STYLED.steps, STYLED.closing]);
    expect(doc.layout).toMatch(/^[\w-]+\.[\w-]+$/);
    const layout = decodeLayout(doc.layout!, testEnv().BETTER_AUTH_SECRET)!;
    expect(layout.paragraphs.map((p) => p?.props)).toEqual(sourceProps);
    expect(layout.styles).toContain('w:styleId="MyQuote"');
    expect(layout.numbering).toContain('w:numFmt w:val="upperRoman"');
  });

  it('a rewrite of the upload exports in its styles with tracked changes, under /api and /v1', async () => {
    const doc = await upload(a, source);
    const out = await humanizeAs(a, { text: doc.text, layout: doc.layout, keep: [] });
    const id = out.transformation_id!;
    expect(out.humanized_text).not.toBe(doc.text);
    expect(textBlocks(out.humanized_text)).toHaveLength(textBlocks(doc.text).length);
    const [row] = await keptRows(id);
    expect(row?.paragraphs).toEqual(sourceProps);
    expect(row!.bytes).toBeLessThanOrEqual(DOCUMENTS.layoutMaxBytes);

    const key = await (await api()['api-keys'].$post({ json: { name: 'styled' } }, by(a.cookie))).json();
    const v1 = await t.app.request(`http://localhost:3000/v1/transformations/${id}/export.docx?changes=tracked`, {
      headers: { authorization: `Bearer ${key.secret}` },
    });
    expect(v1.status).toBe(200);
    for (const parts of [await exportTracked(a, id), unzip(new Uint8Array(await v1.arrayBuffer()))]) {
      const d = parts.get('word/document.xml')!;
      // The file's own styles part: the custom style and its font survive.
      const styles = parts.get('word/styles.xml')!;
      expect(styles).toMatch(/<w:style [^>]*w:styleId="MyQuote"[\s\S]*?w:ascii="Georgia"[\s\S]*?<\/w:style>/);
      expect(styles).toContain('w:styleId="CommentText"'); // what the comments need, added
      // Every paragraph has its original's style, numbering and alignment.
      expect(propsOf(d)).toEqual(sourceProps);
      expect(parts.get('word/numbering.xml')).toContain('w:numFmt w:val="upperRoman"');
      expect(parts.get('word/numbering.xml')).toMatch(/<w:num w:numId="2"[\s\S]*?<\/w:num>/);
      // Still the tracked file: revisions by Plainspoken, accept gives the result, reject the original.
      expect(d).toMatch(/<w:ins\b[^>]*w:author="Plainspoken"/);
      expect(d).toMatch(/<w:del\b[^>]*w:author="Plainspoken"/);
      expect(docxParagraphs(d, 'accept')).toEqual(texts(out.humanized_text));
      expect(docxParagraphs(d, 'reject')).toEqual(texts(doc.text));
    }
    // The plain file is in the file's styles too.
    const plain = await t.req(`/api/transformations/${id}/export.docx?changes=none`, { cookie: a.cookie });
    const pd = unzip(new Uint8Array(await plain.arrayBuffer())).get('word/document.xml')!;
    expect(pd).not.toMatch(/<w:(ins|del)\b/);
    expect(propsOf(pd)).toEqual(sourceProps);
  });

  it('text edited after the upload keeps the styles of the paragraphs it still has', async () => {
    const doc = await upload(a, source);
    // One paragraph added in the box: the counts differ, each block finds its own paragraph again.
    const edited = doc.text.replace(
      STYLED.quote,
      `${STYLED.quote}\n\nA paragraph typed into the box after the upload, in plain words.`,
    );
    const out = await humanizeAs(a, { text: edited, layout: doc.layout, keep: [] });
    const [row] = await keptRows(out.transformation_id!);
    expect(row?.paragraphs).toEqual([...sourceProps.slice(0, 3), null, ...sourceProps.slice(3)]);
    const d = (await exportTracked(a, out.transformation_id!)).get('word/document.xml')!;
    const got = propsOf(d);
    expect(got.filter((p) => p.style === 'MyQuote')).toHaveLength(1);
    expect(got[3]).toEqual({}); // the new paragraph: the default Normal style
  });

  it('a token this server did not sign, or changed, keeps nothing: the default styles', async () => {
    const doc = await upload(a, source);
    const [payload, mac] = doc.layout!.split('.');
    // One character of the payload changed (its middle: the end is the gzip trailer's zeros).
    const at = Math.floor(payload!.length / 2);
    const forged = `${payload!.slice(0, at)}${payload![at] === 'A' ? 'B' : 'A'}${payload!.slice(at + 1)}.${mac}`;
    const foreign = encodeLayout(decodeLayout(doc.layout!, testEnv().BETTER_AUTH_SECRET)!, 'x'.repeat(40))!;
    for (const layout of [forged, foreign]) {
      const out = await humanizeAs(a, { text: doc.text, layout, keep: [] });
      expect(await keptRows(out.transformation_id!)).toHaveLength(0);
      const parts = await exportTracked(a, out.transformation_id!);
      expect(parts.get('word/styles.xml')).not.toContain('MyQuote');
      expect(parts.get('word/document.xml')).toContain('<w:pStyle w:val="Heading1"/>');
    }
    // Longer than the field allows: refused like any bad field.
    const r = await api().functions['humanize-text'].$post(
      { json: { mode: 'deep', text: doc.text, layout: 'a'.repeat(DOCUMENTS.layoutTokenMaxChars + 1) } },
      by(a.cookie),
    );
    expect(r.status).toBe(400);
  });

  it('deleting the entry, or the account, deletes what was kept', async () => {
    const doc = await upload(a, source);
    const out = await humanizeAs(a, { text: doc.text, layout: doc.layout, keep: [] });
    expect(await keptRows(out.transformation_id!)).toHaveLength(1);
    const del = await api().transformations[':id'].$delete(
      { param: { id: String(out.transformation_id) } },
      by(a.cookie),
    );
    expect(del.status).toBe(200);
    expect(await keptRows(out.transformation_id!)).toHaveLength(0);

    const b = await t.newUser();
    const doc2 = await upload(b, source);
    const out2 = await humanizeAs(b, { text: doc2.text, layout: doc2.layout, keep: [] });
    expect(await keptRows(out2.transformation_id!)).toHaveLength(1);
    // better-auth's own route, outside AppType.
    const gone = await t.req('/api/auth/delete-user', {
      body: { password: 'password123', confirmEmail: b.email },
      cookie: b.cookie,
    });
    expect(gone.status, await gone.clone().text()).toBe(200);
    expect(await keptRows(out2.transformation_id!)).toHaveLength(0);
  });
});

describe('the kept look, on its own', () => {
  const secret = 'k'.repeat(40);
  const layout = (styles: string, n = 2): DocxLayout => ({
    styles,
    numbering: null,
    theme: null,
    paragraphs: Array.from({ length: n }, (_, i) => ({ props: { style: `S${i}` }, hash: 'h' })),
  });

  it('a look larger than 1 MB is not kept', async () => {
    const parts = unzip(await makeStyledDocx());
    const text = [STYLED.heading, STYLED.intro, STYLED.quote].join('\n\n');
    const asBuffers = (styles: string) =>
      new Map([
        ['word/document.xml', Buffer.from(parts.get('word/document.xml')!)],
        ['word/styles.xml', Buffer.from(styles)],
      ]);
    expect(readDocxLayout(asBuffers(parts.get('word/styles.xml')!), `# ${text}`)).not.toBeNull();
    const huge = parts
      .get('word/styles.xml')!
      .replace(
        '</w:styles>',
        `<w:style w:styleId="Big"><w:name w:val="${'x'.repeat(DOCUMENTS.layoutMaxBytes)}"/></w:style></w:styles>`,
      );
    expect(readDocxLayout(asBuffers(huge), `# ${text}`)).toBeNull();
    // A styles part with a DTD is not kept either.
    expect(readDocxLayout(asBuffers(`<!DOCTYPE x [<!ENTITY a "b">]><w:styles></w:styles>`), text)).toBeNull();
  });

  it('the longest text with the longest token fits the request body limit', () => {
    // At most 3 bytes of UTF-8 per UTF-16 unit, plus the request's other fields.
    expect(MAX_TEXT_CHARS * 3 + DOCUMENTS.layoutTokenMaxChars + 1024).toBeLessThanOrEqual(testEnv().BODY_LIMIT_BYTES);
  });

  it('round-trips through the token, refuses other keys, and lines up with the text', () => {
    const l = layout('<w:styles/>');
    const token = encodeLayout(l, secret)!;
    expect(decodeLayout(token, secret)).toEqual(l);
    expect(decodeLayout(token, 'z'.repeat(40))).toBeNull();
    expect(decodeLayout(`${token}x`, secret)).toBeNull();
    expect(alignLayout(l, 'One.\n\nTwo.').paragraphs).toEqual([{ style: 'S0' }, { style: 'S1' }]);
  });
});

describe('the export with a kept look', () => {
  it('adds its own lists under ids above the file’s, and its own styles only where the file lacks them', async () => {
    const { buildResultDocx } = await import('./tracked-docx');
    const parts = unzip(await makeStyledDocx());
    const original = ['# Plan', '1. Write the plan down', '2. Share it with the whole team'].join('\n\n');
    const found = readDocxLayout(new Map([...parts].map(([k, v]) => [k, Buffer.from(v)])), original)!;
    const kept = alignLayout(found, original);
    expect(kept.paragraphs.map((p) => p?.num?.id ?? null)).toEqual([null, 2, 2]);
    const result = `${original.replace('\n\n1.', '\n\n- A bullet the rewrite added\n\n1.')}`;
    const out = unzip(
      buildResultDocx({ original, result, date: new Date(), engine: 'local', tracked: true, layout: kept }),
    );
    const numbering = out.get('word/numbering.xml')!;
    const ids = [...numbering.matchAll(/<w:num w:numId="(\d+)"/g)].map((m) => Number(m[1]));
    const abstracts = [...numbering.matchAll(/<w:abstractNum w:abstractNumId="(\d+)"/g)].map((m) => Number(m[1]));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(abstracts).size).toBe(abstracts.length);
    // The added bullet uses the export's own bullets, numbered above the file's lists.
    const bulletId = Math.max(...ids);
    expect(bulletId).toBeGreaterThan(2);
    expect(out.get('word/document.xml')).toContain(`<w:numId w:val="${bulletId}"/>`);
    // abstract lists before lists, as the schema orders them
    expect(numbering.lastIndexOf('<w:abstractNum ')).toBeLessThan(numbering.indexOf('<w:num '));
    const styles = out.get('word/styles.xml')!;
    expect(styles.match(/w:styleId="Heading1"/g)).toHaveLength(1); // the file's own, not a second
    expect(styles).toContain('w:styleId="CommentReference"');
    expect(out.get('[Content_Types].xml')).toContain('/word/theme/theme1.xml');
  });
});

// LibreOffice is a test dependency (`.ci/run` installs it): without it the round trip fails, saying so.
describe('LibreOffice round trip of a styled upload', () => {
  beforeAll(requireSoffice);
  it('keeps the file’s own styles, the revisions and the comments', async () => {
    const { buildResultDocx } = await import('./tracked-docx');
    const src = await makeStyledDocx();
    const parts = unzip(src);
    const original = [
      `# ${STYLED.heading}`,
      STYLED.intro,
      STYLED.quote,
      ...STYLED.steps.map((s, i) => `${i + 1}. ${s}`),
      STYLED.closing,
    ].join('\n\n');
    const found = readDocxLayout(new Map([...parts].map(([k, v]) => [k, Buffer.from(v)])), original)!;
    const result = original
      .replace("In today's fast-paced world, planning plays a pivotal role", 'Planning matters')
      .replace('Furthermore, this comprehensive approach', 'This approach');
    const dir = mkdtempSync(path.join(tmpdir(), 'ps-styled-'));
    try {
      const file = path.join(dir, 'styled.docx');
      writeFileSync(
        file,
        buildResultDocx({
          original,
          result,
          date: new Date('2026-11-20T10:30:00Z'),
          engine: 'local',
          tracked: true,
          layout: alignLayout(found, original),
        }),
      );
      const back = libreOfficeRoundTrip(file, dir);
      const d = back.get('word/document.xml') ?? '';
      expect(d).toMatch(/<w:ins\b[^>]*w:author="Plainspoken"/);
      expect(d).toMatch(/<w:del\b[^>]*w:author="Plainspoken"/);
      expect(back.get('word/comments.xml') ?? '').toContain('<w:comment ');
      // LibreOffice writes the styles it read back out: the custom style, its font, its use.
      expect(back.get('word/styles.xml') ?? '').toMatch(/w:styleId="MyQuote"[\s\S]*?Georgia/);
      expect(d).toContain('<w:pStyle w:val="MyQuote"/>');
      expect(d).toContain('<w:pStyle w:val="Heading1"/>');
      expect(docxParagraphs(d, 'accept').join('\n')).toContain('Planning matters');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);
});
