import { describe, expect, it, vi } from 'vitest';
import { call, ApiError, server } from './api';
import { answerRequests, interceptRequests } from '@/test/msw';

interceptRequests();

describe('call (the typed client)', () => {
  it('sends JSON with credentials to the route’s path and returns the parsed body', async () => {
    const fetchMock = answerRequests(
      async (_url: string, _init: RequestInit) => new Response('{"ok":true}', { status: 200 }),
    );
    await expect(call(server.api.functions['sync-users'].$post())).resolves.toEqual({ ok: true });
    await call(server.api['ai-check'].$post({ json: { text: 'a b' } }));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/ai-check');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"text":"a b"}');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(new Headers(init.headers).get('accept')).toBe('application/json');
  });

  it('puts path parameters and the query in the URL', async () => {
    const fetchMock = answerRequests(async (_url: string) => new Response('{}', { status: 200 }));
    await call(server.api.transformations.$get({ query: { limit: '20' } }));
    await call(server.api['api-keys'][':id'].$delete({ param: { id: 'k1' } }));
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/transformations?limit=20', '/api/api-keys/k1']);
  });

  it('builds paths as hono’s client does: $path, an index segment, an optional parameter, array queries', async () => {
    expect(
      server.api.transformations[':id']['export.docx'].$path({ param: { id: 't1' }, query: { changes: 'tracked' } }),
    ).toBe('/api/transformations/t1/export.docx?changes=tracked');
    expect(server.api.account.export.$path()).toBe('/api/account/export');
    const fetchMock = answerRequests(async (_url: string, _init: RequestInit) => new Response('{}', { status: 200 }));
    const untyped = server as unknown as Record<string, Record<string, Record<string, (...a: unknown[]) => unknown>>>;
    await untyped.api!.index!.$get!({ query: { tag: ['a', 'b'], skip: undefined, n: 2 } });
    await untyped.api!['x/:id?']!.$get!({ param: { id: '' } });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api?tag=a&tag=b&n=2', '/api/x']);
  });

  it('sends no body with a GET, and passes the caller’s init (an abort signal) to fetch', async () => {
    const fetchMock = answerRequests(async () => new Response('{}', { status: 200 }));
    await call(server.api.transformations.$get({ query: { limit: '5' } }));
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(init.credentials).toBe('include');
    // The caller's abort signal reaches the request.
    let sent: AbortSignal | undefined;
    answerRequests((_url, init) => {
      sent = init.signal;
      return new Promise<Response>(() => {});
    });
    const abort = new AbortController();
    const pending = call(
      server.api.transformations.$get({ query: { limit: '5' } }, { init: { signal: abort.signal } }),
    ).catch(() => null);
    await vi.waitFor(() => expect(sent).toBeDefined());
    expect(sent!.aborted).toBe(false);
    abort.abort();
    await pending;
    expect(sent!.aborted).toBe(true);
  });

  it('throws ApiError with code, message and retryAfter from the error body', async () => {
    answerRequests(
      async () =>
        new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too fast', retryAfter: 3 } }), {
          status: 429,
          headers: { 'Retry-After': '4' },
        }),
    );
    const err = await call(server.api.subscription.$get()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: 'Too fast', retryAfter: 3 });
  });

  it('falls back to the Retry-After header and UNKNOWN for bodies without an error', async () => {
    answerRequests(async () => new Response('<html>', { status: 503, headers: { 'Retry-After': '7' } }));
    const err = await call(server.api.subscription.$get()).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 503, code: 'UNKNOWN', message: '', retryAfter: 7 });
  });

  it('turns a network failure into a NETWORK ApiError', async () => {
    answerRequests(async () => Promise.reject(new TypeError('Failed to fetch')));
    const err = await call(server.api.subscription.$get()).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
