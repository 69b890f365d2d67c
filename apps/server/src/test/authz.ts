/**
 * The authorization sweep (npm run test:authz; the same sweep runs in the unit suite): every endpoint
 * listEndpoints finds × {signed out, user A, user B, admin}, each request aimed at user A's things (A's
 * history entry, A's sandbox checkout and portal links, A's session token, A's address, A's id). From
 * an address that is not the server's own machine, so loopback-only pages are judged as from outside.
 * It fails when:
 * - anyone but A (and an admin on an admin endpoint) gets an answer carrying A's private data: A's
 *   history text, A's session token, A's address or id where the request did not name them;
 * - anyone but A changes A's stored state (account, password, plan and balance, history, sessions,
 *   two-factor) — the admin only through an admin endpoint;
 * - an admin endpoint (/api/admin/*, the expiry run, the outbox and test clock, the webhook's test
 *   event) answers 2xx to anyone but the admin.
 * The public API (/v1/*) and the MCP server (/mcp, a rewrite tool call) are called with each caller's own API key (A and B are on a paid plan, each
 * with a key; the admin has none), so a key is tried against the other user's things: A's history id,
 * A's key id (revoking it as B), and A's key secret must never appear in another caller's answer.
 * It checks itself too: A's own requests must show A's history text where the endpoint returns it, or
 * the leak check would be proving nothing.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../lib/rate-limit';
import { cookieFrom, createTestProduct } from './harness';
import { fillPath, listEndpoints, type Endpoint } from './routes';

export type Who = 'signed out' | 'user A' | 'user B' | 'admin';
export const WHO: Who[] = ['signed out', 'user A', 'user B', 'admin'];

export interface AuthzFigures {
  endpoints: number;
  requests: number;
  matrix: { endpoint: string; cells: Record<Who, number> }[];
  crossUserReads: string[];
  crossUserWrites: string[];
  adminReachable: string[];
  ownReadsSeen: number;
  /** A's own requests that changed A's state: proof the state check can see a change. */
  ownWritesSeen: number;
  /** /v1/* answers 2xx to A's and B's own API keys: proof the keys were really used. */
  apiKeyCallsOk: number;
  seconds: number;
}

const ADMIN_ONLY = (ep: Endpoint) =>
  ep.path.startsWith('/api/admin/') ||
  ep.path.startsWith('/api/dev/') ||
  ep.path.startsWith('/dev/') ||
  ep.path === '/api/functions/process-expired-subscriptions';

/** Endpoints called with the caller's API key: the public API and the MCP server. */
const isKeyed = (ep: Endpoint) => ep.path.startsWith('/v1/') || ep.path === '/mcp';

/** Endpoints that end the caller's own sessions: run last for each caller, who then signs in again. */
const ENDS_SESSIONS = /sign-out|revoke-sessions|revoke-other-sessions|delete-user|update-session/;

const OUTSIDE_IP = '203.0.113.50';

