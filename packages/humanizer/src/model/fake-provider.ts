import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { loadCorpus } from '../corpus.ts';
import { fnv1a } from '../rng.ts';
import { writeChatCompletion } from './openai-wire.ts';

/**
 * A fake OpenAI-compatible chat server (node:http on 127.0.0.1, a free port) for tests and `bench:llm`.
 * For corpus AI texts that have a `gpt4_humanize_of_ai_text` partner in mixset.jsonl it answers with that
 * partner, a real model's rewrite, read from CORPUS_DIR at run time; otherwise it answers with a
 * deterministic edit, and some of those answers deliberately drop a placeholder or add a number so the
 * checks get exercised. Modes: 'ok'; '429' and '500' (every call fails with that status); 'timeout' (never
 * answers); 'malformed' (a 200 with a broken body); 'stream' (answers stream in small, slow chunks);
 * 'repeat' (every rewrite of the same text gets the same clean answer, whatever the prompt or temperature,
 * and rounds get their sentences back unchanged).
 */
export type FakeMode = 'ok' | '429' | '500' | 'timeout' | 'malformed' | 'stream' | 'repeat';

export interface FakeProvider {
  /** Base URL ending in /v1. */
  url: string;
  close(): Promise<void>;
  /** Chat requests received so far. */
  readonly requests: number;
  setMode(m: FakeMode): void;
  /** Requests that were answered with a corpus partner text. */
  readonly partnerAnswers: number;
  /** Most requests in flight at once (tests of the concurrency limit). */
  readonly maxInFlight: number;
}

export interface FakeOptions {
  /** Fail only the first N requests with the failing mode, then answer normally (tests of retries). */
  failFirst?: number;
  /** Whether to look up corpus partners (default true; skipped silently when the corpus is absent). */
  corpus?: boolean;
  /** Wait this long before answering (tests of timeouts and concurrency). */
  delayMs?: number;
}

interface ChatBody {
  model?: string;
  stream?: boolean;
  temperature?: number;
  messages?: { role: string; content: string | { type: string; text?: string }[] }[];
}

