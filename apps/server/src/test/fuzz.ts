/**
 * The fuzz sweep (npm run test:fuzz; a reduced form runs in the unit suite): the built server
 * (`apps/server/dist/index.js`, as `npm start` runs it) on a throw-away PostgreSQL server, or (the reduced
 * form, or without initdb) the product in this process on PGlite, over real HTTP, gets generated bad
 * input (fast-check) on every endpoint listed by
 * listEndpoints: odd path parameters and query strings, JSON of every shape and depth, malformed JSON,
 * forms, broken multipart, text bodies, NUL characters, lone surrogates, huge numbers, very long
 * strings, as a signed-out visitor, a member and an admin; then, per endpoint, NUL in each JSON field and
 * each query parameter (the search's `q` among them) on its own. It checks that no answer is a 5xx or shows a
 * stack trace, and that a refused request (4xx) changed nothing stored (accounts, passwords, plans and
 * balances, history, sessions, two-factor settings, applied payment events, pending email links).
 */
import fc from 'fast-check';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { canStartPostgres, freePort, startPostgres, type TempPostgres } from '../../../../scripts/pg-temp.mjs';
import { openDatabase } from '../db/client';
import { eq, sql } from 'drizzle-orm';
import { subscribers } from '../db/schema';
import { rowsOf } from '../lib/rate-limit';
import { BASE, cookieFrom, createTestProduct, type TestProduct } from './harness';
import { fillPath, listEndpoints, type Endpoint } from './routes';

export interface FuzzFigures {
  endpoints: number;
  cases: number;
  statuses: Record<string, number>;
  fiveXx: number;
  stackTraces: number;
  refusals: number;
  refusalsThatChangedState: number;
  failures: string[];
  seconds: number;
  /** 'bundle': the built server as its own process; 'in-process': the app served from this process. */
  target: 'bundle' | 'in-process';
  /** Cases with NUL in one JSON field or query parameter. */
  nulCases: number;
}

const FIELDS = [
  'text',
  'mode',
  'word_count',
  'useSecondPrompt',
  'planTier',
  'billingPeriod',
  'transformation_id',
  'words_used',
  'email',
  'password',
  'name',
  'token',
  'callbackURL',
  'scope',
  'newPassword',
  'currentPassword',
  'newEmail',
  'code',
  'confirmEmail',
  'provider',
  'session',
  'plan',
  'event_type',
  'data',
  'redirectTo',
  'trustDevice',
  'rememberMe',
  'image',
  'days',
  'cursor',
  'limit',
  'sessionToken',
  'idToken',
];
const QUERY_KEYS = [
  'q',
  'cursor',
  'limit',
  'email',
  'session',
  'token',
  'days',
  'done',
  '_ptxn',
  'callbackURL',
  'error',
  'id',
  'state',
  'code',
];

const evilString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b@example.com',
    '\ud800',
    'x\udc00y',
    '\u200b'.repeat(200),
    'ｅｘａｍｐｌｅ',
    '../../etc/passwd',
    '%00',
    '%2e%2e%2f',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '+275760-09-13T00:00:00.000Z',
    '-271821-04-20',
    '1e309',
    'NaN',
    '-1',
    '0',
    '9'.repeat(40),
    'null',
    '[]',
    '{}',
    'x'.repeat(5000),
    'deep',
    'lightning',
    'Pro',
    'monthly',
    'global',
    'google',
    'admin@example.com',
    'javascript:alert(1)',
    'https://evil.example/',
    '//evil.example',
    'txn_01abc',
    'pri_sandbox_pro_monthly',
  ),
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: evilString },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 2 ** 31, 1e308),
  fc.jsonValue({ maxDepth: 3 }),
);

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; type: string; raw: string }
  | { kind: 'deep'; depth: number; open: string };

