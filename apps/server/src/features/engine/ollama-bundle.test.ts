/**
 * The built server (`node apps/server/dist/index.js`, as `npm start` runs it) with nothing configured for a
 * model but OLLAMA_HOST: a fake Ollama is found at start and writes the rewrites; when it stops, the next
 * rewrite falls back to a light edit; when it starts again, rewrites recover by themselves. The fake listens
 * on a port the system hands it (never Ollama's own 11434, where a real Ollama or a `npm start` beside the
 * tests would find it); that the default OLLAMA_HOST is Ollama's default port is env.test.ts's business.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeOllama, type FakeOllama } from '@plainspoken/humanizer/testing';
import type { HumanizeOutput } from '@plainspoken/shared';
import { freePort, waitHealthy } from '../../test/processes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const TEXT =
  'It is important to note that remote work has changed how teams collaborate. Moreover, companies do not need large offices anymore, ' +
  'and many employees report that they utilize the saved commuting time for exercise and family. However, managers must learn new ways ' +
  'to keep everyone aligned, because hallway chats no longer happen.';

let ollama: FakeOllama | null = null;

describe('npm start with a (fake) Ollama at OLLAMA_HOST and nothing else configured', () => {
  let child: ChildProcess;
  let base = '';
  let cookie = '';
  let out = '';
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'plainspoken-ollama-'));
  const json = { 'content-type': 'application/json', origin: '' };

  beforeAll(async () => {
    ollama = await startFakeOllama({ port: 0 });
    const b = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
    expect(b.status, b.stderr).toBe(0);
    const port = await freePort();
    base = `http://localhost:${port}`;
    json.origin = base;
    child = spawn(process.execPath, ['apps/server/dist/index.js'], {
      cwd: root,
      // No HUMANIZER_LLM_*; OLLAMA_HOST is the fake's own port. Checks every 2 s instead of 60 to keep the test short.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'development',
        PORT: String(port),
        DATA_DIR: path.join(tmp, 'data'),
        RATE_LIMITS: 'off',
        // info: the development outbox's links are read from the server's output (the page is admin-only).
        LOG_LEVEL: 'info',
        ENGINE_POOL_SIZE: '1',
        OLLAMA_PROBE_SECONDS: '2',
        OLLAMA_HOST: ollama.url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    await waitHealthy(base, { child, output: () => out });
    const email = 'ollama-user@example.com';
    const su = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: 'password123', name: email }),
    });
    expect(su.status).toBe(200);
    // The link appears in the server's output: wait for it.
    const linkRe = /https?:\/\/[^\s"\\]*\/api\/auth\/verify-email[^\s"\\]*/;
    const link = await vi.waitFor(
      () => {
        const found = linkRe.exec(out)?.[0];
        if (!found) throw new Error(`no confirmation link in the server's output:\n${out}`);
        return found;
      },
      { timeout: 20_000, interval: 50 },
    );
    cookie = (await fetch(link, { redirect: 'manual' })).headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(cookie).toMatch(/session_token/);
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await ollama?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  const byModel = (r: HumanizeOutput): boolean => r.engine === 'model' || r.alternative !== undefined;
  const rewrite = async (): Promise<HumanizeOutput> => {
    const res = await fetch(`${base}/api/functions/humanize-text`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ text: TEXT, mode: 'lightning' }),
    });
    const body = (await res.json()) as HumanizeOutput;
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body;
  };

  it('writes with the model, falls back within one request when Ollama stops, and recovers by itself', async () => {
    const up = await rewrite();
    // The model wrote it: delivered, or offered beside the light edit that scored lower (decision 0059).
    expect(byModel(up), up.summary).toBe(true);
    expect(up.summary).toMatch(up.engine === 'model' ? /^Full rewrite/ : /^Light edit/);
    expect(ollama!.chatRequests).toBeGreaterThan(0);

    await ollama!.stop();
    const down = await rewrite();
    expect(down.engine).toBe('local');
    expect(down.outcome).toBe('light-edit-fallback');

    const upsBefore = out.split('model provider is up').length;
    await ollama!.start();
    // No request and no restart: the periodic check (every 2 s here) finds it again and says so in the log.
    await expect.poll(() => out.split('model provider is up').length, { timeout: 20_000 }).toBeGreaterThan(upsBefore);
    const back = await rewrite();
    expect(byModel(back), back.summary).toBe(true);
  }, 90_000);
});
