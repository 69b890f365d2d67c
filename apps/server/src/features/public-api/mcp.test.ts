import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { serve } from '@hono/node-server';
import { testClient } from 'hono/testing';
import { z } from 'zod';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  API_KEY_LIMITS,
  API_MSG,
  apiDetectResponse,
  apiErrorResponse,
  apiHumanizeResponse,
  apiUsageResponse,
  limitsFor,
} from '@plainspoken/shared';
import { subscribers, transformations } from '../../db/schema';
import { createTestProduct, inlineEngine, type TestProduct } from '../../test/harness';

const words = (n: number, salt = '') => Array.from({ length: n }, (_, i) => `word${i % 37}${salt}`).join(' ');
type User = { id: string; cookie: string };
/** A tool's answer as the SDK's client hands it back. */
const toolResult = z.object({
  isError: z.boolean().optional(),
  content: z.array(z.object({ type: z.literal('text'), text: z.string() })),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
});

/**
 * The MCP server with the SDK's own client over real HTTP (the app listening on a port the system gave),
 * each call compared with what `/v1` does for the same key: the same words charged, the same refusals.
 */
describe('MCP server (POST /mcp)', () => {
  let t: TestProduct;
  let engine: ReturnType<typeof inlineEngine>;
  let server: ReturnType<typeof serve>;
  let origin: string;
  const clock = { t: Date.UTC(2026, 10, 2, 9) };
  const clients: Client[] = [];

  async function connect(secret: string | null): Promise<Client> {
    const client = new Client({ name: 'plainspoken-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${origin}/mcp`), {
      requestInit: secret === null ? {} : { headers: { Authorization: `Bearer ${secret}` } },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }
  async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
    return toolResult.parse(await client.callTool({ name, arguments: args }));
  }
  /** A tool error's text: `/v1`'s error body. */
  const toolError = (r: z.infer<typeof toolResult>) => {
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toBeUndefined();
    return apiErrorResponse.parse(JSON.parse(r.content[0]!.text));
  };
  async function paidUser(tier: 'Basic' | 'Pro', balance: number): Promise<User & { secret: string }> {
    const u = await t.newUser();
    await setPlan(u, tier, balance);
    const r = await testClient(t.app).api['api-keys'].$post(
      { json: { name: 'MCP' } },
      { headers: { cookie: u.cookie } },
    );
    expect(r.status).toBe(201);
    return { ...u, secret: (await r.json()).secret };
  }
  async function setPlan(u: User, tier: 'FREE' | 'Basic' | 'Pro', balance: number) {
    await t.deps.db
      .update(subscribers)
      .set({ subscription_tier: tier, subscribed: tier !== 'FREE', monthly_word_balance: balance })
      .where(eq(subscribers.user_id, u.id));
  }
  const balanceOf = async (u: User) =>
    (await t.deps.db.select().from(subscribers).where(eq(subscribers.user_id, u.id)))[0]!.monthly_word_balance;
  const historyOf = async (u: User) =>
    (await t.deps.db.select().from(transformations).where(eq(transformations.user_id, u.id))).length;
  const v1 = (secret: string, path: string, body?: unknown) =>
    t.req(path, { method: body === undefined ? 'GET' : 'POST', body, headers: { authorization: `Bearer ${secret}` } });

  beforeAll(async () => {
    engine = inlineEngine();
    // Rate limits on (the harness's default), on a clock the test moves.
    t = await createTestProduct({ engine, now: () => new Date(clock.t) });
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    server = s;
    await new Promise<void>((r) => s.once('listening', () => r()));
    origin = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    await new Promise<void>((r) => server.close(() => r()));
    await t.close();
  });

  it('lists the three tools with typed input and output, and says what the product does not promise', async () => {
    const u = await paidUser('Pro', 15_000);
    const client = await connect(u.secret);
    expect(client.getServerVersion()?.name).toBe('plainspoken');
    expect(client.getInstructions()).toMatch(/no result is guaranteed to pass any other detector/);
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual(['check_ai_text', 'get_usage', 'humanize_text']);
    const tool = (name: string) => tools.find((x) => x.name === name)!;
    expect(Object.keys(tool('humanize_text').inputSchema.properties ?? {}).sort()).toEqual(
      ['idempotencyKey', 'keep', 'mode', 'readingLevel', 'text', 'tone'].sort(),
    );
    expect(tool('humanize_text').inputSchema.required?.sort()).toEqual(['mode', 'text']);
    expect(tool('check_ai_text').inputSchema.required).toEqual(['text']);
    for (const x of tools) expect(x.outputSchema?.type).toBe('object');
    expect(tool('humanize_text').description).toMatch(/not guaranteed to pass any other AI detector/);
    expect(tool('humanize_text').description).toMatch(/changes wording, not meaning/);
    expect(tool('check_ai_text').description).toMatch(/an estimate, not proof/);
    expect(tool('check_ai_text').annotations?.readOnlyHint).toBe(true);
  });

  it('humanizes charged exactly as /v1 is, saved to history, seen by get_usage; a retry with its key is charged once', async () => {
    const viaMcp = await paidUser('Pro', 15_000);
    const viaV1 = await paidUser('Pro', 15_000);
    const text = words(80);
    const client = await connect(viaMcp.secret);
    const r = await call(client, 'humanize_text', {
      text,
      mode: 'lightning',
      keep: ['word3'],
      idempotencyKey: 'mcp-1',
    });
    expect(r.isError).toBeFalsy();
    const out = apiHumanizeResponse.parse(r.structuredContent);
    expect(JSON.parse(r.content[0]!.text)).toEqual(r.structuredContent);
    const direct = apiHumanizeResponse.parse(
      await (await v1(viaV1.secret, '/v1/humanize', { text, mode: 'lightning', keep: ['word3'] })).json(),
    );
    expect(out.words_charged).toBe(80);
    expect(out.words_charged).toBe(direct.words_charged);
    expect(out.remaining_balance).toBe(direct.remaining_balance);
    expect(out.humanized_text).toBe(direct.humanized_text);
    expect(await balanceOf(viaMcp)).toBe(15_000 - 80);
    expect(await historyOf(viaMcp)).toBe(1);
    expect(out.transformation_id).not.toBeNull();

    // The same key and arguments again: the first answer, nothing charged or run again.
    const runs = engine.calls.length;
    const again = await call(client, 'humanize_text', {
      text,
      mode: 'lightning',
      keep: ['word3'],
      idempotencyKey: 'mcp-1',
    });
    expect(apiHumanizeResponse.parse(again.structuredContent)).toEqual(out);
    expect(engine.calls.length).toBe(runs);
    expect(await balanceOf(viaMcp)).toBe(15_000 - 80);
    // The same key with other arguments: /v1's refusal.
    const reused = toolError(
      await call(client, 'humanize_text', { text: words(90), mode: 'lightning', idempotencyKey: 'mcp-1' }),
    );
    expect(reused.error).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: API_MSG.idempotencyReused });

    const usage = await call(client, 'get_usage');
    expect(apiUsageResponse.parse(usage.structuredContent)).toEqual(
      await (await v1(viaMcp.secret, '/v1/usage')).json(),
    );
    expect(usage.structuredContent).toMatchObject({ plan: 'Pro', balance: 15_000 - 80, request_limit: 1_500 });
  });

  it('checks a text for free, with the same answer as /v1/detect', async () => {
    const u = await paidUser('Basic', 5_000);
    const client = await connect(u.secret);
    const text = words(70, 'c');
    const r = await call(client, 'check_ai_text', { text });
    expect(r.isError).toBeFalsy();
    const out = apiDetectResponse.parse(r.structuredContent);
    expect(out).toEqual(await (await v1(u.secret, '/v1/detect', { text })).json());
    expect(out.words).toBe(70);
    expect(await balanceOf(u)).toBe(5_000);
  });

  it('refuses a missing, unknown or revoked key with /v1’s 401 before any tool', async () => {
    const u = await paidUser('Pro', 15_000);
    const refusal = async (secret: string | null) => {
      const e: unknown = await connect(secret).then(
        () => null,
        (x: unknown) => x,
      );
      expect(e).toBeInstanceOf(Error);
      expect(e).toMatchObject({ code: 401 });
      return (e as Error).message;
    };
    expect(await refusal(null)).toContain(API_MSG.missingKey);
    expect(await refusal(`${u.secret.slice(0, -3)}xyz`)).toContain(API_MSG.unknownKey);
    const raw = await fetch(`${origin}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(raw.status).toBe(401);
    expect(raw.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(apiErrorResponse.parse(await raw.json()).error.code).toBe('UNAUTHORIZED');
    await testClient(t.app).api['api-keys'][':id'].$delete(
      {
        param: {
          id: (await (await testClient(t.app).api['api-keys'].$get({}, { headers: { cookie: u.cookie } })).json())
            .keys[0]!.id,
        },
      },
      { headers: { cookie: u.cookie } },
    );
    expect(await refusal(u.secret)).toContain(API_MSG.revokedKey);
  });

  it('a Free-plan key gets /v1’s PLAN_REQUIRED from every tool, and nothing is charged', async () => {
    const u = await paidUser('Pro', 250);
    await setPlan(u, 'FREE', 250);
    const client = await connect(u.secret);
    const text = words(60);
    const direct = apiErrorResponse.parse(
      await (await v1(u.secret, '/v1/humanize', { text, mode: 'lightning' })).json(),
    );
    expect(direct.error.code).toBe('PLAN_REQUIRED');
    const runs = engine.calls.length;
    expect(toolError(await call(client, 'humanize_text', { text, mode: 'lightning' }))).toEqual(direct);
    expect(toolError(await call(client, 'check_ai_text', { text }))).toEqual(direct);
    expect(toolError(await call(client, 'get_usage'))).toEqual(direct);
    expect(direct.error.message).toBe(API_MSG.apiNeedsPaidPlan);
    expect(engine.calls.length).toBe(runs);
    expect(await balanceOf(u)).toBe(250);
    expect(await historyOf(u)).toBe(0);
  });

  it("refuses a text over the plan's words per request as /v1 does, nothing charged", async () => {
    const u = await paidUser('Basic', 5_000);
    const client = await connect(u.secret);
    const text = words(limitsFor('Basic').requestCap + 1);
    const direct = apiErrorResponse.parse(
      await (await v1(u.secret, '/v1/humanize', { text, mode: 'lightning' })).json(),
    );
    expect(direct.error.code).toBe('WORD_LIMIT_EXCEEDED');
    const runs = engine.calls.length;
    expect(toolError(await call(client, 'humanize_text', { text, mode: 'lightning' }))).toEqual(direct);
    const short = toolError(await call(client, 'humanize_text', { text: words(10), mode: 'deep' }));
    expect(short.error.code).toBe('MIN_WORDS');
    // Arguments outside the tool's schema: the SDK's own tool error, before any work.
    const bad = await call(client, 'humanize_text', { text, mode: 'fast' });
    expect(bad.isError).toBe(true);
    expect(bad.content[0]!.text).toMatch(/Input validation error/);
    expect(engine.calls.length).toBe(runs);
    expect(await balanceOf(u)).toBe(5_000);
    expect(await historyOf(u)).toBe(0);
  });

  it("shares the key's per-minute rate with /v1: over it, RATE_LIMITED and nothing charged or run", async () => {
    const u = await paidUser('Basic', 5_000);
    const client = await connect(u.secret);
    const minute = API_KEY_LIMITS.Basic.requestsPerMinute;
    const body = { text: words(50, 'r'), mode: 'lightning' };
    // The minute's rewrites: half through /v1, half through the tool.
    for (let i = 0; i < minute; i++) {
      if (i % 2) expect((await v1(u.secret, '/v1/humanize', body)).status, `request ${i + 1}`).toBe(200);
      else expect((await call(client, 'humanize_text', body)).isError, `request ${i + 1}`).toBeFalsy();
    }
    const balance = await balanceOf(u);
    expect(balance).toBe(5_000 - minute * 50);
    const runs = engine.calls.length;
    const over = toolError(await call(client, 'humanize_text', body));
    expect(over.error).toMatchObject({
      code: 'RATE_LIMITED',
      message: API_MSG.rateLimited(minute, 'rewrites', 60),
      retryAfter: 60,
      details: { limit: 'requests_per_minute', max: minute },
    });
    expect(engine.calls.length).toBe(runs);
    expect(await balanceOf(u)).toBe(balance);
    // Checks are counted on their own; and once the minute is over, rewrites run again.
    expect((await call(client, 'check_ai_text', { text: body.text })).isError).toBeFalsy();
    clock.t += 61_000;
    expect((await call(client, 'humanize_text', body)).isError).toBeFalsy();
    expect(await balanceOf(u)).toBe(balance - 50);
  });

  it('answers what is not an MCP message with a 4xx, never a 500', async () => {
    const u = await paidUser('Pro', 15_000);
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${origin}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${u.secret}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body,
      });
    expect((await post('{"jsonrpc":')).status).toBe(400);
    expect((await post('{"not":"a message"}')).status).toBe(400);
    expect(
      (await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), { accept: 'text/html' })).status,
    ).toBe(406);
    expect((await post('x'.repeat(t.deps.env.BODY_LIMIT_BYTES + 10))).status).toBe(413);
    const cross = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), {
      origin: 'https://evil.example',
    });
    expect(cross.status).toBe(403);
    const get = await fetch(`${origin}/mcp`, { headers: { authorization: `Bearer ${u.secret}` } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});
