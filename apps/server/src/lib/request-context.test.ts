/**
 * Request ids and log lines in-process: an id from the proxy is kept, a missing or implausible one is
 * made here; the id is in the response header and on every line logged while the request is served
 * (text lines in development, JSON with LOG_FORMAT=json). /healthz and /readyz, including draining.
 */
import { apiErrorResponse } from '@plainspoken/shared';
import { testClient } from 'hono/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, type TestProduct } from '../test/harness';
import { createLogger, formatLine } from './logger';
import { withRequestId } from './request-id';

describe('request ids, log lines and probes', () => {
  let t: TestProduct;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestProduct({ logger: createLogger('debug', 'json', (l) => lines.push(l)) });
  });
  afterAll(async () => t.close());

  it('keeps a plausible X-Request-Id, replaces an implausible one, and logs the request under it', async () => {
    const kept = await t.req('/api/does-not-exist', { headers: { 'x-request-id': 'proxy-id-42' } });
    expect(kept.headers.get('x-request-id')).toBe('proxy-id-42');
    const made = await t.req('/api/does-not-exist', { headers: { 'x-request-id': 'bad id with spaces\n' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const none = await testClient(t.app).api.config.$get();
    expect(none.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const logged = lines.map(
      (l) => JSON.parse(l) as { msg: string; requestId?: string; path?: string; status?: number },
    );
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: 'request', requestId: 'proxy-id-42', path: '/api/does-not-exist', status: 404 }),
    );
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: 'request', requestId: made.headers.get('x-request-id') }),
    );
  });

  it('writes readable text lines in development and JSON lines otherwise, both with the request id', () => {
    const t0 = new Date('2026-01-02T03:04:05.000Z');
    const text = withRequestId('abc', () =>
      formatLine('text', 'warn', 'database unavailable', { path: '/api/x', error: 'connect ECONNREFUSED' }, t0),
    );
    expect(text).toBe(
      '2026-01-02T03:04:05.000Z WARN  database unavailable requestId=abc path=/api/x error="connect ECONNREFUSED"',
    );
    const json: unknown = JSON.parse(withRequestId('abc', () => formatLine('json', 'info', 'hello', { n: 1 }, t0)));
    expect(json).toEqual({ t: '2026-01-02T03:04:05.000Z', level: 'info', msg: 'hello', requestId: 'abc', n: 1 });
    expect(JSON.parse(formatLine('json', 'info', 'outside a request'))).not.toHaveProperty('requestId');
  });

  it('/healthz says alive, /readyz says ready while the database answers and 503 with Retry-After while draining', async () => {
    const probes = testClient(t.app);
    expect((await probes.healthz.$get()).status).toBe(200);
    const ready = await probes.readyz.$get();
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ok: true });
    t.deps.lifecycle!.draining = true;
    const draining = await probes.readyz.$get();
    expect(draining.status).toBe(503);
    expect(draining.headers.get('retry-after')).toMatch(/^\d+$/);
    t.deps.lifecycle!.draining = false;
  });

  it('answers 503 with Retry-After, not 500, once the database is closed (PGlite closed)', async () => {
    const other = await createTestProduct();
    const client = testClient(other.app);
    const u = await other.newUser();
    expect(await (await client.api.health.$get()).json()).toMatchObject({ ok: true });
    await other.deps.database.close();
    // /api/health checks the database too, and says why it is not ok.
    const health = await client.api.health.$get();
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await health.json()).toMatchObject({ ok: false, reason: expect.stringMatching(/database/) as unknown });
    const r = await client.api.functions['check-balance'].$post(
      { json: { word_count: 60 } },
      { headers: { cookie: u.cookie } },
    );
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
    // AppType types the route's success only; the refusal comes from the error handler.
    expect(apiErrorResponse.parse(await r.json()).error.code).toBe('UNAVAILABLE');
    expect((await client.readyz.$get()).status).toBe(503);
    expect((await client.healthz.$get()).status).toBe(200);
  });
});
