/**
 * Real server processes on a real PostgreSQL server this test starts (initdb/pg_ctl): three processes
 * starting together on an empty database all come up (migrations under an advisory lock); with
 * PostgreSQL stopped the process lives, /healthz says alive, /readyz and every database-backed request
 * answer 503 with Retry-After and a JSON reason; PostgreSQL back, the same process serves again. Logs are
 * JSON lines carrying the request's id (taken from X-Request-Id).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { canStartPostgres, startPostgres, type TempPostgres } from '../../../../scripts/pg-temp.mjs';
import { freePort, spawnServer, waitHealthy } from '../test/processes';

const children: ChildProcess[] = [];
let server: TempPostgres | undefined;

describe('server processes on a PostgreSQL that goes away', () => {
  beforeAll(async () => {
    if (!canStartPostgres())
      throw new Error(
        'This test starts its own PostgreSQL: initdb and pg_ctl must be on PATH (and, as root, a postgres user must exist).',
      );
    server = await startPostgres({ maxConnections: 100 });
  }, 60_000);
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    server?.stop();
  });

  it('three processes starting together on an empty database all come up; an outage is a 503 and the process recovers by itself', async () => {
    const admin = new pg.Client({ connectionString: server!.url });
    await admin.connect();
    await admin.query('CREATE DATABASE fresh');
    await admin.end();
    const url = server!.dbUrl('fresh');

    const ports = [await freePort(), await freePort(), await freePort()];
    const procs = ports.map((port, i) =>
      spawnServer({
        PORT: String(port),
        BASE_URL: `http://localhost:${port}`,
        DATABASE_URL: url,
        LOG_FORMAT: i === 0 ? 'json' : 'text',
      }),
    );
    for (const p of procs) children.push(p.child);
    await Promise.all(procs.map((p, i) => waitHealthy(`http://localhost:${ports[i]}`, p)));
    for (const p of procs) expect(p.child.exitCode).toBeNull();
    procs[1]!.child.kill('SIGTERM');
    procs[2]!.child.kill('SIGTERM');
    expect(await procs[1]!.exited).toBe(0);
    expect(await procs[2]!.exited).toBe(0);

    const a = procs[0]!;
    const base = `http://localhost:${ports[0]}`;
    const json = { origin: base, 'content-type': 'application/json' };
    const email = 'outage@example.com';
    expect(
      (
        await fetch(`${base}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email, password: 'password123', name: 'O' }),
        })
      ).status,
    ).toBe(200);
    const mails = (await (await fetch(`${base}/api/dev/mailbox`)).json()) as { to: string; links: string[] }[];
    const link = mails.find((m) => m.to === email)!.links.find((l) => l.includes('verify-email'))!;
    const cookie = (await fetch(link, { redirect: 'manual' })).headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const check = (id: string) =>
      fetch(`${base}/api/functions/check-balance`, {
        method: 'POST',
        headers: { ...json, cookie, 'x-request-id': id },
        body: JSON.stringify({ word_count: 60 }),
      });
    expect((await check('before-outage')).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);

    server!.halt();
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const notReady = await fetch(`${base}/readyz`);
    expect(notReady.status).toBe(503);
    expect(notReady.headers.get('retry-after')).toMatch(/^\d+$/);

    const down = await check('during-outage');
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(down.headers.get('x-request-id')).toBe('during-outage');
    const body = (await down.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('UNAVAILABLE');
    expect(body.error.message).toMatch(/database/i);
    // better-auth's own routes too: never a 500.
    const session = await fetch(`${base}/api/auth/get-session`, { headers: { cookie } });
    expect(session.status).toBe(503);
    expect(session.headers.get('retry-after')).toMatch(/^\d+$/);
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: 'password123' }),
    });
    expect(signIn.status).toBe(503);
    expect(a.child.exitCode).toBeNull();

    server!.resume();
    await expect
      .poll(async () => (await fetch(`${base}/readyz`)).status, {
        timeout: 10_000,
        interval: 100,
        message: 'ready again once the database is back',
      })
      .toBe(200);
    const after = await check('after-outage');
    expect(after.status).toBe(200);
    expect(after.headers.get('x-request-id')).toBe('after-outage');
    expect(a.child.exitCode).toBeNull();

    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    // Structured logs: every line is a JSON object, and the request's lines carry its id.
    const lines = a
      .output()
      .split('\n')
      .filter((l) => l.trim() !== '');
    const parsed = lines.map((l) => {
      try {
        return JSON.parse(l) as { level: string; msg: string; requestId?: string; status?: number };
      } catch {
        throw new Error(`not a JSON log line: ${l}`);
      }
    });
    const outageLines = parsed.filter((l) => l.requestId === 'during-outage');
    expect(outageLines.some((l) => l.msg === 'request' && l.status === 503)).toBe(true);
    expect(outageLines.some((l) => l.msg === 'database unavailable')).toBe(true);
    expect(parsed.some((l) => /Stopped cleanly/.test(l.msg))).toBe(true);
  }, 150_000);
});
