/**
 * The server as a real process over real HTTP: JSON 404s, the SPA fallback, the data-folder lock, and a
 * SIGTERM that lets an in-flight rewrite finish and loses nothing committed.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitHealthy } from './test/processes';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plainspoken-proc-'));
const children: ChildProcess[] = [];

function start(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      BASE_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'info',
      SMTP_URL: '',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, exited, output: () => out };
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('serves, locks its data folder, and stops gracefully without losing work', async () => {
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const a = start(port);
    await waitHealthy(base);

    const nf = await fetch(`${base}/api/does-not-exist`);
    expect(nf.status).toBe(404);
    expect(((await nf.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    const page = await fetch(`${base}/some/unknown/page`);
    expect([200, 503]).toContain(page.status); // 503 only when the web app was never built

    const b = start(await freePort());
    const bCode = await b.exited;
    expect(bCode, b.output()).toBe(73);
    expect(b.output()).toMatch(/in use by another Plainspoken server/);

    const email = 'proc@example.com';
    const origin = { origin: base, 'content-type': 'application/json' };
    const su = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: origin,
      body: JSON.stringify({ email, password: 'password123', name: email }),
    });
    expect(su.status).toBe(200);
    const mails = (await (await fetch(`${base}/api/dev/mailbox`)).json()) as { to: string; links: string[] }[];
    const link = mails.find((m) => m.to === email)!.links.find((l) => l.includes('verify-email'))!;
    const verified = await fetch(link, { redirect: 'manual' });
    const cookie = verified.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(cookie).toMatch(/session_token/);

    const text = Array.from(
      { length: 120 },
      (_, i) => ['Moreover,', 'the', 'results', 'demonstrate', 'a', 'significant', 'improvement.'][i % 7],
    ).join(' ');
    const balance = async () =>
      ((await (await fetch(`${base}/api/subscription`, { headers: { cookie } })).json()) as { currentBalance: number })
        .currentBalance;
    const before = await balance();
    const inflight = fetch(`${base}/api/functions/humanize-text`, {
      method: 'POST',
      headers: { ...origin, cookie },
      body: JSON.stringify({ text, mode: 'deep' }),
    });
    // SIGTERM once the rewrite has started: its words are reserved (the balance went down).
    await expect
      .poll(balance, { timeout: 15_000, interval: 20, message: 'the rewrite reserved its words' })
      .toBeLessThan(before);
    a.child.kill('SIGTERM');
    const res = await inflight;
    expect(res.status).toBe(200);
    const done = (await res.json()) as { transformation_id: string; remaining_balance: number };
    expect(await a.exited).toBe(0);
    expect(a.output()).toMatch(/Stopped cleanly/);

    const again = start(port);
    await waitHealthy(base);
    const hist = (await (await fetch(`${base}/api/transformations`, { headers: { cookie } })).json()) as {
      items: { id: string }[];
    };
    expect(hist.items.map((i) => i.id)).toContain(done.transformation_id);
    const sub = (await (await fetch(`${base}/api/subscription`, { headers: { cookie } })).json()) as {
      currentBalance: number;
    };
    expect(sub.currentBalance).toBe(done.remaining_balance);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);
});
