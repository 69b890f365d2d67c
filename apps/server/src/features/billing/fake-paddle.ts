/**
 * A fake of the three Paddle API calls billing makes, served over real HTTP on 127.0.0.1 so tests go
 * through the same fetch adapter as production. It records requests and can be told to fail.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export interface FakePaddle {
  baseUrl: string;
  requests: FakeRequest[];
  /** The next responses answer with this status and a Paddle error body. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function startFakePaddle(apiKey: string): Promise<FakePaddle> {
  const requests: FakeRequest[] = [];
  let failing: number | null = null;
  let seq = 0;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const path = (req.url ?? '/').split('?')[0]!;
      requests.push({ method: req.method ?? 'GET', path, authorization: req.headers.authorization, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const meta = { request_id: `req_${++seq}` };
      if (req.headers.authorization !== `Bearer ${apiKey}`)
        return send(403, { error: { type: 'request_error', code: 'forbidden', detail: 'bad API key' }, meta });
      if (failing)
        return send(failing, { error: { type: 'api_error', code: 'internal_error', detail: 'fake failure' }, meta });
      let m: RegExpExecArray | null;
      if (req.method === 'POST' && path === '/transactions') {
        const id = `txn_fake_${seq}`;
        return send(201, {
          data: {
            id,
            status: 'ready',
            custom_data: body.custom_data,
            checkout: { url: `https://pay.example.test/checkout?_ptxn=${id}` },
          },
          meta,
        });
      }
      if (req.method === 'POST' && (m = /^\/customers\/([^/]+)\/portal-sessions$/.exec(path))) {
        const customer = decodeURIComponent(m[1]!);
        return send(201, {
          data: {
            id: `cpls_fake_${seq}`,
            customer_id: customer,
            urls: { general: { overview: `https://portal.example.test/${customer}/overview` }, subscriptions: [] },
            created_at: new Date().toISOString(),
          },
          meta,
        });
      }
      // A plan change, prorated immediately: the preview prices it as Paddle does (a fixed half period left).
      if (req.method === 'PATCH' && (m = /^\/subscriptions\/([^/]+)\/preview$/.exec(path))) {
        return send(200, {
          data: {
            id: decodeURIComponent(m[1]!),
            status: 'active',
            items: body.items,
            next_billed_at: '2030-01-31T00:00:00Z',
            update_summary: {
              credit: { amount: '999', currency_code: 'USD' },
              charge: { amount: '1999', currency_code: 'USD' },
              result: { action: 'charge', amount: '1000', currency_code: 'USD' },
            },
            immediate_transaction: { details: { totals: { grand_total: '1000' } } },
            recurring_transaction_details: { totals: { grand_total: '3999' } },
          },
          meta,
        });
      }
      if (req.method === 'PATCH' && (m = /^\/subscriptions\/([^/]+)$/.exec(path))) {
        return send(200, { data: { id: decodeURIComponent(m[1]!), status: 'active', items: body.items }, meta });
      }
      if (req.method === 'POST' && (m = /^\/subscriptions\/([^/]+)\/cancel$/.exec(path))) {
        return send(200, { data: { id: decodeURIComponent(m[1]!), status: 'canceled' }, meta });
      }
      send(404, {
        error: { type: 'request_error', code: 'not_found', detail: `no route ${req.method} ${path}` },
        meta,
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    failWith: (s) => {
      failing = s;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
