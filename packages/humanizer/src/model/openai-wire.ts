import type { ServerResponse } from 'node:http';

/** Token counts as an OpenAI-compatible chat completion reports them. */
export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/**
 * Writes a chat completion the way an OpenAI-compatible server does: one JSON object, or (`stream`) server-sent
 * chunks of `chunk` characters, a closing chunk with the usage, and `data: [DONE]`. For the fake and recorded
 * providers the tests and benches run against.
 */
export async function writeChatCompletion(
  res: ServerResponse,
  o: { id: string; model: string; content: string; usage: ChatUsage; stream: boolean; chunk: number; pauseMs?: number },
): Promise<void> {
  if (!o.stream) {
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: o.id,
        object: 'chat.completion',
        created: 0,
        model: o.model,
        choices: [{ index: 0, message: { role: 'assistant', content: o.content }, finish_reason: 'stop' }],
        usage: o.usage,
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const send = (obj: unknown): boolean => res.write(`data: ${JSON.stringify(obj)}\n\n`);
  const base = { id: o.id, object: 'chat.completion.chunk', created: 0, model: o.model };
  send({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
  for (let i = 0; i < o.content.length; i += o.chunk) {
    send({
      ...base,
      choices: [{ index: 0, delta: { content: o.content.slice(i, i + o.chunk) }, finish_reason: null }],
    });
    if (o.pauseMs !== undefined) await new Promise((r) => setTimeout(r, o.pauseMs));
  }
  send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: o.usage });
  res.end('data: [DONE]\n\n');
}
