/**
 * Test harness: the real app in-process on a fresh database (PGlite cloned from a migrated template, or a
 * new database on the PostgreSQL server named by TEST_DATABASE_URL), with helpers to sign users up.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadEnv, type Env } from '../env';
import { migrationsFolder, openDatabase, type Database } from '../db/client';
import { buildProduct, type BuildOptions } from '../server';
import { listOutbox } from '../lib/mail';
import { createLogger } from '../lib/logger';
import type { Engine, EngineJob, EngineOutput } from '../lib/engine/engine';

export type DbKind = 'pglite' | 'postgres';
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

let template: Promise<Blob | File> | null = null;
/**
 * A migrated PGlite data folder, dumped once and kept on disk keyed by the migrations' content, so each
 * test file loads it (about 1 s) instead of running initdb and the migrations (about 8 s on 2 cores).
 */
async function pgliteTemplate(): Promise<Blob | File> {
  template ??= (async () => {
    const folder = migrationsFolder();
    const hash = createHash('sha256');
    for (const f of readdirSync(folder).sort()) if (f.endsWith('.sql')) hash.update(readFileSync(path.join(folder, f)));
    const file = path.join(os.tmpdir(), `plainspoken-pglite-template-${hash.digest('hex').slice(0, 16)}.tar.gz`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const base = new PGlite();
    const d = await openDatabase({ pglite: base });
    const dump = await base.dumpDataDir('gzip');
    await d.close();
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file); // atomic: parallel test files never read a half-written template
    return dump;
  })();
  return template;
}

export async function createTestDatabase(kind: DbKind = 'pglite'): Promise<Database> {
  if (kind === 'pglite') {
    const client = new PGlite({ loadDataDir: await pgliteTemplate() });
    return openDatabase({ pglite: client });
  }
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DATABASE_URL is not set');
  const name = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  // The database is dropped with its connections at the end; their 'terminated' errors are expected then.
  const d = await openDatabase({ url: url.toString(), onConnectionError: () => {} });
  return {
    ...d,
    async close() {
      await d.close();
      const c2 = new pg.Client({ connectionString: admin });
      await c2.connect();
      await c2.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c2.end();
    },
  };
}

export const BASE = 'http://localhost:3999';

export function testEnv(extra: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    BASE_URL: BASE,
    // Not the public development secret: with that one, email links work only from loopback clients, and
    // the harness's clients come from 10.x addresses.
    BETTER_AUTH_SECRET: 'plainspoken-test-harness-secret-0123456789abcdef',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    RATE_LIMITS: 'on',
    ...extra,
  });
}

/** An engine that runs in the test's own thread; `fail` makes it throw like a broken provider. */
export function inlineEngine(behaviour: { fail?: boolean; delayMs?: number } = {}): Engine & { calls: EngineJob[] } {
  const calls: EngineJob[] = [];
  return {
    calls,
    async run(job, onProgress): Promise<EngineOutput> {
      calls.push(job);
      onProgress?.({ stage: 'detect' });
      onProgress?.({ stage: 'rewrite' });
      if (behaviour.delayMs) await new Promise((r) => setTimeout(r, behaviour.delayMs));
      if (behaviour.fail) throw new Error('engine exploded');
      // A rewrite changes the text (text returned unchanged is free): 'utilize' goes, the first letter is a capital.
      const text = job.text.replace(/\butilize\b/g, 'use').replace(/^\p{Ll}/u, (c) => c.toUpperCase());
      const out = job.secondPass ? `${text} ` : text;
      return {
        text: out,
        scoreBefore: 80,
        scoreAfter: 40,
        engine: 'local',
        outcome: out === job.text ? 'unchanged' : 'light-edit',
        language: 'en',
        sentencesAfter: [],
        tokensUsed: 0,
        tokensIn: 0,
        tokensOut: 0,
        candidates: 0,
        guardRejected: false,
        repairedSentences: 0,
        improved: true,
        styleApplied: [],
        ms: 1,
      };
    },
    // The light edit's candidates for a sentence: 'utilize' becomes 'use' and scores lower; nothing else does.
    async alternatives(job) {
      if (behaviour.fail) throw new Error('engine exploded');
      const sentence = job.text.slice(job.start, job.end).trim();
      const alt = sentence.replace(/\butilize\b/g, 'use');
      return { original: 70, alternatives: alt === sentence ? [] : [{ text: alt, score: 60 }] };
    },
    async detect(text) {
      if (behaviour.fail) throw new Error('engine exploded');
      return {
        score: 70,
        flagged: true,
        sentences: [{ start: 0, end: Math.min(text.length, 20), score: 70, flagged: true, reasons: ['stock phrase'] }],
        verdict: 'ai',
        composition: { ai: 100, mixed: 0, human: 0 },
      };
    },
    stats: () => ({ threads: 0, queued: 0, running: 0 }),
    close: async () => {},
  };
}

