import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { splitSentences } from '../faithfulness/index.ts';
import { writeChatCompletion } from '../openai-wire.ts';
import type { Pair } from './pairs.ts';

/**
 * A recorded real-model provider: an HTTP server that speaks the OpenAI-compatible chat API
 * (`POST /v1/chat/completions`, plain JSON and SSE streaming; `GET /v1/models`) and Ollama's `POST /api/chat`
 * (NDJSON stream or one JSON object) and `GET /api/tags`. For a full-text prompt it finds the recorded
 * original nearest to the text between `<text>` tags (shared words, placeholders ignored) and answers with a
 * real model's rewrite of it; when one original has several recorded rewrites (L2R: GPT-4o, Gemini and
 * Llama-3), successive candidates for the same text get different ones. For a numbered list of sentences
 * (a Deep round) it answers each with the rewrite's sentence that shares most words with it. The pairs
 * come from `loadPairs()` at run time; nothing recorded is part of the code.
 */
export interface RecordedProvider {
  /** OpenAI-compatible base URL (ends in /v1). */
  url: string;
  /** Ollama base URL (POST /api/chat). */
  ollamaUrl: string;
  readonly requests: number;
  /** Requests answered with a recorded rewrite (the rest had no recorded original near enough). */
  readonly recordedAnswers: number;
  readonly maxInFlight: number;
  close(): Promise<void>;
}

export interface RecordedOptions {
  /** Wait this long before each answer (a model's latency). */
  delayMs?: number;
  /** Shared words (Jaccard) under this: no recorded original; the answer is the text back unchanged. */
  minSimilarity?: number;
}

const wordsOf = (s: string): Set<string> =>
  new Set(
    s
      .replace(/\{\{\d+\}\}/g, ' ')
      .toLowerCase()
      .match(/[a-z][a-z']{2,}/g) ?? [],
  );

interface Entry {
  words: Set<string>;
  rewrites: string[];
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / Math.max(1, a.size + b.size - inter);
}

export function buildIndex(pairs: Pair[]): Entry[] {
  const byOriginal = new Map<string, Entry>();
  for (const p of pairs) {
    const e = byOriginal.get(p.original);
    if (e) e.rewrites.push(p.rewrite);
    else byOriginal.set(p.original, { words: wordsOf(p.original), rewrites: [p.rewrite] });
  }
  return [...byOriginal.values()];
}

function nearest(index: Entry[], text: string, min: number): Entry | null {
  const w = wordsOf(text);
  let best: Entry | null = null;
  let bestSim = min;
  for (const e of index) {
    const s = jaccard(w, e.words);
    if (s > bestSim) {
      bestSim = s;
      best = e;
    }
  }
  return best;
}

interface ChatBody {
  model?: string;
  stream?: boolean;
  temperature?: number;
  options?: { temperature?: number };
  messages?: { role: string; content: string | { type: string; text?: string }[] }[];
}

function userText(body: ChatBody): string {
  const last = [...(body.messages ?? [])].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  return typeof last.content === 'string' ? last.content : last.content.map((c) => c.text ?? '').join('');
}

const tokensOf = (s: string): number => Math.ceil(s.length / 4);

export async function startRecordedProvider(pairs: Pair[], opts: RecordedOptions = {}): Promise<RecordedProvider> {
  const index = buildIndex(pairs);
  const min = opts.minSimilarity ?? 0.3;
  const served = new Map<Entry, number>();
  let requests = 0;
  let recorded = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const sockets = new Set<Socket>();

  const answerFor = (prompt: string): string => {
    const text = /<text>\n?([\s\S]*?)\n?<\/text>/.exec(prompt)?.[1];
    if (text !== undefined) {
      const e = nearest(index, text, min);
      if (!e) return text;
      recorded++;
      const k = served.get(e) ?? 0;
      served.set(e, k + 1);
      return e.rewrites[k % e.rewrites.length] as string;
    }
    const list = /<sentences>\n([\s\S]*?)\n<\/sentences>/.exec(prompt)?.[1];
    if (list !== undefined) {
      const items = list
        .split('\n')
        .map((l) => /^(\d+)\.\s+(.*)$/.exec(l))
        .filter((m): m is RegExpExecArray => m !== null);
      const e = nearest(index, items.map((m) => m[2]).join(' '), min / 2);
      if (e) recorded++;
      const pool = e ? e.rewrites.flatMap((r) => splitSentences(r).map((s) => s.text)) : [];
      return items
        .map((m) => {
          const w = wordsOf(m[2] ?? '');
          let best = m[2] ?? '';
          let bestSim = 0.25;
          for (const s of pool) {
            const sim = jaccard(w, wordsOf(s));
            if (sim > bestSim && s !== m[2]) {
              bestSim = sim;
              best = s;
            }
          }
          return `${m[1]}. ${best}`;
        })
        .join('\n');
    }
    return prompt;
  };

  const readBody = async (req: IncomingMessage): Promise<ChatBody | null> => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatBody;
    } catch {
      return null;
    }
  };
  const json = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const route = `${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`;
    if (route === 'GET /v1/models')
      return json(res, 200, {
        object: 'list',
        data: [{ id: 'recorded', object: 'model', created: 0, owned_by: 'corpus' }],
      });
    if (route === 'GET /api/tags')
      return json(res, 200, { models: [{ name: 'recorded:latest', model: 'recorded:latest' }] });
    const openai = route === 'POST /v1/chat/completions';
    const ollama = route === 'POST /api/chat';
    if (!openai && !ollama) return json(res, 404, { error: { message: 'not found' } });
    const body = await readBody(req);
    if (body === null) return json(res, 400, { error: { message: 'invalid JSON body' } });
    requests++;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
    if (res.destroyed) return;
    const prompt = userText(body);
    const content = answerFor(prompt);
    const model = body.model ?? 'recorded';
    const usage = {
      prompt_tokens: tokensOf(prompt),
      completion_tokens: tokensOf(content),
      total_tokens: tokensOf(prompt) + tokensOf(content),
    };
    if (ollama) {
      const done = {
        model,
        created_at: new Date().toISOString(),
        message: { role: 'assistant', content: body.stream === false ? content : '' },
        done: true,
        done_reason: 'stop',
        prompt_eval_count: usage.prompt_tokens,
        eval_count: usage.completion_tokens,
      };
      if (body.stream === false) return json(res, 200, done);
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      for (let i = 0; i < content.length; i += 80)
        res.write(
          `${JSON.stringify({ model, created_at: done.created_at, message: { role: 'assistant', content: content.slice(i, i + 80) }, done: false })}\n`,
        );
      res.end(`${JSON.stringify(done)}\n`);
      return;
    }
    await writeChatCompletion(res, {
      id: `chatcmpl-rec-${requests}`,
      model,
      content,
      usage,
      stream: body.stream === true,
      chunk: 120,
    });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.end();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    ollamaUrl: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    get recordedAnswers() {
      return recorded;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
