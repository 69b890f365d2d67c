/**
 * The public API as `npm start` serves it: the esbuild bundle under plain Node, over real HTTP. An account
 * is confirmed from the outbox, pays for Pro in the sandbox, creates a key on the profile's endpoint, and
 * the key humanizes exactly as the web app does; the reference page's bundle is found from dist/ too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CreatedApiKey, HumanizeOutput, OutboxMail } from '@plainspoken/shared';
import { freePort, waitHealthy } from '../../test/processes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'plainspoken-api-bundle-'));
let child: ChildProcess | null = null;
let base = '';
let out = '';

const TEXT =
  "In today's fast-paced digital landscape, it is important to note that effective communication plays a crucial role in fostering collaboration. Moreover, organizations must leverage innovative strategies to navigate the complexities of modern work. Furthermore, teams that embrace transparency can unlock their full potential and drive meaningful results across every department and region.";

function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => c && !c.endsWith('='))
    .join('; ');
}

describe('the public API in the built bundle', () => {
  beforeAll(async () => {
    const b = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
    expect(b.status, b.stderr).toBe(0);
    const port = await freePort();
    base = `http://localhost:${port}`;
    child = spawn(process.execPath, ['apps/server/dist/index.js'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'test',
        PORT: String(port),
        BASE_URL: base,
        DATA_DIR: mkdtempSync(path.join(tmp, 'data-')),
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'error',
        ENGINE_POOL_SIZE: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    await waitHealthy(base, { child, output: () => out });
  }, 180_000);
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(tmp, { recursive: true, force: true });
  });

  it('a key made through the profile endpoints humanizes exactly as the web app does', async () => {
    const email = `api-${Date.now()}@example.com`;
    const site = { origin: base, 'content-type': 'application/json' };
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: site,
      body: JSON.stringify({ email, password: 'password123', name: email, callbackURL: '/' }),
    });
    expect(signUp.status).toBe(200);
    const mails = (await (await fetch(`${base}/api/dev/mailbox`)).json()) as OutboxMail[];
    const link = mails.find((m) => m.to === email)!.links.find((l) => l.includes('/api/auth/verify-email'))!;
    const cookie = cookieOf(await fetch(link, { redirect: 'manual' }));
    expect(cookie).toContain('session_token');

    const checkout = (await (
      await fetch(`${base}/api/functions/create-checkout`, {
        method: 'POST',
        headers: { ...site, cookie },
        body: JSON.stringify({ planTier: 'Pro', billingPeriod: 'monthly' }),
      })
    ).json()) as { url: string };
    const session = new URL(checkout.url, base).searchParams.get('session')!;
    const paid = await fetch(`${base}/sandbox/checkout/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: base, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ session }),
    });
    expect(paid.status).toBe(303);

    const made = await fetch(`${base}/api/api-keys`, {
      method: 'POST',
      headers: { ...site, cookie },
      body: JSON.stringify({ name: 'bundle' }),
    });
    expect(made.status).toBe(201);
    const { secret } = (await made.json()) as CreatedApiKey;

    const web = (await (
      await fetch(`${base}/api/functions/humanize-text`, {
        method: 'POST',
        headers: { ...site, cookie },
        body: JSON.stringify({ text: TEXT, mode: 'lightning', useSecondPrompt: false }),
      })
    ).json()) as HumanizeOutput;
    const res = await fetch(`${base}/v1/humanize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', 'idempotency-key': 'bundle-1' },
      body: JSON.stringify({ text: TEXT, mode: 'lightning' }),
    });
    expect(res.status).toBe(200);
    const api = (await res.json()) as HumanizeOutput;
    expect(api.humanized_text).toBe(web.humanized_text);
    expect({ ...api, transformation_id: null, remaining_balance: 0 }).toEqual({
      ...web,
      transformation_id: null,
      remaining_balance: 0,
    });
    expect(api.remaining_balance).toBe(15_000 - 2 * api.words_charged);
    const retry = await fetch(`${base}/v1/humanize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', 'idempotency-key': 'bundle-1' },
      body: JSON.stringify({ text: TEXT, mode: 'lightning' }),
    });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(
      (
        (await (await fetch(`${base}/v1/usage`, { headers: { authorization: `Bearer ${secret}` } })).json()) as {
          balance: number;
        }
      ).balance,
    ).toBe(api.remaining_balance);

    const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/v1/detect',
      '/v1/humanize',
      '/v1/transformations/{id}/export.docx',
      '/v1/usage',
    ]);
    // The build copies Scalar's bundle beside the server: a production install has no @scalar package.
    expect(existsSync(path.join(root, 'apps/server/dist/vendor/scalar-standalone.js'))).toBe(true);
    const bundle = await fetch(`${base}/docs/api/scalar.js`);
    expect(bundle.status).toBe(200);
    expect((await bundle.text()).length).toBeGreaterThan(1_000_000);
  }, 120_000);
});
