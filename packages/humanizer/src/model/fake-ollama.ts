import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fnv1a } from '../rng.ts';
import { fakeEdit, userText } from './fake-provider.ts';

/**
 * A fake Ollama server over real HTTP (node:http on 127.0.0.1) for tests, the browser tests and
 * `bench:llm`. It speaks the parts of Ollama's API the product uses: `GET /api/tags`, `POST /api/show`,
 * `POST /api/pull` (NDJSON progress lines with `status`, `digest`, `total`, `completed`, ending in
 * `{"status":"success"}`, or an `{"error": ...}` line mid-stream), `GET /api/version`, and the
 * OpenAI-compatible `POST /v1/chat/completions` (plain JSON and SSE streaming) and `GET /v1/models`.
 * It can stop and start again on the same port (the server "going away" and coming back).
 *
 * Chat modes: 'ok' (clean deterministic edits of the text), '429', '500', 'slow' (answers after
 * `slowMs`), 'malformed' (a 200 with a broken body), 'drift' (a clean edit that flips a negation or adds
 * a name: the faithfulness guard's case), 'number' (a clean edit with every digit run changed, the protected
 * numbers' placeholders included: a draft the checks set aside).
 */
export type FakeChatMode = 'ok' | '429' | '500' | 'slow' | 'malformed' | 'drift' | 'number';

export interface FakeOllamaOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Installed models (names as Ollama lists them, e.g. 'qwen2.5:7b-instruct'). */
  models?: string[];
  /** Progress steps of one pulled layer, and the pause between them. */
  pullSteps?: number;
  pullStepMs?: number;
  slowMs?: number;
}

export interface FakeOllama {
  /** http://127.0.0.1:PORT (Ollama's host, no /v1). */
  readonly url: string;
  readonly port: number;
  readonly models: string[];
  setChat(m: FakeChatMode): void;
  /** The next pulls fail after this many progress lines (null: they succeed). */
  setPullError(afterLines: number | null): void;
  setPullStepMs(ms: number): void;
  /** Chat requests received, and their user prompts (most recent last). */
  readonly chatRequests: number;
  readonly prompts: string[];
  /** Models asked for in chat requests (most recent last). */
  readonly chatModels: string[];
  /** Pulls whose client went away before the end. */
  readonly pullsCancelled: number;
  readonly running: boolean;
  /** Stop answering (close the port) and listen again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const tokensOf = (s: string): number => Math.ceil(s.length / 4);
const withTag = (m: string): string => (m.includes(':') ? m : `${m}:latest`);

function tagEntry(name: string) {
  const digest = fnv1a(name).toString(16).padStart(8, '0').repeat(8);
  return {
    name,
    model: name,
    modified_at: '2026-01-01T00:00:00Z',
    size: 4_683_087_332,
    digest,
    details: {
      parent_model: '',
      format: 'gguf',
      family: name.split(/[:.\d]/)[0] || 'llama',
      families: ['llama'],
      parameter_size: '7.6B',
      quantization_level: 'Q4_K_M',
    },
  };
}

/** A clean edit (never one of fakeEdit's sabotaged answers: its salt is 2 mod 5). */
function cleanEdit(text: string, salt: number): string {
  return fakeEdit(text, (salt % 100_000) * 5 + 2);
}

function drift(text: string): string {
  // Flip the first negation; without one, put a new name in the first sentence.
  const flipped = text
    .replace(/\b(is|are|was|were|does|do|did|can|will) not\b/, '$1')
    .replace(/\b(is|are|was|were|does|do|did|ca|wo)n't\b/, (_m, v: string) =>
      v === 'ca' ? 'can' : v === 'wo' ? 'will' : v,
    );
  if (flipped !== text) return flipped;
  return text.replace(/\.(\s|$)/, ', as Margaret Holloway showed.$1');
}

function answer(prompt: string, temperature: number, mode: FakeChatMode): string {
  const salt = fnv1a(`${prompt}|${temperature}`);
  const full = /<text>\n([\s\S]*?)\n<\/text>/.exec(prompt);
  if (full) {
    const t = cleanEdit(full[1] ?? '', salt);
    if (mode === 'number') return t.replace(/\d+/g, (n) => String(Number(n) + 1));
    return mode === 'drift' ? drift(t) : t;
  }
  const list = /<sentences>\n([\s\S]*?)\n<\/sentences>/.exec(prompt);
  if (list) {
    return (list[1] ?? '')
      .split('\n')
      .map((line, i) => {
        const m = /^(\d+)\.\s+(.*)$/.exec(line);
        return m ? `${m[1]}. ${cleanEdit(m[2] ?? '', salt + i)}` : line;
      })
      .join('\n');
  }
  return 'Hello! How can I help you today?';
}

export async function startFakeOllama(opts: FakeOllamaOptions = {}): Promise<FakeOllama> {
  const models = (opts.models ?? ['qwen2.5:7b-instruct']).map(withTag);
  let chat: FakeChatMode = 'ok';
  let pullError: number | null = null;
  let pullStepMs = opts.pullStepMs ?? 60;
  const pullSteps = opts.pullSteps ?? 10;
  let chatRequests = 0;
  let pullsCancelled = 0;
  const prompts: string[] = [];
  const chatModels: string[] = [];
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = opts.port ?? 0;

  const json = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  };
  /** The model a request names (`model`, or `name` in older clients). */
  const modelName = (body: Record<string, unknown>): string => {
    const v = body.model ?? body.name;
    return typeof v === 'string' ? v : '';
  };
  const readBody = async (req: IncomingMessage): Promise<Record<string, unknown> | null> => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    try {
      const v = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as unknown;
      return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };
  const has = (m: string): boolean => models.includes(withTag(m));

