/** The extension's one way to the server: its token in the Authorization header, the site's own error messages. */
import { EXTENSION_MSG } from '@plainspoken/shared/extension';
import { readLocal, serverAddress, type Failure } from './state';

export class ApiFailure extends Error implements Failure {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function request<T>(
  path: string,
  init: { method?: string; body?: unknown; auth?: boolean } = {},
): Promise<T> {
  const server = await serverAddress();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.auth !== false) {
    const { token } = await readLocal();
    if (!token) throw new ApiFailure(401, 'UNAUTHORIZED', EXTENSION_MSG.connect);
    headers.Authorization = `Bearer ${token}`;
  }
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(new URL(path, server), {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    throw new ApiFailure(
      0,
      'NETWORK',
      `Plainspoken could not be reached at ${server}. Check your connection, or the server address in the extension's options.`,
    );
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = (body as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiFailure(
      res.status,
      err?.code ?? 'UNKNOWN',
      err?.message ?? `Plainspoken answered ${res.status}. Please try again.`,
    );
  }
  return body as T;
}
