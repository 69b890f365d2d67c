/**
 * kill -9 on a PGlite server, then a restart at once: the killed process is a zombie until its parent
 * reaps it (here a parent that never does), and the new server must still take the data folder, keep
 * everything committed, and give back words a rewrite in flight had reserved.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnServer, waitHealthy } from '../test/processes';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plainspoken-kill9-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const procState = (pid: number) => {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return s.slice(s.lastIndexOf(')') + 2, s.lastIndexOf(')') + 3);
  } catch {
    return 'gone';
  }
};

describe('a PGlite server killed with SIGKILL', () => {
  it('restarts at once (its zombie is not taken for a live owner) with nothing committed lost and reserved words refunded', async () => {
    // The product runs on Linux; this test watches the killed process's state in /proc.
    expect(process.platform, 'this test reads process states from /proc (Linux)').toBe('linux');
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const env = { PORT: String(port), BASE_URL: base, DATA_DIR: dataDir };
    // The server's parent is `sleep`, which never reaps it: after SIGKILL it stays a zombie.
    const a = spawnServer(env, {
      wrap: (argv) => ({
        cmd: 'sh',
        args: ['-c', `${argv.map((x) => `'${x}'`).join(' ')} & echo "pid=$!"; exec sleep 600`],
      }),
    });
    children.push(a.child);
    await waitHealthy(base, a);
    const pid = Number(/pid=(\d+)/.exec(a.output())![1]);

    const email = 'kill9@example.com';
    const json = { origin: base, 'content-type': 'application/json' };
    expect(
      (
        await fetch(`${base}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email, password: 'password123', name: 'K' }),
        })
      ).status,
    ).toBe(200);
    const mails = (await (await fetch(`${base}/api/dev/mailbox`)).json()) as { to: string; links: string[] }[];
    const link = mails.find((m) => m.to === email)!.links.find((l) => l.includes('verify-email'))!;
    const cookie = (await fetch(link, { redirect: 'manual' })).headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const text = Array.from(
      { length: 120 },
      (_, i) => ['Moreover,', 'the', 'results', 'demonstrate', 'a', 'significant', 'improvement.'][i % 7],
    ).join(' ');
    const first = await fetch(`${base}/api/functions/humanize-text`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ text, mode: 'lightning' }),
    });
    expect(first.status).toBe(200);
    const balance = async () =>
      ((await (await fetch(`${base}/api/subscription`, { headers: { cookie } })).json()) as { currentBalance: number })
        .currentBalance;
    const before = await balance();

    // A Deep rewrite in flight when the process dies: killed once its words are reserved.
    const inflight = fetch(`${base}/api/functions/humanize-text`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ text: `${text} again`, mode: 'deep' }),
    }).catch((e: Error) => e);
    await expect
      .poll(balance, { timeout: 15_000, interval: 20, message: 'the Deep rewrite reserved its words' })
      .toBeLessThan(before);
    process.kill(pid, 'SIGKILL');
    await expect
      .poll(() => procState(pid), { timeout: 5_000, interval: 10, message: 'the killed server is a zombie' })
      .toBe('Z');
    await inflight;

    const b = spawnServer(env);
    children.push(b.child);
    await waitHealthy(base, b);
    expect(b.child.exitCode).toBeNull();
    expect(procState(pid)).toBe('Z'); // still unreaped: the new server did not wait for that

    const hist = (await (await fetch(`${base}/api/transformations`, { headers: { cookie } })).json()) as {
      items: { id: string; words_charged: number }[];
    };
    expect(hist.items.length).toBeGreaterThanOrEqual(1);
    const sub = (await (await fetch(`${base}/api/subscription`, { headers: { cookie } })).json()) as {
      currentBalance: number;
    };
    // Every word taken is in a stored rewrite: the interrupted one was either saved or refunded at start-up. (What
    // each stored rewrite cost is its own: a text the engine returned unchanged costs nothing.)
    const stored = hist.items.reduce((sum, item) => sum + item.words_charged, 0);
    expect(stored).toBeLessThanOrEqual(120 + 121);
    expect(sub.currentBalance).toBe(250 - stored);
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
  }, 120_000);
});
