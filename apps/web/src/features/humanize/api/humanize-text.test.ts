import { describe, expect, it } from 'vitest';
import { apiIdempotencyHeader } from '@plainspoken/shared';
import { humanizeText, humanizeTextStreaming, newIdempotencyKey, type HumanizeProgress } from './humanize-text';
import { ApiError } from '@/lib/api';
import { answerRequests, interceptRequests } from '@/test/msw';

interceptRequests();

function sse(chunks: string[]): Response {
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const ch of chunks) c.enqueue(enc.encode(ch));
      c.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

describe('humanizeTextStreaming', () => {
  it('reports progress events and resolves with the result, even when events are split across chunks', async () => {
    const result = { humanized_text: 'done', saved: true };
    answerRequests(async () =>
      sse([
        'event: progress\ndata: {"stage":"det',
        'ect"}\n\nevent: progress\ndata: {"stage":"round","round":1}\n\n',
        `event: result\ndata: ${JSON.stringify(result)}\n\n`,
      ]),
    );
    const seen: HumanizeProgress[] = [];
    const out = await humanizeTextStreaming({ text: 'x', mode: 'deep' }, (p) => seen.push(p));
    expect(out).toEqual(result);
    expect(seen).toEqual([{ stage: 'detect' }, { stage: 'round', round: 1 }]);
  });

  it('throws the streamed error with its code and retry hint', async () => {
    answerRequests(async () =>
      sse([
        'event: error\ndata: {"status":402,"error":{"code":"INSUFFICIENT_BALANCE","message":"You need 60 words"}}\n\n',
      ]),
    );
    await expect(humanizeTextStreaming({ text: 'x', mode: 'deep' }, () => {})).rejects.toMatchObject({
      status: 402,
      code: 'INSUFFICIENT_BALANCE',
      message: 'You need 60 words',
    });
  });

  it('handles a plain JSON error answer (before streaming started)', async () => {
    answerRequests(
      async () =>
        new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'wait', retryAfter: 3 } }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '3' },
        }),
    );
    const err = await humanizeTextStreaming({ text: 'x', mode: 'deep' }, () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfter: 3 });
  });

  it('says so when the stream ends without a result', async () => {
    answerRequests(async () => sse(['event: progress\ndata: {"stage":"detect"}\n\n']));
    await expect(humanizeTextStreaming({ text: 'x', mode: 'deep' }, () => {})).rejects.toMatchObject({
      code: 'NETWORK',
    });
  });
});

describe('one Idempotency-Key per click', () => {
  it('makes keys the server accepts, a new one each time', () => {
    const keys = Array.from({ length: 50 }, () => newIdempotencyKey());
    for (const k of keys) expect(apiIdempotencyHeader.safeParse(k).success, k).toBe(true);
    expect(new Set(keys).size).toBe(50);
  });

  it('sends the click’s key with the JSON and the streamed call, so every retry of the click carries it', async () => {
    const seen: (string | null)[] = [];
    answerRequests(async (_url: string, init: RequestInit) => {
      seen.push(new Headers(init.headers).get('idempotency-key'));
      return new Response(JSON.stringify({ humanized_text: 'done', saved: true }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    const key = newIdempotencyKey();
    await humanizeText({ text: 'x', mode: 'lightning' }, key);
    await humanizeText({ text: 'x', mode: 'lightning' }, key);
    await humanizeTextStreaming({ text: 'x', mode: 'deep' }, () => {}, key);
    expect(seen).toEqual([key, key, key]);
  });
});
