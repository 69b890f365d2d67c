// npm run bench:web — builds the product, serves the built server on a fresh database and prints, per
// route, what the first load costs and how the page paints:
//   - the JS and CSS files the browser fetched until the page settled, in bytes raw, gzip (level 9) and
//     brotli (quality 11), the forms the server sends, in KiB (1,024 bytes);
//   - FCP, LCP and CLS from Chromium (/usr/bin/chromium through playwright-core) on a phone (390 px,
//     4x CPU slowdown, 150 ms round trips at 1.6 Mbit/s, like Lighthouse's mobile preset) and on a desktop
//     (1366 px, 40 ms at 10 Mbit/s); BENCH_WEB_RUNS loads each (default 3): the median of FCP and LCP, the
//     worst CLS;
//   - each route's first-load JavaScript against the budget of 122 KiB gzip (decisions 0035 and 0056, the same
//     count apps/web/e2e/web-speed.spec.ts fails on): routes over it are listed and the bench exits 1;
//   - when the `lighthouse` package can be loaded (installed in the project, or LIGHTHOUSE_DIR naming a
//     folder whose node_modules has it, e.g. after `npm i --no-save lighthouse@12`), Lighthouse's mobile
//     performance and SEO scores for home, pricing and history.
// Options (environment): BENCH_WEB_PORT (default: a port the system hands out), BENCH_WEB_ROUTES (comma-separated paths),
// BENCH_WEB_NO_BUILD=1 to use the existing build, BENCH_WEB_LIGHTHOUSE=0 to skip Lighthouse, BENCH_WEB_RUNS,
// BENCH_WEB_FILES=1 to list each route's files (raw, gzip, brotli KB).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort, root, run } from './lib.mjs';

/** Set in main: BENCH_WEB_PORT, or a port the system hands out (never a fixed one). */
let PORT = 0;
let ORIGIN = '';
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
const ROUTES = (
  process.env.BENCH_WEB_ROUTES ??
  '/,/pricing,/ai-check,/history,/profile,/privacy,/terms,/ethical-usage,/maintenance,/no-such-page'
)
  .split(',')
  .map((r) => r.trim())
  .filter(Boolean);
