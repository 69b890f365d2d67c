/**
 * The documented deployment, for real: Debian's nginx runs the nginx block of docs/deployment.md (only the
 * listen line and the two upstream ports changed) in front of 2 bundled server processes on one throw-away
 * PostgreSQL server. Clients connect from 127.0.0.x addresses other than nginx's own 127.0.0.1, so to the
 * servers (TRUSTED_PROXIES=127.0.0.1, nginx) they are remote clients, exactly as on the internet.
 *
 * - A spoofed X-Forwarded-For gains nothing: rotating the leftmost entry does not escape the sign-in
 *   limit, and "127.0.0.1" does not open the outbox.
 * - A webhook flood "from" the payment provider's address locks out only the flooder; signed deliveries
 *   pass, even from the flooder's own address.
 * - A rolling restart (SIGTERM one process, start it again, then the other) under load: every rewrite
 *   click ends delivered (0 cut) and is stored and charged once (0 double charges), the ledger reconciles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { canStartPostgres, freePort, startPostgres, type TempPostgres } from '../../../scripts/pg-temp.mjs';
import { envelope, signPaddle, subscriptionData } from './features/billing/payments/paddle-events';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
/** The sandbox's public signing secret: these servers run on loopback, where the defaults are allowed. */
const SANDBOX_SECRET = 'plainspoken-sandbox-webhook-secret';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };
/** Requests sent and not yet answered (read when a process is stopped). */
let inFlight = 0;

