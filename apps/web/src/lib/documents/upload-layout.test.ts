import { afterEach, describe, expect, it, vi } from 'vitest';
import { humanizeText } from '@/features/humanize/api/humanize-text';
import { rememberUploadLayout, uploadLayoutFor } from './upload-layout';
import { answerRequests, interceptRequests } from '@/test/msw';

interceptRequests();

const UPLOADED = '# Plan ahead\n\nA first paragraph of the file.\n\n1. Write it\n2. Share it\n\nThe closing line.';

afterEach(() => {
  rememberUploadLayout('', undefined);
  vi.unstubAllGlobals();
});

describe('the uploaded Word file’s look', () => {
  it('goes with the text while it keeps the upload’s paragraphs, and is forgotten by the next upload', () => {
    rememberUploadLayout(UPLOADED, 'payload.mac');
    expect(uploadLayoutFor(UPLOADED)).toBe('payload.mac');
    // Words edited inside the paragraphs: still the upload's structure.
    expect(uploadLayoutFor(UPLOADED.replace('first paragraph', 'opening paragraph'))).toBe('payload.mac');
    // A paragraph added, or another text pasted: not the upload any more.
    expect(uploadLayoutFor(`${UPLOADED}\n\nOne more.`)).toBeUndefined();
    expect(uploadLayoutFor('Something pasted instead, one paragraph.')).toBeUndefined();
    // Remembered for the tab session.
    expect(JSON.parse(sessionStorage.getItem('plainspoken:upload-layout') ?? '{}')).toMatchObject({
      layout: 'payload.mac',
    });
    // A file without a look (a PDF) forgets the last one.
    rememberUploadLayout(UPLOADED, undefined);
    expect(uploadLayoutFor(UPLOADED)).toBeUndefined();
    expect(sessionStorage.getItem('plainspoken:upload-layout')).toBeNull();
  });

  it('is sent with the humanize request of that text only', async () => {
    const fetch = answerRequests(
      async () =>
        new Response(JSON.stringify({ humanized_text: 'x' }), { headers: { 'content-type': 'application/json' } }),
    );
    rememberUploadLayout(UPLOADED, 'payload.mac');
    const sent = async (text: string) => {
      await humanizeText({ text, mode: 'lightning' });
      const [input, init] = fetch.mock.calls.at(-1) as unknown as [RequestInfo, RequestInit | undefined];
      const body = typeof init?.body === 'string' ? init.body : await (input as Request).clone().text();
      return JSON.parse(body) as { layout?: string };
    };
    expect((await sent(UPLOADED)).layout).toBe('payload.mac');
    expect((await sent('Another text, pasted by hand.')).layout).toBeUndefined();
  });
});
