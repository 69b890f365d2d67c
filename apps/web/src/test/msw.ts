/**
 * The web tests' network: MSW's node server intercepts the real `fetch` and answers with handlers. A test
 * file calls `interceptRequests()` once at its top level (files share their worker's modules, so the server is
 * started and stopped per file); a request no handler answers fails the test that made it.
 *
 * `answerRequests(fn)` answers every request with `fn(url, init)` and returns the mock that recorded them,
 * so a test reads what the app sent as it would read a fetch stand-in: `url` is the path and query when the
 * request is for the page's own origin (as the app wrote it), `init` holds the method, headers, body,
 * credentials and signal. A rejected answer is a network failure (fetch rejects with a TypeError).
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi, type Mock } from 'vitest';

export const server = setupServer();

/** Starts MSW for this test file, drops each test's handlers after it, and stops it after the file. */
export function interceptRequests(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}

/** What a test reads of a request: the parts of fetch's init the app sets. */
export interface SentInit {
  method: string;
  headers: Headers;
  /** JSON and text as a string; a multipart form as FormData; any other body as a Blob; none: undefined. */
  body: string | FormData | Blob | undefined;
  credentials: RequestCredentials;
  signal: AbortSignal;
}

export type Answer = (url: string, init: SentInit) => Response | Promise<Response>;

async function bodyOf(request: Request): Promise<SentInit['body']> {
  if (request.method === 'GET' || request.method === 'HEAD' || request.body === null) return undefined;
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) return request.formData();
  if (type.startsWith('application/json') || type.startsWith('text/') || type === '') {
    const text = await request.text();
    return text === '' && type === '' ? undefined : text;
  }
  return request.blob();
}

/** The path and query of a request to the page's own origin; the full address of any other. */
function urlOf(request: Request): string {
  const u = new URL(request.url);
  return u.origin === window.location.origin ? u.pathname + u.search : request.url;
}

/** A handler that answers every request with `answer`, recording each call on `mock`. */
export function answeringWith(mock: Mock<Answer>): HttpHandler {
  return http.all('*', async ({ request }) => {
    const init: SentInit = {
      method: request.method,
      headers: request.headers,
      body: await bodyOf(request),
      credentials: request.credentials,
      signal: request.signal,
    };
    try {
      return await mock(urlOf(request), init);
    } catch {
      return HttpResponse.error();
    }
  });
}

/** Answers every request of this test with `answer` (default: an empty JSON object) and returns the record. */
export function answerRequests(answer?: Answer): Mock<Answer> {
  const mock = vi.fn<Answer>(answer ?? (() => HttpResponse.json({})));
  server.use(answeringWith(mock));
  return mock;
}

/** A JSON answer (the server's content type). */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return HttpResponse.json(body as Record<string, unknown>, { status, headers });
}