const bodyArb: fc.Arbitrary<Body> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .dictionary(fc.constantFrom(...FIELDS), anyValue, { maxKeys: 6 })
      .map((value): Body => ({ kind: 'json', value })),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value): Body => ({ kind: 'json', value })) },
  fc.string({ maxLength: 60 }).map((raw): Body => ({ kind: 'raw', type: 'application/json', raw })),
  fc
    .constantFrom(
      '{"email":',
      '{"text":"a"',
      '[',
      '{"a":1}}',
      '\u0000',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{}}}',
    )
    .map((raw): Body => ({ kind: 'raw', type: 'application/json', raw })),
  fc
    .record({ depth: fc.integer({ min: 50, max: 30_000 }), open: fc.constantFrom('[', '{"a":') })
    .map((d): Body => ({ kind: 'deep', ...d })),
  fc.dictionary(fc.constantFrom(...FIELDS), evilString, { maxKeys: 4 }).map((o): Body => ({
    kind: 'raw',
    type: 'application/x-www-form-urlencoded',
    raw: new URLSearchParams(o).toString(),
  })),
  fc
    .tuple(
      fc.constantFrom('multipart/form-data; boundary=xyz', 'multipart/form-data', 'multipart/form-data; boundary='),
      fc.constantFrom('--xyz\r\nContent-Disposition: form-data; name="session"\r\n\r\nabc', 'garbage', '--xyz--', ''),
    )
    .map(([type, raw]): Body => ({ kind: 'raw', type, raw })),
  fc.string({ maxLength: 60 }).map((raw): Body => ({ kind: 'raw', type: 'text/plain', raw })),
  fc.constant<Body>({ kind: 'none' }),
);

const caseArb = fc.record({
  who: fc.constantFrom('anonymous', 'member', 'admin'),
  param: evilString,
  query: fc.dictionary(fc.constantFrom(...QUERY_KEYS), evilString, { maxKeys: 3 }),
  body: bodyArb,
  ownOrigin: fc.boolean(),
});
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

function encodeBody(b: Body): { type?: string; raw?: string } {
  if (b.kind === 'none') return {};
  if (b.kind === 'json') return { type: 'application/json', raw: JSON.stringify(b.value) ?? 'null' };
  if (b.kind === 'deep')
    return {
      type: 'application/json',
      raw: `${b.open.repeat(b.depth)}1${(b.open === '[' ? ']' : '}').repeat(b.depth)}`,
    };
  return { type: b.type, raw: b.raw };
}

/** A digest of what a refused request must never change. */
async function stateDigest(t: TestProduct): Promise<string> {
  const q = async (s: ReturnType<typeof sql>) => JSON.stringify(rowsOf(await t.deps.db.execute(s)));
  const parts = await Promise.all([
    q(sql`SELECT id, email, name, email_verified, two_factor_enabled FROM "user" ORDER BY id`),
    q(sql`SELECT id, user_id, provider_id, password FROM account ORDER BY id`),
    q(
      sql`SELECT user_id, subscription_tier, monthly_word_balance, subscription_end, subscription_cancelled_at, cancellation_end_date, paddle_customer_id, paddle_subscription_id, billing_period FROM subscribers ORDER BY user_id`,
    ),
    q(sql`SELECT count(*)::int AS n, max(created_at)::text AS last FROM transformations`),
    q(sql`SELECT user_id, count(*)::int AS n FROM session GROUP BY user_id ORDER BY user_id`),
    q(sql`SELECT user_id, secret FROM two_factor ORDER BY user_id`),
    q(sql`SELECT count(*)::int AS n FROM processed_webhook_events`),
    q(sql`SELECT count(*)::int AS n FROM verification`),
  ]);
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}

const STACK = /\n\s+at\s+\S+\s+\(|node_modules\/|\bat async\b/;
/** Requests after which the member's session may be gone (sign-out, revocation) and is renewed. */
const SESSION_RISK = /sign-out|revoke|delete-user|change-password|reset-password|two-factor|update-session/;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The built server on `databaseUrl`, as its own process; resolves once /readyz answers 200. */
async function startBundle(databaseUrl: string): Promise<{ origin: string; child: ChildProcess; out: () => string }> {
  const b = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
  if (b.status !== 0) throw new Error(`building the server failed: ${b.stderr}`);
  const port = await freePort();
  const child = spawn(process.execPath, ['apps/server/dist/index.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: BASE,
      DATABASE_URL: databaseUrl,
      RATE_LIMITS: 'off',
      ADMIN_EMAILS: 'fuzz-admin@example.com',
      LOG_LEVEL: 'error',
      ENGINE_POOL_SIZE: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += String(d)));
  child.stderr.on('data', (d) => (out += String(d)));
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the built server exited: ${out}`);
    const r = await fetch(`${origin}/readyz`).catch(() => null);
    if (r?.status === 200) return { origin, child, out: () => out };
    await new Promise((res) => setTimeout(res, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the built server did not start: ${out}`);
}

