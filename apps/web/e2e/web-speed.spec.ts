/**
 * Speed and stability of the first load: no layout shift on any page (with a slow CPU and network, so a
 * late chunk would show), a real 404 for unknown paths that still renders the app's not-found page,
 * per-page titles and descriptions in the HTML, robots.txt and sitemap.xml, brotli where accepted, and
 * each page's first-load JavaScript within its budget. Timings are measured by `npm run bench:web`, not here.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';

const ROUTES = [
  '/',
  '/pricing',
  '/ai-check',
  '/history',
  '/profile',
  '/privacy',
  '/terms',
  '/ethical-usage',
  '/maintenance',
  '/no-such-page',
];
const PUBLIC_PAGES = ['/', '/pricing', '/ai-check', '/privacy', '/terms', '/ethical-usage'];
const CLS_TARGET = 0.02;
/**
 * JavaScript a page downloads before it is usable, in KiB (1,024 bytes) of gzip (level 9, each file as the
 * server's .gz twin): the files fetched until the page settles, as `npm run bench:web` counts them.
 */
const FIRST_LOAD_JS_BUDGET_KB = 122;
const WEB_DIST = fileURLToPath(new URL('../dist', import.meta.url));

/** Records layout shifts from the first byte; CLS is the worst session window (gaps < 1 s, at most 5 s). */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { t: number; value: number; nodes: string[] }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as {
        startTime: number;
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      }[]) {
        if (!e.hadRecentInput)
          w.__shifts.push({
            t: e.startTime,
            value: e.value,
            nodes: (e.sources ?? []).map((s) => s.node?.nodeName ?? '?'),
          });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function cumulativeLayoutShift(page: Page): Promise<{ cls: number; shifts: unknown[] }> {
  const shifts = await page.evaluate(
    () => (window as unknown as { __shifts: { t: number; value: number; nodes: string[] }[] }).__shifts,
  );
  let worst = 0;
  let win = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const s of shifts) {
    if (s.t - last > 1000 || s.t - start > 5000) {
      win = 0;
      start = s.t;
    }
    win += s.value;
    last = s.t;
    worst = Math.max(worst, win);
  }
  return { cls: worst, shifts };
}

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, cpu: 4, latency: 150 },
  { name: 'desktop', viewport: { width: 1366, height: 768 }, cpu: 1, latency: 40 },
] as const;

for (const vp of VIEWPORTS) {
  test.describe(`first load on a ${vp.name}`, () => {
    test.use({ viewport: vp.viewport });
    for (const route of ROUTES) {
      test(`${route} does not shift its layout (CLS <= ${CLS_TARGET})`, async ({ page, context }) => {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: vp.latency,
          downloadThroughput: (1.6 * 1024 * 1024) / 8,
          uploadThroughput: (750 * 1024) / 8,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: vp.cpu });
        await recordShifts(page);
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(1000);
        const { cls, shifts } = await cumulativeLayoutShift(page);
        expect(cls, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(CLS_TARGET);
      });
    }
  });
}

/** The gzip size of a built file as the server sends it (its .gz twin; compressed here if it has none). */
function gzipBytes(urlPath: string): number {
  const file = WEB_DIST + decodeURIComponent(urlPath);
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

test.describe('first-load JavaScript', () => {
  for (const route of ROUTES) {
    test(`${route} loads at most ${FIRST_LOAD_JS_BUDGET_KB} KB of JavaScript (gzip) before it settles`, async ({
      browser,
      baseURL,
    }) => {
      const origin = new URL(baseURL!).origin;
      const files = new Set<string>();
      // A phone and a desktop, as the bench loads them: a chunk either one fetches counts.
      for (const options of [
        { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
        { viewport: { width: 1366, height: 768 } },
      ]) {
        const context = await browser.newContext(options);
        const page = await context.newPage();
        page.on('response', (res) => {
          const u = new URL(res.url());
          if (u.origin === origin && u.pathname.endsWith('.js')) files.add(u.pathname);
        });
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(1000);
        await context.close();
      }
      const sizes = [...files].map((f) => ({ f, kb: gzipBytes(f) / 1024 })).sort((a, b) => b.kb - a.kb);
      const total = sizes.reduce((a, s) => a + s.kb, 0);
      // The entry and the framework at least: the page was measured.
      expect(files.size).toBeGreaterThanOrEqual(2);
      expect(
        total,
        `${route}: ${total.toFixed(1)} KB in ${files.size} files\n` +
          sizes.map((s) => `  ${s.kb.toFixed(1).padStart(6)} ${s.f}`).join('\n'),
      ).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_KB);
    });
  }
});

test('an unknown path answers 404 and the app renders its not-found page', async ({ page }) => {
  const res = await page.goto('/no-such-page/at-all');
  expect(res?.status()).toBe(404);
  expect(res?.headers()['content-type']).toContain('text/html');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found — Plainspoken');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle('Plainspoken — AI text that reads like you wrote it');
});

test('known pages answer 200 with their own title, description and canonical address', async ({
  page,
  request,
  baseURL,
}) => {
  for (const [path, title] of [
    ['/pricing', 'Pricing — Plainspoken'],
    ['/history', 'History — Plainspoken'],
    ['/Pricing/', 'Pricing — Plainspoken'],
  ] as const) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}" \/>/);
    expect(html).toContain(
      `<link rel="canonical" href="${new URL(path.toLowerCase().replace(/\/$/, ''), baseURL).href}" />`,
    );
    // The page's own chunk is preloaded beside the entry.
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">/);
  }
  expect((await request.get('/api/no-such-endpoint')).status()).toBe(404);
  expect((await request.get('/assets/no-such-file.js')).status()).toBe(404);

  // Moving between pages in the app updates the title and description too.
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveTitle('Pricing — Plainspoken');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Free, Basic, Pro and Ultra/);
});

