// Helpers for tests that stand in for `fetch`: what was asked for, read the same way whatever form it took.

/** The URL a fetch was called with (a string, a URL or a Request). */
export function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** A request body as text: the app sends JSON strings; anything else reads as empty. */
export function bodyText(body: BodyInit | null | undefined): string {
  return typeof body === 'string' ? body : '';
}
