import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, ApiError, server } from './api';

afterEach(() => vi.unstubAllGlobals());

describe('call (the typed client)', () => {
  it('sends JSON with credentials to the route’s path and returns the parsed body', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
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
    const fetchMock = vi.fn(async (_url: string) => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await call(server.api.transformations.$get({ query: { limit: '20' } }));
    await call(server.api['api-keys'][':id'].$delete({ param: { id: 'k1' } }));
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/transformations?limit=20', '/api/api-keys/k1']);
  });

  it('builds paths as hono’s client does: $path, an index segment, an optional parameter, array queries', async () => {
    expect(
      server.api.transformations[':id']['export.docx'].$path({ param: { id: 't1' }, query: { changes: 'tracked' } }),
    ).toBe('/api/transformations/t1/export.docx?changes=tracked');
    expect(server.api.account.export.$path()).toBe('/api/account/export');
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const untyped = server as unknown as Record<string, Record<string, Record<string, (...a: unknown[]) => unknown>>>;
    await untyped.api!.index!.$get!({ query: { tag: ['a', 'b'], skip: undefined, n: 2 } });
    await untyped.api!['x/:id?']!.$get!({ param: { id: '' } });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api?tag=a&tag=b&n=2', '/api/x']);
  });

  it('sends no body with a GET, and passes the caller’s init (an abort signal) to fetch', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const signal = new AbortController().signal;
    await call(server.api.transformations.$get({ query: { limit: '5' } }, { init: { signal } }));
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(init.signal).toBe(signal);
    expect(init.credentials).toBe('include');
  });

  it('throws ApiError with code, message and retryAfter from the error body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too fast', retryAfter: 3 } }), {
            status: 429,
            headers: { 'Retry-After': '4' },
          }),
      ),
    );
    const err = await call(server.api.subscription.$get()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: 'Too fast', retryAfter: 3 });
  });

  it('falls back to the Retry-After header and UNKNOWN for bodies without an error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 503, headers: { 'Retry-After': '7' } })),
    );
    const err = await call(server.api.subscription.$get()).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 503, code: 'UNKNOWN', message: '', retryAfter: 7 });
  });

  it('turns a network failure into a NETWORK ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const err = await call(server.api.subscription.$get()).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
