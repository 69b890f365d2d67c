/**
 * Reading a server-sent event stream (the streamed humanize-text answer): one function for the web client
 * and the server's tests, on eventsource-parser, so neither keeps a parser of its own. The parser is
 * imported when a stream is read, so the home page's first load does not carry it.
 */

export interface StreamEvent {
  /** The event's name ('message' when the server named none). */
  event: string;
  /** The event's data, parsed as JSON. */
  data: unknown;
}

/**
 * Calls `onEvent` for each event of `body` as it arrives. `onEvent` returns true to stop reading (the answer
 * is complete). Resolves true when stopped that way, false when the stream ended first.
 */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (e: StreamEvent) => boolean | void,
): Promise<boolean> {
  const { createParser } = await import('eventsource-parser');
  let stopped = false;
  const parser = createParser({
    onEvent: (e) => {
      if (!stopped && e.data) stopped = onEvent({ event: e.event ?? 'message', data: JSON.parse(e.data) }) === true;
    },
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    while (!stopped) {
      const { value, done } = await reader.read();
      if (value) parser.feed(decoder.decode(value, { stream: true }));
      if (done) break;
    }
  } finally {
    if (stopped) await reader.cancel().catch(() => undefined);
    else reader.releaseLock();
  }
  return stopped;
}

/** Every event of a whole stream, in order (tests). */
export async function allEvents(body: ReadableStream<Uint8Array>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  await readEvents(body, (e) => void out.push(e));
  return out;
}