const words = (s: string): string[] => s.replace(/\{\{\d+\}\}/g, ' ').match(/\b[a-z][a-z']{3,}\b/g) ?? [];

export function buildPartnerIndex(): { sig: Set<string>; partner: string }[] {
  const rows = loadCorpus(['mixset.jsonl']);
  const byGroup = new Map<string, typeof rows>();
  for (const r of rows) byGroup.set(r.group, [...(byGroup.get(r.group) ?? []), r]);
  const index: { sig: Set<string>; partner: string }[] = [];
  for (const g of byGroup.values()) {
    const partner = g.find((r) => r.attack === 'gpt4_humanize_of_ai_text');
    const source = g.find((r) => r.label === 'ai' && r.attack === 'none');
    if (partner && source) index.push({ sig: new Set(words(source.text)), partner: partner.text });
  }
  return index;
}

function findPartner(index: { sig: Set<string>; partner: string }[], text: string): string | null {
  const w = new Set(words(text));
  if (w.size < 10) return null;
  for (const e of index) {
    let inter = 0;
    for (const x of w) if (e.sig.has(x)) inter++;
    const jac = inter / (w.size + e.sig.size - inter);
    if (jac >= 0.8) return e.partner;
  }
  return null;
}

const SWAPS: [RegExp, string][] = [
  [/\bMoreover, /g, 'Also, '],
  [/\bFurthermore, /g, 'Plus, '],
  [/\bAdditionally, /g, 'On top of that, '],
  [/\bIn conclusion, /g, 'So '],
  [/\butilize\b/g, 'use'],
  [/\bcrucial\b/g, 'important'],
  [/\bdelve into\b/g, 'dig into'],
  [/\bIt is\b/g, "It's"],
  [/\bit is\b/g, "it's"],
  [/\bdo not\b/g, "don't"],
  [/\bdoes not\b/g, "doesn't"],
  [/\bcan not\b|\bcannot\b/g, "can't"],
  [/\bhowever\b/g, 'though'],
  [/\bin order to\b/g, 'to'],
  [/\bleverage\b/g, 'use'],
  [/\bvarious\b/g, 'different'],
];

/** The deterministic "model": surface edits that vary with temperature, and a sabotaged answer now and then. */
export function fakeEdit(text: string, salt: number): string {
  let t = text;
  const variant = salt % 3;
  for (const [i, [re, rep]] of SWAPS.entries()) if ((i + variant) % 3 !== 0) t = t.replace(re, rep);
  if (variant === 1) t = t.replace(/([a-z]{3,}), and ([a-z])/g, (_m, a: string, b: string) => `${a}. And ${b}`);
  if (variant === 2) t = t.replace(/\. (This|These|That) /g, (_m, w: string) => `; ${w.toLowerCase()} `);
  const sabotage = salt % 5;
  if (sabotage === 0) {
    // Drop one placeholder (a number or a name the checks must catch).
    t = t.replace(/\s?\{\{\d+\}\}/, '');
  } else if (sabotage === 1 && /\.\s/.test(t)) {
    // Invent a number.
    t = t.replace(/\.(\s)/, ', about 40 percent of the time.$1');
  }
  return t;
}

export function userText(body: ChatBody): string {
  const msgs = body.messages ?? [];
  const last = [...msgs].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  return last.content.map((c) => c.text ?? '').join('');
}

export function answerFor(
  prompt: string,
  temperature: number,
  index: { sig: Set<string>; partner: string }[],
  counts: { partner: number },
  repeat = false,
): string {
  const full = /<text>\n([\s\S]*?)\n<\/text>/.exec(prompt);
  const salt = fnv1a(`${prompt}|${temperature}`);
  if (full) {
    const text = full[1] ?? '';
    // A salt from the text alone, never one that sabotages the answer (salt % 5 of 0 or 1).
    if (repeat) return fakeEdit(text, fnv1a(text) * 5 + 2);
    const partner = findPartner(index, text);
    if (partner) {
      counts.partner++;
      return partner;
    }
    return fakeEdit(text, salt);
  }
  const list = /<sentences>\n([\s\S]*?)\n<\/sentences>/.exec(prompt);
  // A repeating model hands the flagged sentences back unchanged, so its rounds never change a text.
  if (list && repeat) return list[1] ?? '';
  if (list) {
    return (list[1] ?? '')
      .split('\n')
      .map((line, i) => {
        const m = /^(\d+)\.\s+(.*)$/.exec(line);
        if (!m) return line;
        // Round answers are never sabotaged on purpose beyond what fakeEdit does with this salt.
        return `${m[1]}. ${fakeEdit(m[2] ?? '', salt + i * 7 + 2)}`;
      })
      .join('\n');
  }
  return 'I cannot help with that.';
}

const tokensOf = (s: string): number => Math.ceil(s.length / 4);

export async function startFakeProvider(opts: FakeOptions = {}): Promise<FakeProvider> {
  let mode: FakeMode = 'ok';
  let requests = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const counts = { partner: 0 };
  const index = opts.corpus === false ? [] : buildPartnerIndex();
  const sockets = new Set<Socket>();
  const pending = new Set<ServerResponse>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    requests++;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
    let body: ChatBody;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatBody;
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"bad json"}}');
      return;
    }
    const failing = mode !== 'ok' && mode !== 'stream' && (opts.failFirst === undefined || requests <= opts.failFirst);
    if (failing && mode === '429') {
      res
        .writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' })
        .end('{"error":{"message":"rate limited","type":"rate_limit"}}');
      return;
    }
    if (failing && mode === '500') {
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end('{"error":{"message":"upstream failure","type":"server_error"}}');
      return;
    }
    if (failing && mode === 'timeout') {
      pending.add(res);
      res.on('close', () => pending.delete(res));
      return;
    }
    if (failing && mode === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"x","choices":[{"message":{"content": tru');
      return;
    }
    const prompt = userText(body);
    const content = answerFor(prompt, body.temperature ?? 1, index, counts, mode === 'repeat');
    const model = body.model ?? 'fake';
    const usage = {
      prompt_tokens: tokensOf(prompt),
      completion_tokens: tokensOf(content),
      total_tokens: tokensOf(prompt) + tokensOf(content),
    };
    await writeChatCompletion(res, {
      id: 'chatcmpl-fake',
      model,
      content,
      usage,
      stream: body.stream === true,
      chunk: mode === 'stream' ? 12 : 200,
      pauseMs: mode === 'stream' ? 1 : undefined,
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
    get requests() {
      return requests;
    },
    get partnerAnswers() {
      return counts.partner;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    setMode(m: FakeMode) {
      mode = m;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const r of pending) r.destroy();
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
