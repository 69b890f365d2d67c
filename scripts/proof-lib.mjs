// Shared parts of `npm run test:load` and `npm run test:faults`: the server bundle, a PostgreSQL server
// (DATABASE_URL, or a throw-away one from initdb/pg_ctl), server processes (the cluster, or one PGlite
// server), accounts made through the real sign-up and confirmation mail, a client that retries only
// what a client should retry, latency figures, and the ledger reconciliation.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { statSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { root } from './lib.mjs';
import { canStartPostgres, freePort, startPostgres } from './pg-temp.mjs';

export { canStartPostgres, freePort, startPostgres };

export const INITIAL_BALANCE = 250; // a new Free account
const sentence =
  'Moreover, it is important to note that the results demonstrate a significant improvement in overall efficiency. ';
/** An English text of `n` words the local engine rewrites. */
export const textOf = (n) =>
  sentence
    .repeat(Math.ceil(n / 16) + 1)
    .trim()
    .split(/\s+/)
    .slice(0, n)
    .join(' ');

function newest(dir) {
  let max = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('dist') || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    max = Math.max(max, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return max;
}

/** Builds the server bundle (only the server: these runs need no web app) when its sources are newer. */
export function ensureServerBundle() {
  const out = path.join(root, 'apps/server/dist/index.js');
  const src = Math.max(
    newest(path.join(root, 'apps/server/src')),
    newest(path.join(root, 'packages')),
    statSync(path.join(root, 'apps/server/drizzle')).mtimeMs,
  );
  if (existsSync(out) && statSync(out).mtimeMs >= src) return;
  console.log('Building the server bundle...');
  const r = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the server build failed');
}

/** A fresh, empty database on the PostgreSQL server `adminUrl`; returns its URL. */
export async function freshDatabase(adminUrl, prefix) {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * The proofs stand in for many clients by their X-Forwarded-For address. With the public development secret a
 * server honours email links only from loopback clients (decision 0050), so each run signs with a secret of its
 * own, the same for every process of the run.
 */
const RUN_SECRET = randomBytes(32).toString('hex');

export function serverEnv(port, extra = {}) {
  return {
    BETTER_AUTH_SECRET: RUN_SECRET,
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: `http://127.0.0.1:${port}`,
    RATE_LIMITS: 'off',
    AUTH_RATE_LIMIT_SCALE: '1000',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    ENGINE_POOL_SIZE: '1',
    ENGINE_TIMEOUT_MS: '5000',
    SHUTDOWN_TIMEOUT_MS: '5000',
    PLAINSPOKEN_SKIP_BUILD: '1',
    ...extra,
  };
}

function track(child) {
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise((r) => child.on('exit', (code, signal) => r(code ?? signal)));
  return { child, exited, output: () => out };
}

/** `npm run start:cluster` with N processes on one port. */
export function startCluster(port, databaseUrl, workers = 2, extra = {}) {
  const child = spawn(process.execPath, ['scripts/cluster.mjs', String(workers)], {
    cwd: root,
    env: serverEnv(port, { DATABASE_URL: databaseUrl, ...extra }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return track(child);
}

/** One server on PGlite in `dataDir`, as `npm start` runs it. */
export function startSingle(port, dataDir, extra = {}) {
  const child = spawn(process.execPath, ['apps/server/dist/index.js'], {
    cwd: root,
    env: serverEnv(port, { DATA_DIR: dataDir, ...extra }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return track(child);
}

/** The pids of `parent`'s direct children (the cluster's server processes). */
export function childPids(parent) {
  const r = spawnSync('pgrep', ['-P', String(parent)], { encoding: 'utf8' });
  return r.stdout.split('\n').filter(Boolean).map(Number);
}

/** Waits for /readyz 200; returns the milliseconds it took. */
export async function waitReady(base, { timeoutMs = 60_000, proc } = {}) {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    if (proc && proc.child.exitCode !== null) throw new Error(`server exited:\n${proc.output().slice(-3000)}`);
    try {
      const r = await fetch(`${base}/readyz`);
      if (r.status === 200) return Date.now() - t0;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${base} not ready within ${timeoutMs} ms${proc ? `:\n${proc.output().slice(-3000)}` : ''}`);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * One request as a well-behaved client sends it: a connection error or a 503 is retried (after
 * Retry-After) up to `retries` times; everything else is returned. `retried` counts the retries and
 * `retryable` what caused them; a response other than the expected ones is the caller's error.
 */
export async function call(
  base,
  pathname,
  { method = 'GET', body, cookie, ip, retries = 0, stats, headers: extra } = {},
) {
  const headers = { origin: base, 'x-forwarded-for': ip ?? '127.0.0.1', ...extra };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  for (let attempt = 0; ; attempt++) {
    const t0 = performance.now();
    try {
      const res = await fetch(`${base}${pathname}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(60_000),
      });
      const text = await res.text();
      const ms = performance.now() - t0;
      // 503 (busy, database away) and 409 (the same Idempotency-Key still running, or held by a process
      // that died until the server takes it over) are retried after Retry-After, with the same key.
      if ((res.status === 503 || res.status === 409) && attempt < retries) {
        if (stats && res.status === 409) stats.retry409 = (stats.retry409 ?? 0) + 1;
        if (stats && res.status === 503) stats.retry503 = (stats.retry503 ?? 0) + 1;
        if (!res.headers.get('retry-after')) stats && (stats.missingRetryAfter = (stats.missingRetryAfter ?? 0) + 1);
        await sleep(Math.min(Number(res.headers.get('retry-after') ?? 1), 2) * 1000);
        continue;
      }
      let json = null;
      try {
        json = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, json, text, ms, headers: res.headers };
    } catch (e) {
      if (stats && e?.name === 'TimeoutError') stats.timeouts = (stats.timeouts ?? 0) + 1;
      if (attempt < retries) {
        if (stats) stats.retryConn = (stats.retryConn ?? 0) + 1;
        await sleep(300);
        continue;
      }
      return { status: 0, json: null, text: String(e?.cause?.code ?? e?.message ?? e), ms: performance.now() - t0 };
    }
  }
}

/** Runs `fn` over `items` with at most `n` at a time. */
export async function pool(items, n, fn) {
  const out = new Array(items.length);
  let i = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (i < items.length) {
        const k = i++;
        out[k] = await fn(items[k], k);
      }
    }),
  );
  return out;
}

/**
 * Confirmation links of the mails in the local outbox, by recipient: read from the database when there is
 * a PostgreSQL URL, otherwise from the server's output (in development the outbox page is admin-only and
 * every kept mail's links are written to the log at info, so a PGlite server runs with LOG_LEVEL=info).
 */
async function confirmationLinks({ databaseUrl, proc }) {
  const links = new Map();
  const add = (to, list) => {
    const l = (list ?? []).find((x) => x.includes('/api/auth/verify-email'));
    if (l && !links.has(to)) links.set(to, l);
  };
  if (databaseUrl) {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    const r = await c.query('SELECT "to", text FROM mail_outbox ORDER BY created_at DESC');
    await c.end();
    for (const row of r.rows) add(row.to, row.text.match(/https?:\/\/[^\s"'<>)]+/g));
  } else if (proc) {
    for (const line of proc.output().split('\n')) {
      if (!line.includes('Mail kept in the local outbox')) continue;
      try {
        const o = JSON.parse(line);
        const to = /for (\S+):/.exec(o.msg)?.[1];
        if (to) add(to, o.links);
      } catch {
        /* not a JSON line */
      }
    }
  }
  return links;
}

/**
 * Accounts made as a person makes them: sign-up, then the confirmation link from the local outbox
 * (`mail`: { databaseUrl } or { proc }, see confirmationLinks).
 */
export async function makeUsers(base, n, tag, mail = {}) {
  const users = Array.from({ length: n }, (_, i) => ({
    email: `${tag}-${i}-${Date.now().toString(36)}@example.com`,
    ip: `10.${(i >> 8) & 255}.${i & 255}.${7 + (i % 200)}`,
  }));
  // The outbox lists the newest 100 mails: sign up and confirm in batches of 50.
  for (let b = 0; b < users.length; b += 50) {
    const batch = users.slice(b, b + 50);
    await pool(batch, 8, async (u) => {
      const r = await call(base, '/api/auth/sign-up/email', {
        method: 'POST',
        body: { email: u.email, password: 'password123', name: u.email },
        ip: u.ip,
        retries: 5,
      });
      if (r.status !== 200) throw new Error(`sign-up answered ${r.status}: ${r.text}`);
    });
    // Every mail of the batch is in the outbox (or the server's log) before it is read; one still missing
    // after 15 s is reported below.
    const deadline = Date.now() + 15_000;
    let links = await confirmationLinks(mail);
    while (!batch.every((u) => links.has(u.email)) && Date.now() < deadline) {
      await sleep(50);
      links = await confirmationLinks(mail);
    }
    await pool(batch, 8, async (u) => {
      const link = links.get(u.email);
      if (!link) throw new Error(`no confirmation mail for ${u.email}`);
      const url = new URL(link);
      const res = await fetch(`${base}${url.pathname}${url.search}`, {
        redirect: 'manual',
        headers: { 'x-forwarded-for': u.ip },
      });
      u.cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .filter((c) => !c.endsWith('='))
        .join('; ');
      if (!/session_token/.test(u.cookie)) throw new Error(`confirmation gave no session (${res.status})`);
    });
  }
  return users;
}

/**
 * Rewrites stored beyond one per click, over every user (each user's history against the clicks it sent):
 * a retried click that was charged twice shows up here. Must be 0.
 */
export async function doubleCharges(base, users) {
  let extra = 0;
  for (const u of users) {
    const h = await call(base, '/api/transformations?limit=100', { cookie: u.cookie, ip: u.ip, retries: 10 });
    if (h.status !== 200) throw new Error(`history answered ${h.status}: ${h.text}`);
    extra += Math.max(0, (h.json?.items ?? []).length - (u.clicks ?? 0));
  }
  return extra;
}

export function percentile(values, p) {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** The ledger check of apps/server/src/domain/word-ledger.ts, run on `target` (a URL or pglite:DIR). */
export function reconcile(target, initial = INITIAL_BALANCE) {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/scripts/reconcile.ts', target, String(initial)],
    { cwd: root, encoding: 'utf8' },
  );
  const line = r.stdout.split('\n').find((l) => l.startsWith('{'));
  if (r.status !== 0 || !line) throw new Error(`reconcile failed: ${r.stderr}`);
  return JSON.parse(line);
}

/** Open word reservations on a PostgreSQL database (a cheap poll before the full reconciliation). */
export async function openReservations(databaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const r = await c.query("SELECT count(*)::int AS n FROM word_charges WHERE status = 'reserved'");
  await c.end();
  return r.rows[0].n;
}

/** Ids of the open word reservations on a PostgreSQL database. */
export async function openReservationIds(databaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const r = await c.query("SELECT id::text FROM word_charges WHERE status = 'reserved'");
  await c.end();
  return r.rows.map((x) => x.id);
}

/** Ids among `ids` that are not stored (a committed result lost). */
export async function missingTransformations(databaseUrl, ids) {
  if (ids.length === 0) return [];
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const r = await c.query('SELECT id::text FROM transformations WHERE id = ANY($1::uuid[])', [ids]);
  await c.end();
  const have = new Set(r.rows.map((x) => x.id));
  return ids.filter((id) => !have.has(id));
}

/**
 * Each user loops until `until()`: check-balance, a Lightning rewrite while the balance allows one, and
 * history. Records every answer by kind; `acked` collects the transformations the server confirmed.
 */
export async function runUsers(
  base,
  users,
  { until, retries = 0, words = 50, stats = {}, steps = 8, mode = 'lightning' },
) {
  const byKind = { balance: [], lightning: [], history: [] };
  const bad = [];
  const acked = [];
  const text = textOf(words);
  await Promise.all(
    users.map(async (u, i) => {
      u.balance ??= INITIAL_BALANCE;
      u.clicks ??= 0;
      let step = i % 8; // users start at different points of the mix
      while (!until()) {
        // The mix: of every 8 steps, 1 Lightning rewrite (while the balance allows), 2 history pages, 5 balance checks.
        // A longer cycle (`steps`) spreads a Free account's few rewrites over a longer run.
        const kind =
          step % steps === 1 && u.balance >= words
            ? 'lightning'
            : step % 8 === 3 || step % 8 === 6
              ? 'history'
              : 'balance';
        step++;
        let r;
        if (kind === 'balance')
          r = await call(base, '/api/functions/check-balance', {
            method: 'POST',
            body: { word_count: words },
            cookie: u.cookie,
            ip: u.ip,
            retries,
            stats,
          });
        else if (kind === 'history')
          r = await call(base, '/api/transformations?limit=10', { cookie: u.cookie, ip: u.ip, retries, stats });
        else {
          // One Idempotency-Key per click, as the web app sends it: every retry of the click reuses it.
          u.clicks++;
          stats.lightningInFlight = (stats.lightningInFlight ?? 0) + 1;
          r = await call(base, '/api/functions/humanize-text', {
            method: 'POST',
            // `mode`: Deep holds its reservation for longer (a fault proof times kills to catch one open).
            body: { text, mode },
            cookie: u.cookie,
            ip: u.ip,
            retries,
            stats,
            headers: { 'idempotency-key': `proof-${u.email}-${u.clicks}` },
          }).finally(() => stats.lightningInFlight--);
        }
        if (r.status === 200) {
          byKind[kind].push(r.ms);
          if (kind === 'lightning') {
            if (r.json?.saved) acked.push({ id: r.json.transformation_id, user: u.email, words: r.json.words_charged });
            else bad.push({ kind, status: 200, text: 'saved:false' });
            u.balance = r.json.remaining_balance;
          }
        } else if (kind === 'lightning' && r.status === 402) {
          // Another of this user's requests spent the balance (a retry the server had done): not an error.
          u.balance = 0;
        } else {
          bad.push({ kind, status: r.status, text: r.text.slice(0, 200) });
        }
      }
    }),
  );
  return { byKind, bad, acked };
}

export function figures(byKind, seconds) {
  const all = [...byKind.balance, ...byKind.lightning, ...byKind.history];
  const row = (name, v) =>
    `  ${name.padEnd(14)} ${String(v.length).padStart(6)} ok   p50 ${percentile(v, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(v, 99).toFixed(1).padStart(7)} ms`;
  return [
    `  throughput     ${(all.length / seconds).toFixed(1)} requests/s over ${seconds.toFixed(1)} s`,
    row('all', all),
    row('check-balance', byKind.balance),
    row('lightning', byKind.lightning),
    row('history', byKind.history),
  ].join('\n');
}
