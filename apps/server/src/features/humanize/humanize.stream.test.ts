import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClient } from 'hono/testing';
import { allEvents } from '@plainspoken/shared';
import { createTestProduct, type TestProduct } from '../../test/harness';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i % 37}`).join(' ');

/** The stream's events, read by the same function the web client uses. */
const events = (r: { body: ReadableStream<Uint8Array> | null }) => allEvents(r.body!);

describe('humanize-text as server-sent events', () => {
  let t: TestProduct;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestProduct({ env: { RATE_LIMITS: 'off' } });
    cookie = (await t.newUser()).cookie;
  });
  afterAll(async () => t.close());
  /** POST humanize-text through the typed client, asking for events. */
  const stream = (n: number, headers: Record<string, string> = {}) =>
    testClient(t.app).api.functions['humanize-text'].$post(
      { json: { text: words(n), mode: 'deep' } },
      { headers: { cookie, accept: 'text/event-stream', ...headers } },
    );

  it('streams progress, then the result, uncompressed', async () => {
    const r = await stream(60, { 'accept-encoding': 'gzip' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/text\/event-stream/);
    expect(r.headers.get('content-encoding')).toBeNull();
    const ev = await events(r);
    expect(ev.map((e) => e.event)).toEqual(['progress', 'progress', 'result']);
    expect(ev[0]!.data).toEqual({ stage: 'detect' });
    expect(ev[2]!.data).toMatchObject({ saved: true, words_charged: 60 });
  });

  it('reports failures after the stream started as an error event with the code', async () => {
    const r = await stream(20);
    const ev = await events(r);
    expect(ev.at(-1)).toEqual({
      event: 'error',
      data: {
        status: 400,
        error: { code: 'MIN_WORDS', message: 'Please enter at least 50 words to humanize your text' },
      },
    });
  });

  it('answers sign-in and validation problems as plain JSON before streaming', async () => {
    expect(
      (
        await t.req('/api/functions/humanize-text', {
          body: { text: words(60), mode: 'deep' },
          headers: { accept: 'text/event-stream' },
        })
      ).status,
    ).toBe(401);
    const bad = await t.req('/api/functions/humanize-text', {
      body: { text: words(60), mode: 'fast' },
      cookie,
      headers: { accept: 'text/event-stream' },
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/json/);
  });
});