/**
 * NUL in one field or one query parameter at a time. `every`: each field on every endpoint; otherwise a
 * few per endpoint, rotating so every field and parameter is still sent somewhere.
 */
function nulCases(endpointIndex: number, every: boolean): Case[] {
  const nul = 'a\u0000b';
  const keys = [...FIELDS.map((f) => ({ f })), ...QUERY_KEYS.map((q) => ({ q }))];
  const picked = every ? keys : [0, 1, 2].map((k) => keys[(endpointIndex * 3 + k) % keys.length]!);
  return picked.map((k) => ({
    who: 'member' as const,
    param: 'x',
    query: 'q' in k ? { [k.q]: nul } : {},
    body: 'f' in k ? { kind: 'json', value: { [k.f]: nul } } : { kind: 'none' },
    ownOrigin: true,
  }));
}

export async function runFuzz(opts: {
  casesPerEndpoint: number;
  seed?: number;
  log?: (s: string) => void;
  /** Fuzz the built server in its own process on PostgreSQL (needs initdb/pg_ctl). */
  bundle?: boolean;
  /** NUL in every field on every endpoint (default), or a rotating few per endpoint. */
  everyNulField?: boolean;
}): Promise<FuzzFigures> {
  const started = Date.now();
  const useBundle = !!opts.bundle && canStartPostgres();
  let pgServer: TempPostgres | undefined;
  let bundle: Awaited<ReturnType<typeof startBundle>> | undefined;
  let server: ReturnType<typeof serve> | undefined;
  let t: TestProduct;
  let origin: string;
  if (useBundle) {
    pgServer = await startPostgres({ maxConnections: 60 });
    // The same database under this process's product: it signs users up and reads the state digests.
    t = await createTestProduct({
      env: { RATE_LIMITS: 'off', ADMIN_EMAILS: 'fuzz-admin@example.com' },
      database: await openDatabase({ url: pgServer.url, onConnectionError: () => {} }),
    });
    bundle = await startBundle(pgServer.url);
    origin = bundle.origin;
  } else {
    t = await createTestProduct({ env: { RATE_LIMITS: 'off', ADMIN_EMAILS: 'fuzz-admin@example.com' } });
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    server = s;
    await new Promise<void>((r) => s.once('listening', () => r()));
    origin = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  }
  const figures: FuzzFigures = {
    endpoints: 0,
    cases: 0,
    statuses: {},
    fiveXx: 0,
    stackTraces: 0,
    refusals: 0,
    refusalsThatChangedState: 0,
    failures: [],
    seconds: 0,
    target: useBundle ? 'bundle' : 'in-process',
    nulCases: 0,
  };
  try {
    const member = await t.newUser('fuzz-member@example.com');
    const admin = await t.newUser('fuzz-admin@example.com');
    const cookies: Record<Case['who'], string> = { anonymous: '', member: member.cookie, admin: admin.cookie };
    // A paid account's API key goes with every request to the MCP server, so its messages are fuzzed past the
    // key check (without one every answer there is the key's 401).
    const keyOwner = await t.newUser('fuzz-key@example.com');
    await t.deps.db
      .update(subscribers)
      .set({ subscription_tier: 'Pro', subscribed: true, monthly_word_balance: 15_000 })
      .where(eq(subscribers.user_id, keyOwner.id));
    const made = await t.req('/api/api-keys', { body: { name: 'fuzz' }, cookie: keyOwner.cookie });
    if (made.status !== 201) throw new Error(`setup: api key answered ${made.status}`);
    const apiKey = ((await made.json()) as { secret: string }).secret;
    const renew = async (who: 'member' | 'admin', email: string) => {
      const me = (await (await t.req('/api/me', { cookie: cookies[who] })).json()) as { user: unknown };
      if (me.user) return;
      const r = await t.req('/api/auth/sign-in/email', { body: { email, password: 'password123' } });
      cookies[who] = cookieFrom(r);
    };
    const endpoints = listEndpoints(t);
    figures.endpoints = endpoints.length;
    let digest = await stateDigest(t);
    let i = 0;
    for (const ep of endpoints) {
      const nul = nulCases(i, opts.everyNulField ?? true);
      figures.nulCases += nul.length;
      const samples = [
        ...fc.sample(caseArb, { numRuns: opts.casesPerEndpoint, seed: (opts.seed ?? 42) + i++ }),
        ...nul,
      ];
      for (const c of samples) {
        const res = await send(origin, ep, c, cookies[c.who], apiKey);
        figures.cases++;
        figures.statuses[res.status] = (figures.statuses[res.status] ?? 0) + 1;
        const what = `${ep.method} ${ep.path} as ${c.who} ${JSON.stringify({ query: c.query, body: encodeBody(c.body).raw?.slice(0, 120), type: encodeBody(c.body).type })}`;
        if (res.status >= 500) {
          figures.fiveXx++;
          figures.failures.push(`${res.status} ${what}: ${res.text.slice(0, 200)}`);
        }
        if (STACK.test(res.text)) {
          figures.stackTraces++;
          figures.failures.push(`stack trace in ${what}`);
        }
        const after = await stateDigest(t);
        if (res.status >= 400 && res.status < 500) {
          figures.refusals++;
          if (after !== digest) {
            figures.refusalsThatChangedState++;
            figures.failures.push(`state changed on refusal ${res.status} ${what}: ${res.text.slice(0, 200)}`);
          }
        }
        digest = after;
        if (res.status < 400 && SESSION_RISK.test(ep.path)) {
          await renew('member', member.email);
          await renew('admin', admin.email);
          digest = await stateDigest(t);
        }
      }
      opts.log?.(`${ep.method.padEnd(7)} ${ep.path}`);
    }
  } finally {
    if (server) await new Promise<void>((r) => server.close(() => r()));
    if (bundle) {
      const exited = new Promise((r) => bundle.child.once('exit', r));
      bundle.child.kill('SIGTERM');
      await exited;
    }
    await t.close();
    pgServer?.stop();
  }
  figures.seconds = Math.round((Date.now() - started) / 100) / 10;
  return figures;
}