/** One request through nginx from `from` (a loopback address other than nginx's own). */
function send(
  port: number,
  from: string,
  method: string,
  pathname: string,
  opts: { headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  inFlight++;
  return new Promise<Answer>((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: pathname,
        localAddress: from,
        headers: {
          origin: `http://127.0.0.1:${port}`,
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...opts.headers,
        },
        timeout: 30_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        res.on('error', (e) => resolve({ status: 0, headers: {}, text: e.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => resolve({ status: 0, headers: {}, text: e.message }));
    req.end(opts.body);
  }).finally(() => inFlight--);
}

/** The docs' nginx block, listening on `listen` and proxying to the two given ports. */
function documentedNginxBlock(listen: number, ports: [number, number]): string {
  const doc = readFileSync(path.join(root, 'docs/deployment.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/deployment.md has no nginx block');
  let n = 0;
  const out = block
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${listen};`)
    .replace(/server 127\.0\.0\.1:\d+/g, () => `server 127.0.0.1:${ports[n++]}`);
  if (n !== 2 || !out.includes(`listen 127.0.0.1:${listen};`))
    throw new Error('the documented nginx block changed shape');
  return out;
}

interface ServerProc {
  child: ChildProcess;
  out: () => string;
  exited: Promise<number | string | null>;
}

describe('the documented nginx in front of 2 processes on PostgreSQL', () => {
  let pgServer: TempPostgres;
  let url = '';
  let nginx: ChildProcess | undefined;
  let nginxPort = 0;
  const ports: [number, number] = [0, 0];
  const servers: (ServerProc | undefined)[] = [undefined, undefined];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plainspoken-nginx-'));
  let db: pg.Client;

  /** nginx's error log so far ('' before it exists). */
  const nginxErrors = (): string => {
    try {
      return readFileSync(path.join(dir, 'logs/error.log'), 'utf8');
    } catch {
      return '';
    }
  };

  const startServer = async (i: 0 | 1): Promise<ServerProc> => {
    const child = spawn(process.execPath, ['apps/server/dist/index.js'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'development',
        PORT: String(ports[i]),
        HOST: '127.0.0.1',
        BASE_URL: `http://127.0.0.1:${nginxPort}`,
        DATABASE_URL: url,
        TRUSTED_PROXIES: '127.0.0.1',
        RATE_LIMITS: 'on',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        ENGINE_POOL_SIZE: '1',
        SHUTDOWN_TIMEOUT_MS: '15000',
        REQUEST_TIMEOUT_MS: '3000',
        OLLAMA_HOST: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | string | null>((r) => child.on('exit', (code, sig) => r(code ?? sig)));
    const proc = { child, out: () => out, exited };
    for (let k = 0; k < 600; k++) {
      if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
      const r = await fetch(`http://127.0.0.1:${ports[i]}/readyz`).catch(() => null);
      if (r?.status === 200) return proc;
      await sleep(100);
    }
    throw new Error(`server ${i} not ready: ${out}`);
  };

  /** An account made through nginx from its own address: sign-up, then the link from the outbox table. */
  const makeUser = async (from: string, email: string) => {
    const su = await send(nginxPort, from, 'POST', '/api/auth/sign-up/email', {
      body: JSON.stringify({ email, password: 'password123', name: email }),
    });
    if (su.status !== 200) throw new Error(`sign-up ${su.status}: ${su.text}`);
    const r = await db.query<{ text: string }>('SELECT text FROM mail_outbox WHERE "to" = $1', [email]);
    const link = /https?:\/\/\S*\/api\/auth\/verify-email\S*/.exec(r.rows[0]?.text ?? '')?.[0];
    if (!link) throw new Error(`no confirmation mail for ${email}`);
    const u = new URL(link);
    const v = await send(nginxPort, from, 'GET', u.pathname + u.search);
    const cookie = ([] as string[])
      .concat(v.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .filter((c) => !c!.endsWith('='))
      .join('; ');
    if (!/session_token/.test(cookie)) throw new Error(`confirmation gave no session (${v.status})`);
    const me = JSON.parse((await send(nginxPort, from, 'GET', '/api/me', { headers: { cookie } })).text) as {
      user: { id: string };
    };
    return { from, email, cookie, id: me.user.id };
  };

  beforeAll(async () => {
    if (!NGINX) throw new Error('nginx is not installed (Debian: apt-get install nginx; .ci/run installs it)');
    if (!canStartPostgres()) throw new Error('initdb and pg_ctl must be on PATH to start a throw-away PostgreSQL');
    const b = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
    expect(b.status, b.stderr).toBe(0);
    pgServer = await startPostgres({ maxConnections: 100 });
    url = pgServer.url;
    db = new pg.Client({ connectionString: url });
    await db.connect();
    nginxPort = await freePort();
    ports[0] = await freePort();
    ports[1] = await freePort();
    for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'logs']) mkdirSync(path.join(dir, sub));
    chmodSync(dir, 0o777);
    for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'logs']) chmodSync(path.join(dir, sub), 0o777);
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${documentedNginxBlock(nginxPort, ports)}
}
`,
    );
    servers[0] = await startServer(0); // migrates first
    servers[1] = await startServer(1);
    nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let nginxOut = '';
    nginx.stderr!.on('data', (d) => (nginxOut += d));
    for (let k = 0; ; k++) {
      const r = await send(nginxPort, '127.0.0.2', 'GET', '/readyz');
      if (r.status === 200) break;
      if (k > 100 || nginx.exitCode !== null) throw new Error(`nginx did not start: ${nginxOut}`);
      await sleep(100);
    }
  }, 240_000);

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    for (const s of servers) s?.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s?.exited ?? Promise.resolve(null)));
    await db?.end().catch(() => {});
    pgServer?.stop();
    if (process.env.KEEP_NGINX_LOG)
      writeFileSync(process.env.KEEP_NGINX_LOG, readFileSync(path.join(dir, 'logs/error.log')));
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('a spoofed X-Forwarded-For neither escapes the sign-in limit nor opens the outbox', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const r = await send(nginxPort, '127.0.0.3', 'POST', '/api/auth/sign-in/email', {
        headers: { 'x-forwarded-for': `10.9.${i}.${i + 1}` },
        body: JSON.stringify({ email: `nobody-${i}@example.com`, password: 'wrong-password' }),
      });
      statuses.push(r.status);
    }
    // The limit is 10 a minute per client address: the rotating leftmost entry is not the client.
    expect(statuses.filter((s) => s === 429).length, statuses.join(',')).toBeGreaterThanOrEqual(15);
    for (const xff of ['127.0.0.1', '127.0.0.1, 127.0.0.1', '::1']) {
      const r = await send(nginxPort, '127.0.0.3', 'GET', '/api/dev/mailbox', { headers: { 'x-forwarded-for': xff } });
      expect(r.status, xff).toBe(403);
    }
  }, 60_000);

  it('a webhook flood "from" the provider’s address locks out the flooder, never the signed deliveries', async () => {
    const user = await makeUser('127.0.1.200', `webhook-${Date.now()}@example.com`);
    const flood: number[] = [];
    for (let i = 0; i < 40; i++) {
      const r = await send(nginxPort, '127.0.0.4', 'POST', '/api/functions/payment-webhook', {
        headers: { 'x-forwarded-for': '198.51.100.77', 'paddle-signature': 'ts=1;h1=forged' },
        body: JSON.stringify({ event_type: 'subscription.created', n: i }),
      });
      flood.push(r.status);
    }
    expect(flood.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(flood.slice(30).every((s) => s === 429)).toBe(true);
    const now = new Date();
    const raw = JSON.stringify(
      envelope(
        'subscription.created',
        subscriptionData({
          id: `sub_nginx_${Date.now()}`,
          customerId: `ctm_nginx_${Date.now()}`,
          status: 'active',
          priceId: 'pri_sandbox_pro_monthly',
          tier: 'Pro',
          period: 'monthly',
          periodStart: now,
          periodEnd: new Date(now.getTime() + 30 * 86_400_000),
          userId: user.id,
        }),
        now,
      ),
    );
    // The provider itself (its real address, and even the flooder's) is answered: the signature comes first.
    for (const from of ['127.0.0.5', '127.0.0.4']) {
      const r = await send(nginxPort, from, 'POST', '/api/functions/payment-webhook', {
        headers: { 'x-forwarded-for': '198.51.100.77', 'paddle-signature': signPaddle(raw, SANDBOX_SECRET) },
        body: raw,
      });
      expect(r.status, r.text).toBe(200);
    }
    const sub = JSON.parse(
      (await send(nginxPort, user.from, 'GET', '/api/subscription', { headers: { cookie: user.cookie } })).text,
    ) as { subscription_tier?: string; subscriptionTier?: string };
    expect(sub.subscription_tier ?? sub.subscriptionTier).toBe('Pro');
  }, 60_000);

  it('a request body that never arrives is cut after REQUEST_TIMEOUT_MS, not held for minutes', async () => {
    const t0 = Date.now();
    const answer = await new Promise<string>((resolve) => {
      const sock = net.connect(ports[0], '127.0.0.1', () => {
        sock.write(
          'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em',
        );
      });
      let got = '';
      sock.on('data', (d) => (got += String(d)));
      sock.on('close', () => resolve(got));
      sock.setTimeout(20_000, () => sock.destroy());
    });
    const ms = Date.now() - t0;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeGreaterThanOrEqual(2_500);
    expect(ms).toBeLessThan(8_000);
  }, 30_000);

  it('a rolling restart under load cuts nothing and charges nothing twice', async () => {
    const WORDS = 50;
    const sentence =
      'Moreover, it is important to note that the results demonstrate a significant improvement in overall efficiency. ';
    const text = sentence.repeat(5).trim().split(/\s+/).slice(0, WORDS).join(' ');
    const users = await Promise.all(
      Array.from({ length: 6 }, (_, i) => makeUser(`127.0.2.${i + 1}`, `roll-${i}-${Date.now()}@example.com`)),
    );
    const figures = { clicks: 0, delivered: 0, firstTryFailed: 0, retries: 0, cut: 0, reads: 0, readsFailed: 0 };
    const delivered = new Map<string, string[]>(); // user id -> transformation ids
    let stop = false;
    const work = users.map(async (u) => {
      delivered.set(u.id, []);
      for (let click = 0; click < 4 && !stop; click++) {
        figures.clicks++;
        const key = `web-${u.id}-${click}`;
        let done = false;
        for (let attempt = 0; attempt < 40 && !done; attempt++) {
          const r = await send(nginxPort, u.from, 'POST', '/api/functions/humanize-text', {
            headers: { cookie: u.cookie, 'idempotency-key': key },
            body: JSON.stringify({ text, mode: 'lightning', useSecondPrompt: false }),
          });
          if (r.status === 200) {
            delivered.get(u.id)!.push((JSON.parse(r.text) as { transformation_id: string }).transformation_id);
            figures.delivered++;
            done = true;
          } else if ([0, 409, 429, 502, 503, 504].includes(r.status)) {
            if (attempt === 0 && r.status !== 429) figures.firstTryFailed++;
            figures.retries++;
            await sleep(r.status === 429 || r.status === 409 ? 1_000 : 200);
          } else throw new Error(`humanize answered ${r.status}: ${r.text}`);
        }
        if (!done) figures.cut++;
        // Reads on the same keep-alive path between clicks.
        figures.reads++;
        const s = await send(nginxPort, u.from, 'GET', '/api/subscription', { headers: { cookie: u.cookie } });
        if (s.status !== 200) figures.readsFailed++;
        await sleep(3_100); // the per-user rewrite interval
      }
    });
    // Readers keep requests in flight on nginx's keep-alive connections the whole time.
    let restarting = true;
    const failedStatuses: Record<number, number> = {};
    const failedSample: string[] = [];
    const readers = users.map(async (u) => {
      while (restarting) {
        figures.reads++;
        const s = await send(nginxPort, u.from, 'GET', '/api/subscription', { headers: { cookie: u.cookie } });
        if (s.status !== 200) {
          figures.readsFailed++;
          failedStatuses[s.status] = (failedStatuses[s.status] ?? 0) + 1;
          if (s.status === 0 || s.status >= 500) failedSample.push(`${s.status} ${s.text.slice(0, 120)}`);
        }
      }
    });
    // The rolling restart: each process in turn gets SIGTERM, exits, and is started again.
    const restarts: { process: number; exit: number | string | null; stopMs: number; inFlightAtStop: number }[] = [];
    await sleep(1_500);
    for (const i of [0, 1] as const) {
      const t0 = Date.now();
      const inFlightAtStop = inFlight;
      servers[i]!.child.kill('SIGTERM');
      const exit = await servers[i]!.exited;
      restarts.push({ process: i, exit, stopMs: Date.now() - t0, inFlightAtStop });
      servers[i] = await startServer(i);
      // As docs/deployment.md says: ready, then nginx's fail_timeout (5 s) so it sends to it again.
      await sleep(6_000);
    }
    restarting = false;
    await Promise.all([...work, ...readers]);
    stop = true;
    console.log('rolling restart under load', JSON.stringify({ ...figures, restarts, failedStatuses }));
    if (failedSample.length) console.log(failedSample.slice(0, 5).join('\n'));
    expect(restarts.map((r) => r.exit)).toEqual([0, 0]);
    expect(restarts.every((r) => r.inFlightAtStop > 0)).toBe(true);
    // A failure names what failed: the statuses, a sample of the answers and nginx's own error log.
    const why = () =>
      JSON.stringify({ failedStatuses, failedSample: failedSample.slice(0, 3), nginx: nginxErrors().slice(-600) });
    expect(figures.cut, why()).toBe(0);
    expect(figures.readsFailed, why()).toBe(0);
    expect(figures.delivered).toBe(figures.clicks);
    // Every click stored and charged once: one transformation per delivered click, nothing extra.
    for (const u of users) {
      const rows = await db.query<{ id: string; words_charged: number }>(
        'SELECT id::text, words_charged FROM transformations WHERE user_id = $1',
        [u.id],
      );
      expect(rows.rows.map((r) => r.id).sort()).toEqual([...delivered.get(u.id)!].sort());
      const bal = await db.query<{ b: number }>(
        'SELECT monthly_word_balance AS b FROM subscribers WHERE user_id = $1',
        [u.id],
      );
      expect(Number(bal.rows[0]!.b) + rows.rows.reduce((s, r) => s + Number(r.words_charged), 0)).toBe(250);
    }
    const open = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM word_charges WHERE status = 'reserved'");
    expect(open.rows[0]!.n).toBe(0);
  }, 180_000);
});