export interface TestProduct {
  app: Awaited<ReturnType<typeof buildProduct>>['app'];
  deps: Awaited<ReturnType<typeof buildProduct>>['deps'];
  close(): Promise<void>;
  req(
    path: string,
    init?: {
      method?: string;
      body?: unknown;
      rawBody?: string;
      cookie?: string;
      headers?: Record<string, string>;
      ip?: string;
    },
  ): Promise<Response>;
  signUp(email: string, password?: string, ip?: string): Promise<Response>;
  confirm(email: string): Promise<string>;
  newUser(email?: string): Promise<{ email: string; cookie: string; id: string }>;
}

export function cookieFrom(res: Response): string {
  const set = res.headers.getSetCookie();
  return set
    .map((c) => c.split(';')[0])
    .filter((c) => c && !c.endsWith('='))
    .join('; ');
}

export async function createTestProduct(
  opts: { kind?: DbKind; env?: Record<string, string> } & BuildOptions = {},
): Promise<TestProduct> {
  const env = testEnv(opts.env);
  const database = opts.database ?? (await createTestDatabase(opts.kind));
  const product = await buildProduct(env, {
    database,
    engine: opts.engine ?? inlineEngine(),
    logger: opts.logger ?? createLogger((process.env.TEST_LOG_LEVEL as 'error' | undefined) ?? 'silent'),
    now: opts.now,
  });
  let ipSeq = 0;
  const defaultIp = `10.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 200)}.1`;
  const req: TestProduct['req'] = (path, init = {}) => {
    const headers: Record<string, string> = {
      origin: BASE,
      'x-forwarded-for': init.ip ?? defaultIp,
      ...(init.headers ?? {}),
    };
    if (init.cookie) headers.cookie = init.cookie;
    let body: string | undefined = init.rawBody;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] = 'application/json';
    }
    return Promise.resolve(
      product.app.request(`${BASE}${path}`, {
        method: init.method ?? (body !== undefined ? 'POST' : 'GET'),
        headers,
        body,
      }),
    );
  };
  const signUp: TestProduct['signUp'] = (email, password = 'password123', ip) =>
    req('/api/auth/sign-up/email', {
      body: { email, password, name: email, callbackURL: '/' },
      ip: ip ?? `10.9.${++ipSeq % 250}.${Math.floor(Math.random() * 250)}`,
    });
  const confirm: TestProduct['confirm'] = async (email) => {
    const mail = (await listOutbox(product.deps.db)).find((m) => m.to === email && /confirm/i.test(m.subject));
    const link = mail?.links.find((l) => l.includes('/api/auth/verify-email'));
    if (!link) throw new Error(`no confirmation link for ${email}`);
    const u = new URL(link);
    const res = await req(u.pathname + u.search);
    if (res.status !== 302) throw new Error(`verify answered ${res.status}`);
    return cookieFrom(res);
  };
  return {
    app: product.app,
    deps: product.deps,
    close: () => product.close(),
    req,
    signUp,
    confirm,
    async newUser(email = `u${randomUUID().slice(0, 8)}@example.com`) {
      const r = await signUp(email);
      if (r.status !== 200) throw new Error(`sign-up answered ${r.status}: ${await r.text()}`);
      const cookie = await confirm(email);
      const me = (await (await req('/api/me', { cookie })).json()) as { user: { id: string } };
      return { email, cookie, id: me.user.id };
    },
  };
}