async function send(
  origin: string,
  ep: Endpoint,
  c: Case,
  cookie: string,
  apiKey: string,
): Promise<{ status: number; text: string }> {
  const url = new URL(fillPath(ep.path, { id: c.param, token: c.param }), origin);
  for (const [k, v] of Object.entries(c.query)) url.searchParams.set(k, v);
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (ep.path === '/mcp') {
    headers.authorization = `Bearer ${apiKey}`;
    headers.accept = 'application/json, text/event-stream';
  }
  if (c.ownOrigin) headers.origin = BASE;
  const withBody = ep.method !== 'GET' && ep.method !== 'HEAD' && ep.method !== 'OPTIONS';
  const { type, raw } = withBody ? encodeBody(c.body) : {};
  if (type) headers['content-type'] = type;
  const res = await fetch(url, { method: ep.method, headers, body: raw, redirect: 'manual' });
  return { status: res.status, text: await res.text() };
}

export function formatFuzz(f: FuzzFigures): string {
  const statuses = Object.entries(f.statuses)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  return [
    `fuzz (${f.target === 'bundle' ? 'the built server, PostgreSQL' : 'in this process, PGlite'}): ${f.cases} cases over ${f.endpoints} endpoints in ${f.seconds} s, ${f.nulCases} of them NUL in one field or query parameter`,
    `statuses: ${statuses}`,
    `5xx: ${f.fiveXx}   stack traces: ${f.stackTraces}   refusals: ${f.refusals}   refusals that changed state: ${f.refusalsThatChangedState}`,
    ...f.failures.slice(0, 30).map((x) => `  FAIL ${x}`),
  ].join('\n');
}