const LIGHTHOUSE_ROUTES = ['/', '/pricing', '/history'];
/** First-load JavaScript per route, KiB gzip: every route, home included (decision 0035). */
const FIRST_LOAD_JS_BUDGET_KB = 122;
const WEB_DIST = path.join(root, 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const PROFILES = {
  mobile: {
    context: {
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
    },
    cpu: 4,
    network: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
  },
  desktop: {
    context: { viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1 },
    cpu: 1,
    network: { latency: 40, downloadThroughput: (10 * 1024 * 1024) / 8, uploadThroughput: (10 * 1024 * 1024) / 8 },
  },
};

// Collects paint timings and layout shifts from the first byte on. CLS is the largest session window
// (shifts less than 1 s apart, at most 5 s long), as Chromium and Lighthouse count it.
const VITALS_SCRIPT = () => {
  const v = { fcp: null, lcp: null, shifts: [] };
  window.__vitals = v;
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') v.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) v.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) {
      if (e.hadRecentInput) continue;
      v.shifts.push({
        t: e.startTime,
        value: e.value,
        sources: (e.sources ?? []).map((s) =>
          s.node && s.node.nodeName ? `${s.node.nodeName.toLowerCase()}${s.node.id ? '#' + s.node.id : ''}` : '?',
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

function cls(shifts) {
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
  return worst;
}

const sizeCache = new Map();
/** raw, gzip and brotli sizes of a built file, compressed as the build's precompress step does. */
function sizes(urlPath) {
  if (sizeCache.has(urlPath)) return sizeCache.get(urlPath);
  const file = path.join(WEB_DIST, decodeURIComponent(urlPath));
  const body = readFileSync(file);
  const s = {
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    br: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }).length,
  };
  sizeCache.set(urlPath, s);
  return s;
}

const median = (xs) => {
  const s = xs.filter((x) => x != null).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
};

async function waitForHealth(child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}) before it was ready`);
    try {
      const res = await fetch(`${ORIGIN}/api/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('The server did not answer /api/health within 120 s');
}

/** One cold load of `route` with a fresh cache: files fetched and paint timings. */
async function loadOnce(browser, profile, route) {
  const context = await browser.newContext(profile.context);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  await page.addInitScript(VITALS_SCRIPT);
  const files = new Set();
  page.on('response', (res) => {
    const u = new URL(res.url());
    if (u.origin === ORIGIN && /\.(js|css)$/.test(u.pathname)) files.add(u.pathname);
  });
  const response = await page.goto(ORIGIN + route, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  // Late shifts (a chunk that arrives after the load event) are counted too.
  await page.waitForTimeout(1500);
  const vitals = await page.evaluate(() => window.__vitals);
  const contentEncoding = response?.headers()['content-encoding'] ?? '';
  await context.close();
  return {
    status: response?.status(),
    files: [...files],
    fcp: vitals.fcp,
    lcp: vitals.lcp,
    cls: cls(vitals.shifts),
    shifts: vitals.shifts,
    contentEncoding,
  };
}

function lighthouseCli() {
  if (process.env.BENCH_WEB_LIGHTHOUSE === '0') return null;
  const bases = [root, process.env.LIGHTHOUSE_DIR].filter(Boolean);
  for (const base of bases) {
    try {
      const req = createRequire(path.join(path.resolve(base), 'package.json'));
      const pkg = req.resolve('lighthouse/package.json');
      const cli = path.join(path.dirname(pkg), 'cli/index.js');
      if (existsSync(cli)) return cli;
    } catch {
      /* not here */
    }
  }
  return null;
}

function lighthouse(cli, route) {
  const out = path.join(os.tmpdir(), `bench-web-lh-${process.pid}.json`);
  const r = spawnSync(
    process.execPath,
    [
      cli,
      ORIGIN + route,
      '--only-categories=performance,seo',
      '--form-factor=mobile',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      '--chrome-flags=--headless --no-sandbox --disable-gpu --no-first-run',
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'pipe'], timeout: 180_000 },
  );
  if (r.status !== 0 || !existsSync(out))
    return { error: (r.stderr?.toString() || `exit ${r.status}`).trim().split('\n').pop() };
  const report = JSON.parse(readFileSync(out, 'utf8'));
  rmSync(out, { force: true });
  const failing = Object.values(report.audits)
    .filter(
      (a) =>
        a.score !== null && a.score < 1 && report.categories.seo.auditRefs.some((x) => x.id === a.id && x.weight > 0),
    )
    .map((a) => a.id);
  return {
    performance: Math.round(report.categories.performance.score * 100),
    seo: Math.round(report.categories.seo.score * 100),
    fcp: report.audits['first-contentful-paint'].numericValue,
    lcp: report.audits['largest-contentful-paint'].numericValue,
    tbt: report.audits['total-blocking-time'].numericValue,
    cls: report.audits['cumulative-layout-shift'].numericValue,
    failing,
  };
}

const kb = (n) => (n / 1024).toFixed(1);
const ms = (n) => (n == null ? '-' : `${Math.round(n)}`);
const pad = (s, n, left = false) => (left ? String(s).padEnd(n) : String(s).padStart(n));

async function main() {
  PORT = Number(process.env.BENCH_WEB_PORT ?? (await freePort()));
  ORIGIN = `http://localhost:${PORT}`;
  if (process.env.BENCH_WEB_NO_BUILD !== '1') run('npm', ['run', '-s', 'build']);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plainspoken-bench-web-'));
  const server = spawn(process.execPath, ['apps/server/dist/index.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(PORT),
      BASE_URL: ORIGIN,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      POSTHOG_KEY: '',
      POSTHOG_HOST: '',
    },
  });
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  };
  process.on('exit', stop);
  try {
    await waitForHealth(server);
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
    const rows = [];
    for (const route of ROUTES) {
      const row = { route };
      for (const [name, profile] of Object.entries(PROFILES)) {
        const runs = [];
        for (let i = 0; i < RUNS; i++) runs.push(await loadOnce(browser, profile, route));
        row[name] = {
          fcp: median(runs.map((r) => r.fcp)),
          lcp: median(runs.map((r) => r.lcp)),
          cls: Math.max(...runs.map((r) => r.cls)),
          shifts: runs.flatMap((r) => r.shifts),
        };
        row.status = runs[0].status;
        // The first load's files: the union over runs (a late chunk may come in one run and not another).
        row.files = [...new Set([...(row.files ?? []), ...runs.flatMap((r) => r.files)])];
      }
      const sum = (ext, k) => row.files.filter((f) => f.endsWith(ext)).reduce((a, f) => a + sizes(f)[k], 0);
      row.js = {
        raw: sum('.js', 'raw'),
        gzip: sum('.js', 'gzip'),
        br: sum('.js', 'br'),
        count: row.files.filter((f) => f.endsWith('.js')).length,
      };
      row.css = { raw: sum('.css', 'raw'), gzip: sum('.css', 'gzip'), br: sum('.css', 'br') };
      rows.push(row);
      process.stderr.write(`measured ${route}\n`);
    }
    await browser.close();

    const lhCli = lighthouseCli();
    const lh = new Map();
    if (lhCli)
      for (const route of LIGHTHOUSE_ROUTES.filter((r) => ROUTES.includes(r))) lh.set(route, lighthouse(lhCli, route));

    console.log(
      `\nFirst load per route (KiB, 1,024 bytes; JS files fetched until the page settled) and paint timings (ms, median of ${RUNS}; CLS the worst run)`,
    );
    console.log('mobile: 390 px, 4x CPU, 150 ms RTT, 1.6 Mbit/s · desktop: 1366 px, 40 ms RTT, 10 Mbit/s\n');
    const head = [
      pad('route', 15, true),
      pad('status', 6),
      pad('js#', 4),
      pad('JS raw', 8),
      pad('JS gz', 7),
      pad('JS br', 7),
      pad('CSS raw', 8),
      pad('CSS gz', 7),
      pad('CSS br', 7),
      pad('m FCP', 6),
      pad('m LCP', 6),
      pad('m CLS', 6),
      pad('d FCP', 6),
      pad('d LCP', 6),
      pad('d CLS', 6),
    ];
    console.log(head.join(' '));
    console.log('-'.repeat(head.join(' ').length));
    for (const r of rows) {
      console.log(
        [
          pad(r.route, 15, true),
          pad(r.status, 6),
          pad(r.js.count, 4),
          pad(kb(r.js.raw), 8),
          pad(kb(r.js.gzip), 7),
          pad(kb(r.js.br), 7),
          pad(kb(r.css.raw), 8),
          pad(kb(r.css.gzip), 7),
          pad(kb(r.css.br), 7),
          pad(ms(r.mobile.fcp), 6),
          pad(ms(r.mobile.lcp), 6),
          pad(r.mobile.cls.toFixed(3), 6),
          pad(ms(r.desktop.fcp), 6),
          pad(ms(r.desktop.lcp), 6),
          pad(r.desktop.cls.toFixed(3), 6),
        ].join(' '),
      );
    }
    if (process.env.BENCH_WEB_FILES === '1') {
      for (const r of rows) {
        console.log(`\n${r.route}`);
        for (const f of [...r.files].sort((a, b) => sizes(b).gzip - sizes(a).gzip))
          console.log(`  ${pad(kb(sizes(f).raw), 8)} ${pad(kb(sizes(f).gzip), 7)} ${pad(kb(sizes(f).br), 7)}  ${f}`);
      }
    }
    const over = rows.filter((r) => r.js.gzip / 1024 > FIRST_LOAD_JS_BUDGET_KB);
    console.log(
      over.length
        ? `\nOver the first-load JS budget (${FIRST_LOAD_JS_BUDGET_KB} KB gzip): ${over.map((r) => `${r.route} ${kb(r.js.gzip)}`).join(', ')}`
        : `\nEvery route's first-load JS is within ${FIRST_LOAD_JS_BUDGET_KB} KB gzip.`,
    );
    if (over.length) process.exitCode = 1;
    const shifted = rows.filter((r) => r.mobile.cls > 0.02 || r.desktop.cls > 0.02);
    for (const r of shifted) {
      const src = new Map();
      for (const s of [...r.mobile.shifts, ...r.desktop.shifts])
        for (const n of s.sources) src.set(n, (src.get(n) ?? 0) + s.value);
      console.log(
        `  ${r.route}: shifted ${[...src]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([n, v]) => `${n} ${v.toFixed(3)}`)
          .join(', ')}`,
      );
    }
    if (lhCli) {
      console.log('\nLighthouse (mobile preset, simulated throttling)');
      console.log(
        [
          pad('route', 15, true),
          pad('perf', 5),
          pad('SEO', 5),
          pad('FCP', 6),
          pad('LCP', 6),
          pad('TBT', 6),
          pad('CLS', 6),
          ' SEO audits failing',
        ].join(' '),
      );
      for (const [route, r] of lh) {
        if (r.error) console.log(`${pad(route, 15, true)} could not run: ${r.error}`);
        else
          console.log(
            [
              pad(route, 15, true),
              pad(r.performance, 5),
              pad(r.seo, 5),
              pad(ms(r.fcp), 6),
              pad(ms(r.lcp), 6),
              pad(ms(r.tbt), 6),
              pad(r.cls.toFixed(3), 6),
              ' ' + (r.failing.join(', ') || '-'),
            ].join(' '),
          );
      }
    } else {
      console.log(
        '\nLighthouse: not installed (optional). `npm i --no-save lighthouse@12` or LIGHTHOUSE_DIR=<folder with it> adds its scores.',
      );
    }
  } finally {
    stop();
    await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
