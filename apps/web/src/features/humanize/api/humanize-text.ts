import type { HumanizeInput, HumanizeOutput, HumanizeProgress } from '@plainspoken/shared';
import { api } from '@/config/paths';
import { ApiError, apiErrorFrom, apiFetch } from '@/lib/api';

export type { HumanizeProgress };

function body(input: HumanizeInput) {
  return {
    text: input.text,
    useSecondPrompt: input.useSecondPrompt ?? false,
    mode: input.mode,
    ...(input.tone ? { tone: input.tone } : {}),
    ...(input.readingLevel ? { readingLevel: input.readingLevel } : {}),
    ...(input.keep ? { keep: input.keep } : {}),
  };
}

/**
 * One key per click: every attempt of that click (the automatic wait-and-retry, a proxy's retry) sends
 * it, so the server runs and charges the rewrite once and hands the same answer to a retry.
 * getRandomValues works on plain-HTTP origins too, where crypto.randomUUID does not exist.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export async function humanizeText(input: HumanizeInput, idempotencyKey?: string): Promise<HumanizeOutput> {
  if (!idempotencyKey) return apiFetch<HumanizeOutput>(api.humanizeText, { method: 'POST', body: body(input) });
  let res: Response;
  try {
    res = await fetch(api.humanizeText, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify(body(input)),
    });
  } catch {
    throw new ApiError({
      status: 0,
      code: 'NETWORK',
      message: 'Could not reach the server. Check your connection and try again.',
    });
  }
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!res.ok) throw apiErrorFrom(res.status, parsed, res.headers.get('Retry-After'));
  return parsed as HumanizeOutput;
}

/**
 * The same call asking for server-sent events, so the card can show the engine's real stages. Falls back
 * to a plain JSON answer when the server (or a proxy) does not stream.
 */
export async function humanizeTextStreaming(
  input: HumanizeInput,
  onProgress: (p: HumanizeProgress) => void,
  idempotencyKey?: string,
): Promise<HumanizeOutput> {
  let res: Response;
  try {
    res = await fetch(api.humanizeText, {
      method: 'POST',
      credentials: 'include',
      headers: {
        Accept: 'text/event-stream',
        'Content-Type': 'application/json',
        ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
      },
      body: JSON.stringify(body(input)),
    });
  } catch {
    throw new ApiError({
      status: 0,
      code: 'NETWORK',
      message: 'Could not reach the server. Check your connection and try again.',
    });
  }
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream') || !res.body) {
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (!res.ok) throw apiErrorFrom(res.status, parsed, res.headers.get('Retry-After'));
    return parsed as HumanizeOutput;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      if (!data) continue;
      const payload = JSON.parse(data) as unknown;
      if (event === 'progress') onProgress(payload as HumanizeProgress);
      else if (event === 'result') return payload as HumanizeOutput;
      else if (event === 'error') throw apiErrorFrom((payload as { status?: number }).status ?? 500, payload);
    }
    if (done) break;
  }
  throw new ApiError({
    status: 0,
    code: 'NETWORK',
    message:
      'The connection closed before the rewrite finished. No words are charged for a rewrite that did not finish.',
  });
}