test('robots.txt names the sitemap and keeps crawlers out of the API and tool pages only', async ({
  request,
  baseURL,
}) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/plain');
  const body = await res.text();
  expect(body).toMatch(/^User-agent: \*$/m);
  expect(body).toContain(`Sitemap: ${new URL('/sitemap.xml', baseURL).href}`);
  for (const p of ['/api/', '/dev/', '/admin', '/webhook-test']) expect(body).toContain(`Disallow: ${p}\n`);
  for (const p of ['/pricing', '/history', '/ai-check']) expect(body).not.toMatch(new RegExp(`^Disallow: ${p}$`, 'm'));
});

test('sitemap.xml lists the public pages as absolute addresses, each of which answers 200', async ({
  request,
  baseURL,
}) => {
  const res = await request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/xml');
  const body = await res.text();
  expect(body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(locs).toEqual(PUBLIC_PAGES.map((p) => new URL(p, baseURL).href));
  for (const loc of locs) expect((await request.get(new URL(loc).pathname)).status(), loc).toBe(200);
});

/** A raw GET (no automatic decompression): status, headers and the bytes as sent. */
function rawGet(
  url: string,
  acceptEncoding: string | null,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding } },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

test('scripts and styles are sent brotli-compressed where the browser accepts it, gzip otherwise', async ({
  request,
  baseURL,
}) => {
  const html = await (await request.get('/')).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const entry = html.match(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(entry).toBeTruthy();
  expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
  for (const asset of [entry!, assets.find((a) => a.endsWith('.css'))!]) {
    const url = new URL(asset, baseURL).href;
    const plain = await rawGet(url, null);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await rawGet(url, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding'], asset).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    const gz = await rawGet(url, 'gzip, deflate');
    expect(gz.headers['content-encoding'], asset).toBe('gzip');
    expect(String(gz.headers.vary)).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(gz.body.length);
  }
});

test('the header paints from the HTML before the code runs, in the box the app then renders it in', async ({
  browser,
}) => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 768 },
  ]) {
    const noJs = await browser.newContext({ viewport, javaScriptEnabled: false });
    const shell = await noJs.newPage();
    await shell.goto('/pricing');
    const shellLogo = shell.getByRole('banner').getByRole('link', { name: 'Plainspoken' });
    await expect(shellLogo).toBeVisible();
    const before = await shellLogo.boundingBox();
    const shellHeader = await shell.locator('header').boundingBox();
    await noJs.close();

    const withJs = await browser.newContext({ viewport });
    const app = await withJs.newPage();
    await app.goto('/pricing');
    await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
    const logo = app.getByRole('banner').getByRole('link', { name: 'Plainspoken' });
    expect(await logo.boundingBox()).toEqual(before);
    expect(await app.locator('header').boundingBox()).toEqual(shellHeader);
    await withJs.close();
  }
});

test('the home page loads its lower sections as the visitor scrolls towards them, not with the first load', async ({
  page,
}) => {
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/assets/home-sections-')) chunks.push(r.url());
  });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Humanize', exact: false }).first()).toBeVisible();
  // (Untouched, they would still come a few seconds after the load event, for screen readers.)
  expect(chunks).toHaveLength(0);
  await expect(page.getByRole('heading', { name: /frequently asked/i })).toHaveCount(0);
  const footerTop = await page.locator('footer').evaluate((f) => f.getBoundingClientRect().top + window.scrollY);
  await page.mouse.wheel(0, 600);
  await expect(page.getByRole('heading', { name: /frequently asked/i })).toBeAttached();
  expect(chunks).toHaveLength(1);
  // The placeholder kept about the sections' height: the footer moved by less than a screen.
  const footerNow = await page.locator('footer').evaluate((f) => f.getBoundingClientRect().top + window.scrollY);
  expect(Math.abs(footerNow - footerTop)).toBeLessThan(768);
});

test('the home page top is in the HTML for signed-out visitors, in the boxes the app then renders', async ({
  browser,
}) => {
  const parts = (p: Page) => [
    p.getByRole('heading', { level: 1 }),
    p.getByText('Paste a draft from any AI writing tool.'),
    p.getByRole('button', { name: 'Try for free' }).first(), // the hero's (the closing call has one too, once loaded)
    p.getByRole('link', { name: 'See how it works' }),
  ];
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 768 },
  ]) {
    const noJs = await browser.newContext({ viewport, javaScriptEnabled: false });
    const shell = await noJs.newPage();
    await shell.goto('/');
    const before = [];
    for (const l of parts(shell)) {
      await expect(l).toBeVisible();
      before.push(await l.boundingBox());
    }
    await noJs.close();

    const withJs = await browser.newContext({ viewport });
    const app = await withJs.newPage();
    await app.goto('/');
    await expect(app.getByRole('textbox').first()).toBeVisible(); // the app's own render (the card is not prerendered)
    const after = [];
    for (const l of parts(app)) after.push(await l.boundingBox());
    expect(after).toEqual(before);
    await withJs.close();
  }
});
