/**
 * Analytics end to end: a second product server is started with PostHog pointed at a capture server
 * inside this test, and the events the browser sends are decoded and checked. The shared e2e server
 * has no analytics configured, so the other specs prove the opposite (nothing is sent).
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { TIMINGS } from '@plainspoken/shared';
import { PASSWORD, uniqueEmail } from './support';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

interface CapturedEvent {
  event: string;
  properties: Record<string, unknown>;
}

/** posthog-js sends JSON, gzip (compression=gzip-js) or base64 form bodies; all three are decoded. */
function decodeBody(buf: Buffer, url: URL): unknown[] {
  let text: string;
  if (buf[0] === 0x1f && buf[1] === 0x8b) text = gunzipSync(buf).toString('utf8');
  else text = buf.toString('utf8');
  if (text.startsWith('data=')) {
    const data = decodeURIComponent(new URLSearchParams(text).get('data') ?? '');
    text = Buffer.from(data, 'base64').toString('utf8');
  } else if (url.searchParams.get('compression') === 'base64') {
    text = Buffer.from(text, 'base64').toString('utf8');
  }
  try {
    const body = JSON.parse(text) as unknown;
    if (Array.isArray(body)) return body;
    if (body && typeof body === 'object' && 'batch' in body && Array.isArray(body.batch))
      return (body as { batch: unknown[] }).batch;
    return [body];
  } catch {
    return [];
  }
}

function startCapture(): Promise<{ server: http.Server; host: string; events: CapturedEvent[] }> {
  const events: CapturedEvent[] = [];
  const server = http.createServer((req, res) => {
    const origin = req.headers.origin ?? '*';
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (process.env.CAPTURE_DEBUG) console.log('capture', req.method, req.url);
      if (req.method === 'POST' && chunks.length) {
        for (const e of decodeBody(Buffer.concat(chunks), url)) {
          if (e && typeof e === 'object' && 'event' in e) {
            const ev = e as { event: unknown; properties?: unknown };
            events.push({
              event: String(ev.event),
              properties: (ev.properties as Record<string, unknown> | undefined) ?? {},
            });
          }
        }
      }
      // Remote configuration and flags: an empty answer keeps the library on its defaults.
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, host: `http://127.0.0.1:${port}`, events });
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the analytics server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the analytics server did not start');
}

let capture: Awaited<ReturnType<typeof startCapture>>;
let child: ChildProcess;
let dataDir: string;
let base: string;

test.beforeAll(async () => {
  capture = await startCapture();
  const port = await freePort();
  base = `http://localhost:${port}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'plainspoken-analytics-'));
  child = spawn(process.execPath, ['apps/server/dist/index.js'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      BASE_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      RATE_LIMITS: 'off',
      AUTH_RATE_LIMIT_SCALE: '100',
      POSTHOG_KEY: 'phc_e2e_test_key',
      POSTHOG_HOST: capture.host,
      LOG_LEVEL: 'warn',
    },
  });
  await waitForHealth(base, child);
});

test.afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  await new Promise((r) => capture.server.close(r));
  rmSync(dataDir, { recursive: true, force: true });
});

/** Opens the confirmation link from the analytics server's outbox outside the browser. */
async function confirmAccount(request: APIRequestContext, email: string): Promise<void> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get(`${base}/api/dev/mailbox`)).json()) as {
          to: string;
          links: string[];
        }[];
        link = mails.find((m) => m.to === email)?.links.find((l) => l.includes('/api/auth/verify-email'));
        return link;
      },
      { timeout: 10_000, intervals: [200], message: `a confirmation mail to ${email}` },
    )
    .toBeDefined();
  await request.get(link!, { maxRedirects: 0 });
}

// posthog-js drops events from browsers that look automated (webdriver flag, headless user agent);
// the test browser presents itself as an ordinary one so the real sending path is exercised.
test.use({
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
});
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false, configurable: true });
    Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => undefined, configurable: true });
  });
});

function named(name: string) {
  return capture.events.filter((e) => e.event === name);
}

test('page views, login, pricing view and checkout start reach the configured analytics host', async ({
  page,
  playwright,
}) => {
  const email = uniqueEmail('analytics');
  await page.goto(`${base}/`);
  await expect.poll(() => named('$pageview').length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(named('$pageview')[0]?.properties.path).toBe('/');

  await page.getByRole('banner').getByRole('button', { name: 'Get started' }).click();
  await page.getByRole('dialog').getByLabel('Email').fill(email);
  await page.getByRole('dialog').getByLabel('Password').fill(PASSWORD);
  await page.getByRole('dialog').getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('dialog', { name: 'Check your email' })).toBeVisible();
  await expect.poll(() => named('user_signed_up').length, { timeout: 15_000 }).toBeGreaterThan(0);
  const signedUp = named('user_signed_up')[0]?.properties ?? {};
  expect(signedUp.method).toBe('email');
  expect(typeof signedUp.user_id).toBe('string');
  const userId = String(signedUp.user_id);
  await expect.poll(() => named('sign_up').length).toBeGreaterThan(0);

  const api = await playwright.request.newContext();
  await confirmAccount(api, email);
  await api.dispose();
  await page.reload();

  await page.getByRole('banner').getByRole('button', { name: 'Get started' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Sign in here' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();

  await expect.poll(() => named('login').length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(named('login')[0]?.properties.method).toBe('email');
  await expect.poll(() => named('user_logged_in').length).toBeGreaterThan(0);
  expect(named('user_logged_in')[0]?.properties).toMatchObject({ method: 'email', user_id: userId });

  // The checkout request is held back, so the page stays while the batch is flushed.
  await page.route('**/api/functions/create-checkout', async (route) => {
    await new Promise((r) => setTimeout(r, 15_000));
    await route.abort().catch(() => undefined);
  });
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(`${base}/pricing`);
  await expect.poll(() => named('view_pricing').length, { timeout: 15_000 }).toBeGreaterThan(0);
  await expect.poll(() => named('$pageview').some((e) => e.properties.path === '/pricing')).toBe(true);

  // A new account has the back-to-school offer: the checkout starts at its price.
  await expect(page.getByTestId('promo-applied')).toContainText('BACK2SCHOOL40');
  await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
  await expect.poll(() => named('begin_checkout').length, { timeout: 15_000 }).toBeGreaterThan(0);
  const checkout = named('begin_checkout')[0]?.properties ?? {};
  expect(checkout).toMatchObject({ tier: 'Pro', currency: 'USD' });
  // Pro monthly at the offer's price: 19.99 x 0.6.
  expect(checkout.value).toBe(11.99);
});

test('without a configured key nothing leaves the browser', async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL ?? '') && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  const cfg = (await (await page.request.get('/api/config')).json()) as { posthog: unknown };
  expect(cfg.posthog).toBeNull();
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  // Nothing to wait for: the check is that nothing is sent. Analytics would start a second after the page
  // (TIMINGS.startupTrackingDelayMs) and send at once; watch a little longer than that.
  await page.waitForTimeout(TIMINGS.startupTrackingDelayMs + 1_500);
  expect(foreign).toEqual([]);
});
