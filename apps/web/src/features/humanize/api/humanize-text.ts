import { readEvents, type HumanizeInput, type HumanizeOutput, type HumanizeProgress } from '@plainspoken/shared';
import { ApiError, apiErrorFrom, call, NETWORK_MESSAGE, server } from '@/lib/api';
import { uploadLayoutFor } from '@/lib/documents/upload-layout';

export type { HumanizeProgress };

function body(input: HumanizeInput) {
  // The text of an uploaded Word file carries the file's look, so its Word export keeps the file's styles.
  const layout = input.layout ?? uploadLayoutFor(input.text);
  return {
    text: input.text,
    useSecondPrompt: input.useSecondPrompt ?? false,
    mode: input.mode,
    ...(input.tone ? { tone: input.tone } : {}),
    ...(input.readingLevel ? { readingLevel: input.readingLevel } : {}),
    ...(input.keep ? { keep: input.keep } : {}),
    ...(layout ? { layout } : {}),
    ...(input.aimAt ? { aimAt: input.aimAt } : {}),
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

/** POST /api/functions/humanize-text, answered as JSON or, asked for, as server-sent events. */
function send(input: HumanizeInput, accept: 'application/json' | 'text/event-stream', idempotencyKey?: string) {
  return server.api.functions['humanize-text'].$post(
    { json: body(input) },
    { headers: { Accept: accept, ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}) } },
  );
}

// The route answers the rewrite as prepared JSON (a retry with the same key gets the first answer back) or
// as events, so its body is typed here by the shared HumanizeOutput rather than by the route.
export async function humanizeText(input: HumanizeInput, idempotencyKey?: string): Promise<HumanizeOutput> {
  return (await call(send(input, 'application/json', idempotencyKey))) as HumanizeOutput;
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
  let res: Awaited<ReturnType<typeof send>>;
  try {
    res = await send(input, 'text/event-stream', idempotencyKey);
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK', message: NETWORK_MESSAGE });
  }
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream') || !res.body)
    return (await call(Promise.resolve(res))) as HumanizeOutput;
  const end: { result?: HumanizeOutput; failure?: ApiError } = {};
  await readEvents(res.body as ReadableStream<Uint8Array>, ({ event, data }) => {
    if (event === 'progress') onProgress(data as HumanizeProgress);
    else if (event === 'result') end.result = data as HumanizeOutput;
    else if (event === 'error') end.failure = apiErrorFrom((data as { status?: number }).status ?? 500, data);
    // Read on to the end: the server closes the stream right after its last event, so the connection ends
    // cleanly instead of being cut by the browser.
  });
  if (end.failure) throw end.failure;
  if (end.result) return end.result;
  throw new ApiError({
    status: 0,
    code: 'NETWORK',
    message:
      'The connection closed before the rewrite finished. No words are charged for a rewrite that did not finish.',
  });
}
