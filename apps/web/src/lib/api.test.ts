import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, ApiError } from './api';

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch', () => {
  it('sends JSON with credentials and returns the parsed body', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiFetch('/api/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('adds query parameters and skips empty ones', async () => {
    const fetchMock = vi.fn(async (_url: string) => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiFetch('/api/t', { query: { cursor: null, limit: 20 } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/t?limit=20');
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
    const err = await apiFetch('/api/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: 'Too fast', retryAfter: 3 });
  });

  it('falls back to the Retry-After header and UNKNOWN for bodies without an error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 503, headers: { 'Retry-After': '7' } })),
    );
    const err = await apiFetch('/api/x').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 503, code: 'UNKNOWN', message: '', retryAfter: 7 });
  });

  it('turns a network failure into a NETWORK ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const err = await apiFetch('/api/x').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
