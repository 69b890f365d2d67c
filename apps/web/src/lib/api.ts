/**
 * The one fetch wrapper for the product's own API. Every server call goes through here so errors
 * arrive in one shape: the UI branches on `code`, never on message text.
 */
import type { ErrorCode } from '@plainspoken/shared';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK' | 'UNKNOWN';
  readonly retryAfter: number | undefined;

  constructor(opts: { status: number; code: ApiError['code']; message: string; retryAfter?: number | undefined }) {
    super(opts.message);
    this.name = 'ApiError';
    this.status = opts.status;
    this.code = opts.code;
    this.retryAfter = opts.retryAfter;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

type Json = Record<string, unknown> | unknown[];

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: Json;
  signal?: AbortSignal;
  query?: Record<string, string | number | undefined | null>;
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function parseRetryAfter(header: string | null, bodyValue: unknown): number | undefined {
  if (typeof bodyValue === 'number' && Number.isFinite(bodyValue)) return Math.max(0, Math.ceil(bodyValue));
  if (header) {
    const n = Number(header);
    if (Number.isFinite(n)) return Math.max(0, Math.ceil(n));
  }
  return undefined;
}

function readErrorBody(body: unknown): { code?: string; message?: string; retryAfter?: unknown } {
  if (body && typeof body === 'object' && 'error' in body) {
    const err = (body as { error: unknown }).error;
    if (err && typeof err === 'object') return err as { code?: string; message?: string; retryAfter?: unknown };
    if (typeof err === 'string') return { message: err };
  }
  return {};
}

export async function apiFetch<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const init: RequestInit = {
    method: opts.method ?? (opts.body ? 'POST' : 'GET'),
    credentials: 'include',
    headers: { Accept: 'application/json', ...(opts.body ? { 'Content-Type': 'application/json' } : {}) },
  };
  if (opts.body) init.body = JSON.stringify(opts.body);
  if (opts.signal) init.signal = opts.signal;

  let res: Response;
  try {
    res = await fetch(withQuery(path, opts.query), init);
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError({
      status: 0,
      code: 'NETWORK',
      message: 'Could not reach the server. Check your connection and try again.',
    });
  }

  const text = await res.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }

  if (!res.ok) throw apiErrorFrom(res.status, body, res.headers.get('Retry-After'));
  return body as T;
}

/** The ApiError for a `{error:{code,message,retryAfter}}` body (also used for streamed error events). */
export function apiErrorFrom(status: number, body: unknown, retryAfterHeader: string | null = null): ApiError {
  const err = readErrorBody(body);
  return new ApiError({
    status,
    code: (err.code as ErrorCode | undefined) ?? 'UNKNOWN',
    // Empty when the server sent no message: each caller knows the better fallback sentence.
    message: err.message ?? '',
    retryAfter: parseRetryAfter(retryAfterHeader, err.retryAfter),
  });
}