  const pull = async (req: IncomingMessage, res: ServerResponse, name: string): Promise<void> => {
    let gone = false;
    res.on('close', () => {
      if (!res.writableEnded) {
        gone = true;
        pullsCancelled++;
      }
    });
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    const line = (o: unknown): void => void res.write(`${JSON.stringify(o)}\n`);
    const failAt = pullError;
    let sent = 0;
    const step = async (o: unknown): Promise<boolean> => {
      if (gone) return false;
      if (failAt !== null && sent >= failAt) {
        line({ error: 'max retries exceeded: read tcp: connection reset by peer' });
        res.end();
        return false;
      }
      line(o);
      sent++;
      await new Promise((r) => setTimeout(r, pullStepMs));
      return !gone;
    };
    if (!(await step({ status: 'pulling manifest' }))) return;
    if (/does-not-exist|^bad/i.test(name)) {
      line({ error: 'pull model manifest: file does not exist' });
      res.end();
      return;
    }
    const digest = `sha256:${fnv1a(name).toString(16).padStart(8, '0').repeat(8)}`;
    const total = 4_683_087_332;
    for (let i = 0; i <= pullSteps; i++) {
      const completed = Math.round((total * i) / pullSteps);
      if (!(await step({ status: `pulling ${digest.slice(7, 19)}`, digest, total, completed }))) return;
    }
    for (const status of ['verifying sha256 digest', 'writing manifest', 'removing any unused layers'])
      if (!(await step({ status }))) return;
    if (!models.includes(withTag(name))) models.push(withTag(name));
    line({ status: 'success' });
    res.end();
  };

