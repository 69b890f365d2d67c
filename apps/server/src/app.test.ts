import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '@hono/node-server';
import { testClient } from 'hono/testing';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadEnv } from './env';
import { buildProduct } from './server';
import { BASE, createTestDatabase, createTestProduct, inlineEngine, type TestProduct } from './test/harness';
import { createLogger } from './lib/logger';

describe('HTTP edges', () => {
  let t: TestProduct;
  beforeAll(async () => {
    t = await createTestProduct();
  });
  afterAll(async () => t.close());

  it('answers unknown API paths with a JSON 404', async () => {
    const r = await t.req('/api/v2/whatever');
    expect(r.status).toBe(404);
    expect(await r.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('gives 4xx with a reason for malformed and oversized auth requests, never 500', async () => {
    const cases = [
      { rawBody: '{"email": ', headers: { 'content-type': 'application/json' } },
      { body: { email: 42, password: ['x'] } },
      { body: { email: `${'a'.repeat(5000)}@example.com`, password: 'password123', name: 'x' } },
      { body: { email: 'not-an-email', password: 'password123', name: 'x' } },
      { body: { email: 'ok@example.com', password: 'p1'.repeat(200), name: 'x' } },
    ];
    for (const c of cases) {
      const r = await t.req('/api/auth/sign-up/email', { ...c, method: 'POST' });
      expect(r.status, JSON.stringify(c).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    const huge = await t.req('/api/auth/sign-in/email', {
      rawBody: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(400_000) }),
      headers: { 'content-type': 'application/json' },
      method: 'POST',
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: { message: expect.stringMatching(/too large/) as unknown } });
  });

  it('serves the public configuration without secrets', async () => {
    const cfg = await (await testClient(t.app).api.config.$get()).json();
    expect(cfg).toMatchObject({ googleEnabled: false, payments: 'sandbox', engine: 'local', posthog: null });
    expect(JSON.stringify(cfg)).not.toMatch(/secret/i);
  });

  it('answers Google sign-in with an error when Google is not configured', async () => {
    const r = await t.req('/api/auth/sign-in/social', { body: { provider: 'google', callbackURL: '/' } });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
  });
});

describe('production mode', () => {
  it('has no outbox or dev pages', async () => {
    const env = loadEnv({
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: 's'.repeat(40),
      BASE_URL: 'http://localhost:3998',
      SMTP_URL: 'smtp://127.0.0.1:1',
      LOG_LEVEL: 'silent',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      SANDBOX_WEBHOOK_SECRET: 'w'.repeat(40),
    });
    const p = await buildProduct(env, {
      database: await createTestDatabase(),
      engine: inlineEngine(),
      logger: createLogger('silent'),
    });
    try {
      expect((await p.app.request('http://localhost:3998/api/dev/mailbox')).status).toBe(404);
      const page = await p.app.request('http://localhost:3998/dev/mailbox');
      expect(await page.text()).not.toMatch(/Local outbox/);
    } finally {
      await p.close();
    }
  });
});

describe('the built web app', () => {
  it('serves assets gzipped when asked, the app with a 404 status for unknown pages, and 404 for missing assets', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Plainspoken</title>');
    writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log("x");'.repeat(200));
    const t = await createTestProduct({ env: { WEB_DIST: dist } });
    try {
      const js = await t.app.request('http://localhost:3999/assets/app-1.js', {
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(js.status).toBe(200);
      expect(js.headers.get('content-encoding')).toBe('gzip');
      expect(js.headers.get('cache-control')).toMatch(/immutable/);
      const raw = await t.app.request('http://localhost:3999/assets/app-1.js');
      expect(raw.headers.get('content-encoding')).toBeNull();
      expect((await raw.text()).length).toBe(3400);
      // Unknown pages get the app (it renders its not-found page) with a real 404 status.
      const page = await t.app.request('http://localhost:3999/no/such/page');
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(await page.text()).toMatch(/<title>Page not found — Plainspoken/);
      const known = await t.app.request('http://localhost:3999/pricing/');
      expect(known.status).toBe(200);
      expect(await known.text()).toMatch(/<title>Pricing — Plainspoken/);
      expect((await t.app.request('http://localhost:3999/assets/missing.js')).status).toBe(404);
      writeFileSync(path.join(dist, '..', 'secret.txt'), 'outside the web root');
      const escape = await t.app.request('http://localhost:3999/assets/%2e%2e%2f%2e%2e%2fsecret.txt');
      expect(escape.status).toBeLessThan(500);
      expect(await escape.text()).not.toMatch(/outside the web root/); // never a file above the web root
    } finally {
      await t.close();
    }
  });
});

describe('pages for search engines', () => {
  it("writes each page's title and description into the HTML, with its chunks preloaded, and serves robots.txt and sitemap.xml", async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><meta name="description" content="x" />\n<title>Plainspoken</title>\n  </head><body><div id="root"><header></header><!--page-top--></div></body></html>',
    );
    writeFileSync(
      path.join(dist, 'route-chunks.json'),
      JSON.stringify({ pricing: ['/assets/pricing-1.js', '/assets/pricing-1.css'] }),
    );
    writeFileSync(
      path.join(dist, 'prerendered.json'),
      JSON.stringify({ history: '<main id="main">prerendered top</main>' }),
    );
    // A public BASE_URL needs secrets of its own (the public defaults are refused off loopback).
    const t = await createTestProduct({
      env: {
        WEB_DIST: dist,
        BASE_URL: 'https://plainspoken.example',
        BETTER_AUTH_SECRET: 'search-engine-pages-test-secret-0123456789abcdef',
        SANDBOX_WEBHOOK_SECRET: 'search-engine-pages-test-webhook-0123456789abcdef',
      },
    });
    try {
      const pricing = await (await t.app.request('http://localhost:3999/pricing')).text();
      expect(pricing).toContain('<title>Pricing — Plainspoken</title>');
      expect(pricing).toMatch(/<meta name="description" content="Plainspoken plans: [^"]+" \/>/);
      expect(pricing).toContain('<link rel="canonical" href="https://plainspoken.example/pricing" />');
      expect(pricing).toContain('<link rel="modulepreload" crossorigin href="/assets/pricing-1.js">');
      expect(pricing).toContain('<link rel="stylesheet" crossorigin href="/assets/pricing-1.css">');
      const missing = await t.app.request('http://localhost:3999/pricing-old');
      expect(missing.status).toBe(404);
      const html = await missing.text();
      expect(html).toContain('<title>Page not found — Plainspoken</title>');
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).not.toContain('modulepreload');

      // Without a session cookie the page says so (the app starts signed out) and carries its prerendered
      // top; with one, neither.
      const noCookie = await t.app.request('http://localhost:3999/history');
      const noCookieHtml = await noCookie.text();
      expect(noCookieHtml).toContain('<meta name="plainspoken-session" content="none" />');
      expect(noCookieHtml).toContain('<header></header><main id="main">prerendered top</main></div>');
      expect(noCookie.headers.get('vary')).toMatch(/cookie/i);
      const withCookie = await t.app.request('http://localhost:3999/history', {
        headers: { cookie: 'theme=dark; better-auth.session_token=abc.def' },
      });
      const withCookieHtml = await withCookie.text();
      expect(withCookieHtml).not.toContain('plainspoken-session');
      expect(withCookieHtml).not.toContain('prerendered top');
      expect(withCookieHtml).not.toContain('<!--page-top-->');
      expect(pricing).not.toContain('<!--page-top-->');
      const otherCookie = await t.app.request('http://localhost:3999/history', {
        headers: { cookie: 'better-auth.session_data=x' },
      });
      expect(await otherCookie.text()).toContain('<meta name="plainspoken-session" content="none" />');

      const robots = await t.app.request('http://localhost:3999/robots.txt');
      expect(robots.status).toBe(200);
      const robotsText = await robots.text();
      expect(robotsText).toContain('Sitemap: https://plainspoken.example/sitemap.xml');
      expect(robotsText).toContain('Disallow: /api/\n');
      expect(robotsText).not.toMatch(/^Disallow: \/pricing$/m);
      const sitemap = await t.app.request('http://localhost:3999/sitemap.xml');
      expect(sitemap.headers.get('content-type')).toMatch(/application\/xml/);
      const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(locs).toContain('https://plainspoken.example/pricing');
      expect(locs).toContain('https://plainspoken.example/');
      expect(locs).not.toContain('https://plainspoken.example/profile');
    } finally {
      await t.close();
    }
  });
});

describe('precompressed web assets', () => {
  it('sends the brotli or gzip twin the build wrote, by what the browser accepts, and the 503 before a build', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { brotliCompressSync, gzipSync, brotliDecompressSync } = await import('node:zlib');
    const dist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Plainspoken</title>');
    const js = 'console.log("precompressed");'.repeat(100);
    writeFileSync(path.join(dist, 'assets', 'app-2.js'), js);
    writeFileSync(path.join(dist, 'assets', 'app-2.js.br'), brotliCompressSync(js));
    writeFileSync(path.join(dist, 'assets', 'app-2.js.gz'), gzipSync(js));
    const t = await createTestProduct({ env: { WEB_DIST: dist } });
    try {
      const br = await t.app.request('http://localhost:3999/assets/app-2.js', {
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.status).toBe(200);
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.headers.get('content-type')).toMatch(/javascript/);
      expect(br.headers.get('cache-control')).toMatch(/immutable/);
      expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(js);
      const gz = await t.app.request('http://localhost:3999/assets/app-2.js', {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      const index = await t.app.request('http://localhost:3999/');
      expect(index.headers.get('cache-control')).toBe('no-cache');
      expect(await index.text()).toMatch(/<title>Plainspoken/);
      expect((await t.app.request('http://localhost:3999/api/nothing-here')).status).toBe(404);
      rmSync(dist, { recursive: true, force: true });
      const unbuilt = await t.app.request('http://localhost:3999/pricing');
      expect(unbuilt.status).toBe(503);
      expect(await unbuilt.text()).toMatch(/not built/);
    } finally {
      await t.close();
    }
  });
});

describe('request bodies over real HTTP', () => {
  let t: TestProduct;
  let server: Server;
  let base: string;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestProduct({ env: { RATE_LIMITS: 'off' } });
    cookie = (await t.newUser()).cookie;
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await t.close();
  });

  /** A raw request, so the test decides between Content-Length and chunked bodies. */
  const send = (path: string, chunks: string[], headers: Record<string, string>) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        `${base}${path}`,
        { method: 'POST', headers: { origin: BASE, cookie, 'content-type': 'application/json', ...headers } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      for (const c of chunks) req.write(c);
      req.end();
    });

  it('reads JSON bodies sent with a Content-Length', async () => {
    const body = JSON.stringify({ word_count: 120 });
    const r = await send('/api/functions/check-balance', [body], { 'content-length': String(Buffer.byteLength(body)) });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toMatchObject({ subscriptionTier: 'FREE', canProcess: true });
    const bad = await send('/api/functions/check-balance', ['{"word_count": '], { 'content-length': '15' });
    expect(bad.status).toBe(400);
  });

  it('refuses an oversized body by its Content-Length, and a chunked one as it arrives', async () => {
    const big = JSON.stringify({ text: 'word '.repeat(60_000), mode: 'deep' });
    const declared = await send('/api/functions/humanize-text', [big], {
      'content-length': String(Buffer.byteLength(big)),
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    const parts = Array.from({ length: 30 }, (_, i) => (i === 0 ? '{"text":"' : 'word '.repeat(2_000)));
    const chunked = await send('/api/functions/humanize-text', parts, { 'transfer-encoding': 'chunked' });
    expect(chunked.status).toBe(413);
    // A small chunked body still works.
    const small = await send('/api/functions/check-balance', ['{"word_', 'count": 80}'], {
      'transfer-encoding': 'chunked',
    });
    expect(small.status).toBe(200);
  });
});
