/**
 * npm run bench:api — check-balance and humanize-text (Lightning) over loopback with 50 concurrent users,
 * on the embedded database and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a PostgreSQL server,
 * on PostgreSQL; then check-balance while Deep rewrites of 1,500 words run continuously beside it.
 * Rate limits are off for the run. Prints requests/s, p50/p99 latency and the server's CPU time per request
 * per scenario. check-balance runs twice: as fast as the server answers (throughput; with 50 users always
 * waiting, latency is then 50 / throughput by construction) and at a fixed offered load of BENCH_RATE
 * (default 500) requests/s spread over the same 50 users (latency at the target throughput).
 */
import { serve } from '@hono/node-server';
import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { loadEnv } from '../src/env';
import { buildProduct } from '../src/server';
import { createTestDatabase } from '../src/test/harness';
import { subscribers } from '../src/db/schema';
import { listOutbox } from '../src/lib/mail';

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = 50;
/** The fixed offered load for the latency runs (the throughput target). */
const RATE = Number(process.env.BENCH_RATE ?? 500);
// Optional focus for profiling: BENCH_ONLY=check,lightning,deep and BENCH_DB=pglite|postgres.
const ONLY = new Set((process.env.BENCH_ONLY ?? 'check,lightning,deep').split(','));
const DBS = new Set((process.env.BENCH_DB ?? 'pglite,postgres').split(','));

const sentence =
  'Moreover, it is important to note that the results demonstrate a significant improvement in overall efficiency. ';
const textOf = (words: number) => {
  const w = sentence
    .repeat(Math.ceil(words / 16) + 1)
    .trim()
    .split(/\s+/)
    .slice(0, words);
  return w.join(' ');
};

type LoadResult = {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  cpuMs: number;
};

/** Runs the load generator; also measures this process's CPU time (request thread and workers) per request. */
async function load(cfg: Record<string, unknown>): Promise<LoadResult> {
  const cpu0 = process.cpuUsage();
  const profiling = process.env.BENCH_PROFILE && cfg.duration !== 2 ? await startProfile() : null;
  const r = await loadOnce(cfg);
  const cpu = process.cpuUsage(cpu0);
  await profiling?.();
  return { ...r, cpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, r.total) };
}

/** BENCH_PROFILE=dir: a CPU profile of the request thread for each measured scenario. */
async function startProfile(): Promise<() => Promise<void>> {
  const inspector = await import('node:inspector/promises');
  const { writeFileSync, mkdirSync } = await import('node:fs');
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(process.env.BENCH_PROFILE!, { recursive: true });
    writeFileSync(path.join(process.env.BENCH_PROFILE!, `bench-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  };
}

function loadOnce(cfg: Record<string, unknown>): Promise<Omit<LoadResult, 'cpuMs'>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'load.mjs'), JSON.stringify(cfg)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as Omit<LoadResult, 'cpuMs'>)
        : reject(new Error(`load generator exited ${code}`)),
    );
  });
}

async function scenarioSet(kind: 'pglite' | 'postgres') {
  const database = await createTestDatabase(kind);
  const env = loadEnv({
    NODE_ENV: 'test',
    BASE_URL: 'http://localhost:1',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'error',
    AUTH_RATE_LIMIT_SCALE: '1000',
  });
  const product = await buildProduct(env, { database });
  const server = serve({ fetch: product.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const origin = env.BASE_URL;
  const cookies: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const email = `bench${i}@example.com`;
    const r = await product.app.request(`${origin}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'password123', name: email }),
    });
    if (r.status !== 200) throw new Error(`sign-up ${r.status}`);
  }
  for (const m of await listOutbox(product.deps.db, 1000)) {
    const link = m.links.find((l) => l.includes('verify-email'));
    if (!link) continue;
    const u = new URL(link);
    const r = await product.app.request(`${origin}${u.pathname}${u.search}`, { headers: { origin } });
    cookies.push(
      r.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    );
  }
  await product.deps.db
    .update(subscribers)
    .set({ subscription_tier: 'Ultra', monthly_word_balance: 100_000_000 })
    .where(eq(subscribers.subscription_tier, 'FREE'));

  const rows: string[] = [];
  const show = (name: string, r: LoadResult) =>
    rows.push(
      `${kind.padEnd(8)} ${name.padEnd(44)} ${((r.total - r.non2xx) / DURATION).toFixed(0).padStart(6)} ok req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(5)} ms  server CPU ${r.cpuMs.toFixed(2)} ms/req  (${r.total} requests, ${r.non2xx} non-2xx, ${r.errors} errors)`,
    );

  const common = { origin, cookies, connections: USERS, duration: DURATION };
  // Warm-up, not measured: JIT, prepared statements and connection pools settle first.
  await load({
    ...common,
    duration: 2,
    url: `${base}/api/functions/check-balance`,
    body: JSON.stringify({ word_count: 500 }),
  });
  const balance = { url: `${base}/api/functions/check-balance`, body: JSON.stringify({ word_count: 500 }) };
  if (ONLY.has('check')) {
    show('check-balance, as fast as it answers', await load({ ...common, ...balance }));
    show(`check-balance, offered ${RATE} req/s`, await load({ ...common, ...balance, rate: RATE }));
  }
  if (ONLY.has('lightning'))
    show(
      'humanize-text lightning 500 words',
      await load({
        ...common,
        url: `${base}/api/functions/humanize-text`,
        body: JSON.stringify({ text: textOf(500), mode: 'lightning' }),
      }),
    );

  // Deep rewrites of 1,500 words kept running by two users while check-balance is measured.
  if (ONLY.has('deep')) await besideDeep();
  async function besideDeep() {
    let running = true;
    let deepDone = 0;
    const deepLoop = async (cookie: string) => {
      while (running) {
        const r = await fetch(`${base}/api/functions/humanize-text`, {
          method: 'POST',
          headers: { origin, cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ text: textOf(1500), mode: 'deep' }),
        });
        await r.arrayBuffer();
        if (r.ok) deepDone++;
      }
    };
    const loops = [deepLoop(cookies[0]!), deepLoop(cookies[1]!)];
    await new Promise((r) => setTimeout(r, 500));
    const beside = { ...common, ...balance, cookies: cookies.slice(2), connections: USERS - 2 };
    show('check-balance beside Deep, as fast as it answers', await load(beside));
    show(`check-balance beside Deep, offered ${RATE} req/s`, await load({ ...beside, rate: RATE }));
    running = false;
    await Promise.all(loops);
    rows.push(`${kind.padEnd(8)} (deep rewrites completed meanwhile: ${deepDone})`);
  }

  await new Promise((r) => server.close(() => r(null)));
  await product.close();
  return rows;
}

const out: string[] = [];
if (DBS.has('pglite')) out.push(...(await scenarioSet('pglite')));
if (!DBS.has('postgres')) {
  // not asked for
} else if (process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL) {
  process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL;
  out.push(...(await scenarioSet('postgres')));
} else {
  out.push('postgres (skipped: set BENCH_DATABASE_URL to a PostgreSQL server URL to include it)');
}
console.log(`\nbench:api — ${USERS} concurrent users, ${DURATION} s per scenario, rate limits off`);
console.log(out.join('\n'));
process.exit(0);
