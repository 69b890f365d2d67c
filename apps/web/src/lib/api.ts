/**
 * The one fetch wrapper for the product's own API. Every server call goes through here so errors
 * arrive in one shape: the UI branches on `code`, never on message text.
 */
import type { ErrorCode } from '@plainspoken/shared';
import type { ClientResponse, hc } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from '@plainspoken/server/src/app';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK' | 'UNKNOWN';
  readonly retryAfter: number | undefined;
  /** The error's `details` (a refused rewrite's 400/402 carries the caller's limits there). */
  readonly details: unknown;

  constructor(opts: {
    status: number;
    code: ApiError['code'];
    message: string;
    retryAfter?: number | undefined;
    details?: unknown;
  }) {
    super(opts.message);
    this.name = 'ApiError';
    this.status = opts.status;
    this.code = opts.code;
    this.retryAfter = opts.retryAfter;
    this.details = opts.details;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

interface RequestArgs {
  param?: Record<string, string>;
  query?: Record<string, unknown>;
  json?: unknown;
  form?: Record<string, unknown>;
  header?: Record<string, string>;
}
interface RequestOptions {
  headers?: Record<string, string>;
  init?: RequestInit;
}

/** A route's path with its params filled in and its query appended, as hono's client writes them. */
function pathOf(parts: string[], args: RequestArgs | undefined): string {
  let path = `/${parts.join('/')}`.replace(/\/index$/, '') || '/';
  for (const [k, v] of Object.entries(args?.param ?? {}))
    path = path.replace(new RegExp(`/:${k}(?:{[^/]+})?\\??(?=/|$)`), () => (v ? `/${v}` : ''));
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(args?.query ?? {}))
    for (const x of Array.isArray(v) ? v : [v]) if (x !== undefined) query.append(k, String(x));
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

function send(method: string, parts: string[], args: RequestArgs | undefined, opts: RequestOptions | undefined) {
  const headers = new Headers({ Accept: 'application/json', ...args?.header, ...opts?.headers });
  let body: BodyInit | undefined;
  if (args?.form) {
    const form = new FormData();
    for (const [k, v] of Object.entries(args.form))
      for (const x of Array.isArray(v) ? v : [v]) if (x !== undefined) form.append(k, x as string | Blob);
    body = form;
  }
  if (args?.json !== undefined) {
    body = JSON.stringify(args.json);
    headers.set('Content-Type', 'application/json');
  }
  const m = method.toUpperCase();
  return fetch(pathOf(parts, args), {
    method: m,
    headers,
    credentials: 'include',
    body: m === 'GET' || m === 'HEAD' ? undefined : body,
    ...opts?.init,
  });
}

/** `server.api.a[':id'].$post(args, options)`: each property a path segment, the `$` call the request. */
function route(parts: string[]): unknown {
  return new Proxy(() => {}, {
    get: (_, key) => (typeof key === 'string' && key !== 'then' ? route([...parts, key]) : undefined),
    apply: (_, __, [args, opts]: [RequestArgs?, RequestOptions?]) => {
      const at = parts.slice(0, -1);
      const last = parts[parts.length - 1] ?? '';
      if (last === '$path') return pathOf(at, args);
      if (last === '$url') return new URL(pathOf(at, args), window.location.origin);
      return send(last.slice(1), at, args, opts);
    },
  });
}

/**
 * The product's API, typed by the server's own routes (a type-only import: no server code reaches the
 * bundle). `server.api.subscription.$get()` is checked against the route's path, input and answer, so a
 * change on one side that the other does not follow fails `npm run typecheck`. Typed as hono's client
 * (`hc<AppType>`) and built the way it builds requests (a path segment per property; `param`, `query`,
 * `json`, `form`; `$path()`), in a few lines instead of its client code (about 1 KB gzip on every page).
 */
export const server = route([]) as ReturnType<typeof hc<AppType>>;

/** The body type of a response's success statuses (error answers are thrown as ApiError by `call`). */
export type OkBody<R> =
  R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatusCode ? T : never) : never;

function parseRetryAfter(header: string | null, bodyValue: unknown): number | undefined {
  if (typeof bodyValue === 'number' && Number.isFinite(bodyValue)) return Math.max(0, Math.ceil(bodyValue));
  if (header) {
    const n = Number(header);
    if (Number.isFinite(n)) return Math.max(0, Math.ceil(n));
  }
  return undefined;
}

function readErrorBody(body: unknown): { code?: string; message?: string; retryAfter?: unknown; details?: unknown } {
  if (body && typeof body === 'object' && 'error' in body) {
    const err = body.error;
    if (err && typeof err === 'object') return err;
    if (typeof err === 'string') return { message: err };
  }
  return {};
}

export const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/**
 * Sends one typed request (`call(server.api.x.$post({ json }))`) and returns its body. A network failure
 * becomes a NETWORK ApiError (an abort is rethrown as is); an error answer becomes the ApiError for its
 * `{error:{code,message,retryAfter}}` body.
 */
export async function call<R extends ClientResponse<unknown, number, string>>(request: Promise<R>): Promise<OkBody<R>> {
  let res: R;
  try {
    res = await request;
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError({ status: 0, code: 'NETWORK', message: NETWORK_MESSAGE });
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
  return body as OkBody<R>;
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
    details: err.details,
  });
}