  const completions = async (res: ServerResponse, body: Record<string, unknown>): Promise<void> => {
    chatRequests++;
    const model = typeof body.model === 'string' ? body.model : '';
    chatModels.push(model);
    if (!has(model)) {
      json(res, 404, {
        error: {
          message: `model "${model}" not found, try pulling it first`,
          type: 'api_error',
          param: null,
          code: null,
        },
      });
      return;
    }
    const prompt = userText(body);
    prompts.push(prompt);
    if (prompts.length > 50) prompts.shift();
    if (chat === '429')
      return json(res, 429, {
        error: {
          message: 'server busy, please try again. maximum pending requests exceeded',
          type: 'api_error',
          param: null,
          code: null,
        },
      });
    if (chat === '500')
      return json(res, 500, {
        error: {
          message: 'llama runner process has terminated: signal: killed',
          type: 'api_error',
          param: null,
          code: null,
        },
      });
    if (chat === 'malformed') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"id":"chatcmpl-1","object":"chat.completion","choices":[{"message":{"content": tru');
      return;
    }
    if (chat === 'slow') await new Promise((r) => setTimeout(r, opts.slowMs ?? 3000));
    if (res.destroyed) return;
    const content = answer(prompt, typeof body.temperature === 'number' ? body.temperature : 1, chat);
    const usage = {
      prompt_tokens: tokensOf(prompt) + 60,
      completion_tokens: tokensOf(content),
      total_tokens: tokensOf(prompt) + 60 + tokensOf(content),
    };
    const base = { id: `chatcmpl-${chatRequests}`, created: 1_700_000_000, model, system_fingerprint: 'fp_ollama' };
    if (body.stream === true) {
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      const send = (o: unknown): boolean => res.write(`data: ${JSON.stringify(o)}\n\n`);
      for (let i = 0; i < content.length; i += 24) {
        send({
          ...base,
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta: { role: 'assistant', content: content.slice(i, i + 24) }, finish_reason: null }],
        });
      }
      send({
        ...base,
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: 'stop' }],
      });
      // Ollama sends usage in a final chunk when stream_options.include_usage is set.
      const so = body.stream_options as { include_usage?: boolean } | undefined;
      if (so?.include_usage) send({ ...base, object: 'chat.completion.chunk', choices: [], usage });
      res.end('data: [DONE]\n\n');
      return;
    }
    json(res, 200, {
      ...base,
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage,
    });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://x');
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /' || route === 'HEAD /') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('Ollama is running');
      return;
    }
    if (route === 'GET /api/version') return json(res, 200, { version: '0.6.8' });
    if (route === 'GET /api/tags') return json(res, 200, { models: models.map(tagEntry) });
    if (route === 'GET /v1/models')
      return json(res, 200, {
        object: 'list',
        data: models.map((m) => ({ id: m, object: 'model', created: 1_700_000_000, owned_by: 'library' })),
      });
    const body = req.method === 'POST' ? await readBody(req) : {};
    if (body === null) return json(res, 400, { error: 'invalid character looking for beginning of value' });
    if (route === 'POST /api/show') {
      const name = modelName(body);
      if (!has(name)) return json(res, 404, { error: `model '${name}' not found` });
      const t = tagEntry(withTag(name));
      return json(res, 200, {
        modelfile: `FROM ${t.name}`,
        parameters: 'stop "<|im_end|>"',
        template: '{{ .Prompt }}',
        details: t.details,
        model_info: { 'general.architecture': 'qwen2', 'general.parameter_count': 7_615_616_512 },
        capabilities: ['completion'],
      });
    }
    if (route === 'POST /api/pull') {
      const name = modelName(body).trim();
      if (!name) return json(res, 400, { error: 'model is required' });
      return pull(req, res, name);
    }
    if (route === 'POST /v1/chat/completions') return completions(res, body);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('404 page not found');
  };

  const start = async (): Promise<void> => {
    if (server) return;
    const s = createServer((req, res) => {
      handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
        else res.end();
      });
    });
    s.on('connection', (sock) => {
      sockets.add(sock);
      sock.on('close', () => sockets.delete(sock));
    });
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
    });
    port = (s.address() as AddressInfo).port;
    server = s;
  };
  const stop = (): Promise<void> =>
    new Promise<void>((resolve) => {
      const s = server;
      server = null;
      if (!s) return resolve();
      for (const sock of sockets) sock.destroy();
      s.close(() => resolve());
    });

  await start();
  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    models,
    setChat: (m) => void (chat = m),
    setPullError: (n) => void (pullError = n),
    setPullStepMs: (ms) => void (pullStepMs = ms),
    get chatRequests() {
      return chatRequests;
    },
    prompts,
    chatModels,
    get pullsCancelled() {
      return pullsCancelled;
    },
    get running() {
      return server !== null;
    },
    stop,
    start,
    close: stop,
  };
}
