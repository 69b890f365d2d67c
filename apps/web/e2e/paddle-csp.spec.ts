import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// A second server of the built product with Paddle configured (the e2e server runs the sandbox). Paddle.js
// comes from Paddle's CDN, which is answered here by a stand-in that records how the page initialises it.
const root = fileURLToPath(new URL('../../..', import.meta.url));
/** A port the system hands out (never a fixed one another server on the machine may hold). */
const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
let PORT = 0;
let server: ChildProcess;
let dataDir: string;

test.beforeAll(async () => {
  PORT = Number(process.env.E2E_PADDLE_PORT ?? (await freePort()));
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'plainspoken-paddle-csp-'));
  server = spawn(process.execPath, ['apps/server/dist/index.js'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(PORT),
      BASE_URL: `http://localhost:${PORT}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'error',
      PADDLE_API_KEY: 'pdl_test_key',
      PADDLE_WEBHOOK_SECRET: 'pdl_test_webhook_secret',
      PADDLE_CLIENT_TOKEN: 'test_clienttoken',
      PADDLE_PRICE_IDS:
        'Basic:monthly=p1,Basic:yearly=p2,Pro:monthly=p3,Pro:yearly=p4,Ultra:monthly=p5,Ultra:yearly=p6',
    },
  });
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`http://localhost:${PORT}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the Paddle-configured server did not start');
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test('the Paddle checkout page loads Paddle.js from its CDN and initialises it under the CSP', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await page.route('https://cdn.paddle.com/**', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.Paddle = { Environment: { set: function (e) { window.__paddleEnv = e; } }, Initialize: function (o) { window.__paddleInit = { token: o.token, successUrl: o.checkout.settings.successUrl }; } };`,
    }),
  );
  const res = await page.goto(`http://localhost:${PORT}/billing/checkout?_ptxn=txn_01abc`);
  expect(res?.headers()['content-security-policy']).toContain('https://cdn.paddle.com');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __paddleInit?: unknown }).__paddleInit))
    .toEqual({
      token: 'test_clienttoken',
      successUrl: `http://localhost:${PORT}/profile?checkout=success`,
    });
  expect(await page.evaluate(() => (window as unknown as { __paddleEnv?: string }).__paddleEnv)).toBe('sandbox');
  expect(violations).toEqual([]);

  // Elsewhere in the same product Paddle's CDN is not allowed.
  const home = await page.request.get(`http://localhost:${PORT}/pricing`);
  expect(home.headers()['content-security-policy']).not.toContain('cdn.paddle.com');
});
