import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeChatCompletion } from './openai-wire.ts';

/**
 * For tests: an OpenAI-compatible chat server on 127.0.0.1 that answers each request with what `answer`
 * returns for its last message (non-streamed); any other request gets a list of one model. `url` is the base
 * URL, ending in `/v1`.
 */
export async function startScriptedProvider(
  answer: (prompt: string) => string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // A model list asked for (a server checking its provider): one model.
      if (req.method !== 'POST') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: [{ id: 'scripted', object: 'model' }] }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: { content: string }[] };
      const content = answer(body.messages[body.messages.length - 1]?.content ?? '');
      void writeChatCompletion(res, {
        id: 'c1',
        model: 'scripted',
        content,
        usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
        stream: false,
        chunk: 120,
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
