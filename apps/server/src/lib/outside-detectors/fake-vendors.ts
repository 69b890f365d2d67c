/**
 * A local stand-in for the four outside detectors' APIs, over real HTTP, for tests: each route checks the
 * key the way its vendor does and answers in the vendor's format. `behave` switches a vendor to a refused
 * key (401), a rate limit (429 with Retry-After), a hang (timeout), a malformed answer or a server error.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OutsideDetectorId } from '@plainspoken/shared';

export type FakeBehaviour = 'ok' | 'unauthorized' | 'rate-limited' | 'hang' | 'malformed' | 'server-error';

export interface FakeVendors {
  url: string;
  /** Calls that reached each vendor. */
  calls: Record<OutsideDetectorId, number>;
  behave(id: OutsideDetectorId, b: FakeBehaviour, retryAfterSeconds?: number): void;
  /** The machine probability (0-1) every vendor answers for texts containing `marker`, else `fallback`. */
  probability: (text: string) => number;
  close(): Promise<void>;
}

export const FAKE_KEY = 'test-outside-key';

const ROUTES: Record<string, OutsideDetectorId> = {
  '/v2/predict/text': 'gptzero',
  '/api/v1/aidetect': 'sapling',
  '/api/v1/scan/ai': 'originality',
  '/v2/ai-content-detection': 'winston',
};

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

const sentencesOf = (t: string) => t.split(/(?<=[.!?])\s+/).filter((s) => s.trim());

function answer(id: OutsideDetectorId, text: string, p: number): unknown {
  const sents = sentencesOf(text);
  switch (id) {
    case 'gptzero':
      return {
        version: '2025-01-01',
        documents: [
          {
            completely_generated_prob: p,
            average_generated_prob: p,
            predicted_class: p >= 0.5 ? 'ai' : 'human',
            sentences: sents.map((s) => ({ sentence: s, generated_prob: p, perplexity: 20 })),
          },
        ],
      };
    case 'sapling':
      return { score: p, sentence_scores: sents.map((s) => ({ sentence: s, score: p })), text };
    case 'originality':
      return {
        success: true,
        score: { ai: p, original: 1 - p },
        blocks: sents.map((s) => ({ text: s, result: { fake: p, real: 1 - p }, status: 'success' })),
        credits_used: 1,
      };
    case 'winston':
      return {
        status: 200,
        score: Math.round((1 - p) * 10000) / 100,
        sentences: sents.map((s) => ({ text: s, score: Math.round((1 - p) * 10000) / 100 })),
        credits_used: 1,
        credits_remaining: 99,
        version: '4.0',
        language: 'en',
      };
  }
}

function keyOf(id: OutsideDetectorId, req: IncomingMessage, body: Record<string, unknown>): unknown {
  switch (id) {
    case 'gptzero':
      return req.headers['x-api-key'];
    case 'sapling':
      return body.key;
    case 'originality':
      return req.headers['x-oai-api-key'];
    case 'winston':
      return req.headers.authorization?.replace(/^Bearer /, '');
  }
}

export async function startFakeVendors(probability: (text: string) => number = () => 0.9): Promise<FakeVendors> {
  const calls: Record<OutsideDetectorId, number> = { gptzero: 0, sapling: 0, originality: 0, winston: 0 };
  const how = new Map<OutsideDetectorId, { b: FakeBehaviour; retryAfter: number }>();
  const hanging = new Set<import('node:http').ServerResponse>();
  const fake: Partial<FakeVendors> = { calls, probability };
  const server: Server = createServer((req, res) => {
    const id = ROUTES[req.url ?? ''];
    if (!id || req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    void readJson(req).then(
      (body) => {
        calls[id]++;
        const b = how.get(id) ?? { b: 'ok', retryAfter: 0 };
        const json = (status: number, v: unknown, headers: Record<string, string> = {}) =>
          res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(v));
        if (keyOf(id, req, body) !== FAKE_KEY || b.b === 'unauthorized') return json(401, { error: 'Invalid API key' });
        if (b.b === 'rate-limited')
          return json(429, { error: 'Too many requests' }, { 'retry-after': String(b.retryAfter) });
        if (b.b === 'hang') {
          hanging.add(res);
          return;
        }
        if (b.b === 'server-error') return json(500, { error: 'internal' });
        if (b.b === 'malformed')
          return res.writeHead(200, { 'content-type': 'application/json' }).end('{"documents": [');
        const t = body.document ?? body.text ?? body.content;
        const text = typeof t === 'string' ? t : '';
        json(200, answer(id, text, fake.probability!(text)));
      },
      () => res.writeHead(400).end(),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    behave(id: OutsideDetectorId, b: FakeBehaviour, retryAfterSeconds = 30) {
      how.set(id, { b, retryAfter: retryAfterSeconds });
    },
    async close() {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  }) as FakeVendors;
}