export async function runAuthz(opts: { log?: (s: string) => void } = {}): Promise<AuthzFigures> {
  const started = Date.now();
  // Development mode: the outbox is judged as deployed outside tests (admin only); NODE_ENV=test opens it.
  const t = await createTestProduct({
    env: { NODE_ENV: 'development', RATE_LIMITS: 'off', ADMIN_EMAILS: 'authz-admin@example.com' },
  });
  const figures: AuthzFigures = {
    endpoints: 0,
    requests: 0,
    matrix: [],
    crossUserReads: [],
    crossUserWrites: [],
    adminReachable: [],
    ownReadsSeen: 0,
    ownWritesSeen: 0,
    apiKeyCallsOk: 0,
    seconds: 0,
  };
  try {
    const a = await t.newUser('authz-a@example.com');
    const b = await t.newUser('authz-b@example.com');
    const admin = await t.newUser('authz-admin@example.com');
    const MARKER = 'Zqxwv marker of user A only';
    const text = `${MARKER}. ${Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ')}`;
    const h = await t.req('/api/functions/humanize-text', {
      body: { text, mode: 'lightning' },
      cookie: a.cookie,
      ip: OUTSIDE_IP,
    });
    if (h.status !== 200) throw new Error(`setup: humanize answered ${h.status}`);
    const hist = (await (await t.req('/api/transformations', { cookie: a.cookie })).json()) as
      { items?: { id: string }[]; data?: { id: string }[] } | { id: string }[];
    const items = Array.isArray(hist) ? hist : (hist.items ?? hist.data ?? []);
    const transformationId = items[0]?.id ?? '00000000-0000-4000-8000-000000000000';
    const co = (await (
      await t.req('/api/functions/create-checkout', {
        body: { planTier: 'Pro', billingPeriod: 'monthly' },
        cookie: a.cookie,
      })
    ).json()) as { url: string };
    const checkoutToken = new URL(co.url).searchParams.get('session') ?? 'x';
    // A pays for Pro in the sandbox, so A has a billing portal link too.
    await t.req('/sandbox/checkout/pay', {
      rawBody: new URLSearchParams({ session: checkoutToken }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookie: a.cookie,
      ip: OUTSIDE_IP,
    });
    // B pays too, and A and B each make an API key: /v1/* is called with the caller's own key.
    const coB = (await (
      await t.req('/api/functions/create-checkout', {
        body: { planTier: 'Pro', billingPeriod: 'monthly' },
        cookie: b.cookie,
      })
    ).json()) as { url: string };
    await t.req('/sandbox/checkout/pay', {
      rawBody: new URLSearchParams({ session: new URL(coB.url).searchParams.get('session') ?? 'x' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookie: b.cookie,
      ip: OUTSIDE_IP,
    });
    const makeKey = async (cookie: string, name: string) => {
      const r = await t.req('/api/api-keys', { body: { name }, cookie, ip: OUTSIDE_IP });
      if (r.status !== 201) throw new Error(`setup: api key answered ${r.status}: ${await r.text()}`);
      return (await r.json()) as { key: { id: string }; secret: string };
    };
    const keyA = await makeKey(a.cookie, 'A key');
    const keyB = await makeKey(b.cookie, 'B key');
    const apiKeys: Partial<Record<Who, string>> = { 'user A': keyA.secret, 'user B': keyB.secret };
    const sweepText = Array.from({ length: 60 }, (_, i) => `other${i}`).join(' ');
    const sessionToken = decodeURIComponent(/session_token=([^;.]+)/.exec(a.cookie)?.[1] ?? '');

    // A's password differs from everyone else's, so a request sent as B with "password" is B's own.
    const changed = await t.req('/api/auth/change-password', {
      body: { currentPassword: 'password123', newPassword: 'a-own-pass1' },
      cookie: a.cookie,
      ip: OUTSIDE_IP,
    });
    if (changed.status !== 200) throw new Error(`setup: change-password answered ${changed.status}`);
    const passwords: Record<Who, string> = {
      'signed out': 'password123',
      'user A': 'a-own-pass1',
      'user B': 'password123',
      admin: 'password123',
    };
    const cookies: Record<Who, string> = {
      'signed out': '',
      'user A': a.cookie,
      'user B': b.cookie,
      admin: admin.cookie,
    };
    const emails: Partial<Record<Who, string>> = { 'user A': a.email, 'user B': b.email, admin: admin.email };
    const renew = async (who: Who) => {
      const email = emails[who];
      if (!email) return;
      const me = (await (await t.req('/api/me', { cookie: cookies[who] })).json()) as { user: unknown };
      if (me.user) return;
      cookies[who] = cookieFrom(
        await t.req('/api/auth/sign-in/email', { body: { email, password: passwords[who] }, ip: OUTSIDE_IP }),
      );
    };

    const stateOfA = async () => {
      const q = async (s: ReturnType<typeof sql>) => JSON.stringify(rowsOf(await t.deps.db.execute(s)));
      const parts = await Promise.all([
        q(sql`SELECT email, name, email_verified, two_factor_enabled FROM "user" WHERE id = ${a.id}`),
        q(sql`SELECT password FROM account WHERE user_id = ${a.id}`),
        q(
          sql`SELECT subscription_tier, monthly_word_balance, subscription_end, subscription_cancelled_at, cancellation_end_date, paddle_subscription_id, billing_period FROM subscribers WHERE user_id = ${a.id}`,
        ),
        q(sql`SELECT id, original_text, transformed_text FROM transformations WHERE user_id = ${a.id} ORDER BY id`),
        q(sql`SELECT token FROM session WHERE user_id = ${a.id} ORDER BY token`),
        q(sql`SELECT secret FROM two_factor WHERE user_id = ${a.id}`),
        q(sql`SELECT id, name, key_hash, revoked_at FROM api_keys WHERE user_id = ${a.id} ORDER BY id`),
      ]);
      return createHash('sha256').update(parts.join('\n')).digest('hex');
    };

    const portal = async () => {
      const r = await t.req('/api/functions/paddle-customer-portal', { body: {}, cookie: cookies['user A'] });
      const j = (await r.json()) as { url?: string };
      return j.url ? (new URL(j.url).searchParams.get('session') ?? 'x') : 'x';
    };
    const portalToken = await portal();

    const endpoints = listEndpoints(t);
    figures.endpoints = endpoints.length;
    // Session-ending endpoints go last so every other request runs with live sessions.
    const ordered = [
      ...endpoints.filter((e) => !ENDS_SESSIONS.test(e.path)),
      ...endpoints.filter((e) => ENDS_SESSIONS.test(e.path)),
    ];
    for (const ep of ordered) {
      const cells = {} as Record<Who, number>;
      for (const who of WHO) {
        const sessionOfLink = ep.path.includes('portal') ? portalToken : checkoutToken;
        const pathId = ep.path.startsWith('/api/api-keys/') ? keyA.key.id : 'google';
        const url = new URL(fillPath(ep.path, { id: pathId, token: sessionToken }), 'http://localhost:3999');
        url.searchParams.set('session', sessionOfLink);
        url.searchParams.set('email', a.email);
        url.searchParams.set('userId', a.id);
        url.searchParams.set('id', transformationId);
        const body = {
          userId: a.id,
          user_id: a.id,
          id: transformationId,
          transformation_id: transformationId,
          words_used: 10,
          word_count: 10,
          token: sessionToken,
          sessionToken,
          session: sessionOfLink,
          email: a.email,
          text: sweepText,
          mode: 'lightning',
          planTier: 'Pro',
          billingPeriod: 'monthly',
          name: 'Renamed by someone else',
          image: 'https://evil.example/x.png',
          scope: 'global',
          password: passwords[who],
          currentPassword: passwords[who],
          newPassword: passwords[who],
          newEmail: `${who.replace(' ', '-')}-new@example.com`,
          confirmEmail: a.email,
          callbackURL: '/',
          provider: 'google',
        };
        // The MCP server gets a message: the rewrite tool on the sweep's text, as the caller's own key.
        const mcpCall = {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'humanize_text', arguments: { text: sweepText, mode: 'lightning' } },
        };
        const isForm = ep.path.startsWith('/sandbox/');
        const before = await stateOfA();
        const withBody = ep.method !== 'GET' && ep.method !== 'HEAD' && ep.method !== 'OPTIONS';
        const res = await t.req(url.pathname + url.search, {
          method: ep.method,
          ...(withBody
            ? isForm
              ? {
                  rawBody: new URLSearchParams({ session: sessionOfLink, plan: 'Ultra:monthly' }).toString(),
                  headers: { 'content-type': 'application/x-www-form-urlencoded' },
                }
              : { body: ep.path === '/mcp' ? mcpCall : body }
            : {}),
          cookie: cookies[who],
          ip: OUTSIDE_IP,
          ...(isKeyed(ep) && apiKeys[who]
            ? {
                headers: {
                  authorization: `Bearer ${apiKeys[who]}`,
                  ...(ep.path === '/mcp' ? { accept: 'application/json, text/event-stream' } : {}),
                },
              }
            : {}),
        });
        figures.requests++;
        cells[who] = res.status;
        if (isKeyed(ep) && apiKeys[who] && res.status < 300) figures.apiKeyCallsOk++;
        const out = await res.text();
        const name = `${ep.method} ${ep.path}`;
        if (who === 'user A') {
          if (out.includes(MARKER)) figures.ownReadsSeen++;
          if ((await stateOfA()) !== before) figures.ownWritesSeen++;
        } else {
          // A's history text and session token are never in a request sent as anyone else; A's address and
          // id are (they aim the request at A), so they count only where the answer is more than an echo.
          const adminAllowed = who === 'admin' && ADMIN_ONLY(ep);
          if (!adminAllowed) {
            if (out.includes(MARKER)) figures.crossUserReads.push(`${who}: ${name} returned A's history text`);
            if (sessionToken && out.includes(sessionToken))
              figures.crossUserReads.push(`${who}: ${name} returned A's session token`);
            if (out.includes(keyA.secret)) figures.crossUserReads.push(`${who}: ${name} returned A's API key`);
            if (res.status < 300 && out.includes(keyA.key.id))
              figures.crossUserReads.push(`${who}: ${name} returned A's API key id`);
            if (res.status < 300 && ep.method === 'GET' && (out.includes(a.email) || out.includes(a.id)))
              figures.crossUserReads.push(`${who}: ${name} returned A's address or id`);
          }
          const after = await stateOfA();
          if (after !== before && !adminAllowed)
            figures.crossUserWrites.push(`${who}: ${name} (${res.status}) changed A's stored state`);
          if (ADMIN_ONLY(ep) && who !== 'admin' && res.status >= 200 && res.status < 300)
            figures.adminReachable.push(`${who}: ${name} answered ${res.status}`);
        }
        if (ENDS_SESSIONS.test(ep.path) || res.status < 400) await renew(who);
      }
      figures.matrix.push({ endpoint: `${ep.method} ${ep.path}`, cells });
      opts.log?.(`${ep.method} ${ep.path}`);
    }
  } finally {
    await t.close();
  }
  figures.seconds = Math.round((Date.now() - started) / 100) / 10;
  return figures;
}

export function formatAuthz(f: AuthzFigures): string {
  const w = Math.max(...f.matrix.map((m) => m.endpoint.length));
  const head = `${'endpoint'.padEnd(w)}  ${WHO.map((x) => x.padStart(10)).join(' ')}`;
  const rows = f.matrix.map(
    (m) => `${m.endpoint.padEnd(w)}  ${WHO.map((x) => String(m.cells[x]).padStart(10)).join(' ')}`,
  );
  return [
    head,
    ...rows,
    '',
    `authz: ${f.endpoints} endpoints × ${WHO.length} callers = ${f.requests} requests in ${f.seconds} s`,
    `cross-user reads: ${f.crossUserReads.length}   cross-user writes: ${f.crossUserWrites.length}   admin endpoints reachable by non-admins: ${f.adminReachable.length}   A's own reads that showed A's text: ${f.ownReadsSeen}, own writes seen: ${f.ownWritesSeen}, API calls answered to the caller's own key: ${f.apiKeyCallsOk}`,
    ...[...f.crossUserReads, ...f.crossUserWrites, ...f.adminReachable].map((x) => `  FAIL ${x}`),
  ].join('\n');
}
