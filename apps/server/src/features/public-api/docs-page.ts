/**
 * The API reference page at /docs/api: Scalar's standalone bundle, served by this server (nothing comes from a
 * CDN, so it works offline). Scalar (with Vue under it) has its own install in tools/api-reference, outside the
 * workspace; the build copies the bundle beside the server bundle, and run from source it is read from there. A small
 * script of our own starts it, so the page runs under a Content-Security-Policy without inline scripts. The
 * bundle is read and compressed once, off the event loop (zlib's thread pool), on its first request.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { createHash } from 'node:crypto';
import { html, raw } from 'hono/html';

/** Only this server and inline styles (the bundle injects its stylesheet): no other origin, no inline script. */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export interface Asset {
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

async function asset(body: Buffer): Promise<Asset> {
  const [gz, br] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotliAsync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  ]);
  return { body, gzip: gz, br, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
}

/** The bundle's built-in @font-face rules point at the vendor's font host; the page uses system fonts instead. */
const REMOTE_FONT_FACE = /@font-face\s*\{[^}]*https:\/\/fonts\.scalar\.com[^}]*\}/g;

let scalar: Promise<Asset> | null = null;
/** Where `scripts/build-server.mjs` puts the bundle, beside the built server's own files. */
export const SCALAR_BUILT = 'vendor/scalar-standalone.js';

/** The built server's copy when there is one, else the package's file (tests and development run from source). */
function scalarFile(): string {
  const built = fileURLToPath(new URL(SCALAR_BUILT, import.meta.url));
  if (existsSync(built)) return built;
  const tool = new URL('../../../../../tools/api-reference/package.json', import.meta.url);
  const entry = createRequire(tool).resolve('@scalar/api-reference');
  return path.join(path.dirname(entry), 'browser', 'standalone.js');
}

/**
 * The standalone bundle of @scalar/api-reference without its remote font rules (so the browser never tries to
 * reach another host, even when a CSP would stop it).
 */
export function scalarBundle(): Promise<Asset> {
  scalar ??= (async () => {
    const source = await readFile(scalarFile(), 'utf8');
    return asset(Buffer.from(source.replace(REMOTE_FONT_FACE, '')));
  })().catch((e: unknown) => {
    scalar = null; // a failed read is not kept: the next request tries again
    throw e;
  });
  return scalar;
}

/** Scalar's options: no telemetry, no fonts or proxies from elsewhere, only curl, JavaScript and Python. */
const CONFIG = {
  url: '/api/openapi.json',
  telemetry: false,
  withDefaultFonts: false,
  hideClientButton: true,
  agent: { disabled: true },
  mcp: { disabled: true },
  documentDownloadType: 'json',
  defaultOpenAllTags: true,
  showDeveloperTools: 'never',
  defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
  hiddenClients: {
    c: true,
    clojure: true,
    csharp: true,
    dart: true,
    fsharp: true,
    go: true,
    http: true,
    java: true,
    julia: true,
    kotlin: true,
    objc: true,
    ocaml: true,
    php: true,
    powershell: true,
    r: true,
    ruby: true,
    rust: true,
    swift: true,
    node: true,
    js: ['axios', 'jquery', 'ofetch', 'xhr'],
    python: ['python3', 'aiohttp', 'httpx_sync', 'httpx_async'],
    shell: ['httpie', 'wget'],
  },
  customCss: `.scalar-app, .scalar-api-reference { --scalar-font: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }`,
};

/**
 * Not "api-reference": the standalone bundle mounts a second, empty reference of its own on an element with that
 * id (its older HTML setup), which showed a loading skeleton above the real page, with "Ask AI" and "Generate
 * MCP" buttons that ignore this configuration.
 */
export const MOUNT_ID = 'plainspoken-reference';

let init: Promise<Asset> | null = null;
export function initScript(): Promise<Asset> {
  init ??= asset(
    Buffer.from(
      `// Starts the API reference (kept out of the page so no inline script is needed).\n` +
        `window.Scalar.createApiReference('#${MOUNT_ID}', ${JSON.stringify(CONFIG)});\n`,
    ),
  );
  return init;
}

/**
 * The page's own bar above the reference (a way back to the app; Scalar's sticky parts sit below it through its
 * --scalar-custom-header-height), and the response table's status codes kept on one line.
 */
const PAGE_CSS = raw(`
  :root { --scalar-custom-header-height: 44px; }
  body { margin: 0; }
  .app-bar {
    position: sticky; top: 0; z-index: 100; box-sizing: border-box; height: 44px;
    display: flex; align-items: center; justify-content: space-between; gap: 16px; padding: 0 16px;
    font: 500 14px/1 ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
    background: #fff; color: #1f2937; border-bottom: 1px solid #e5e7eb;
  }
  .app-bar a { color: inherit; text-decoration: none; padding: 6px 8px; border-radius: 6px; }
  .app-bar a:hover { background: #f3f4f6; }
  .app-bar a:focus-visible { outline: 2px solid #2563eb; outline-offset: 1px; }
  .app-bar-home { font-weight: 600; }
  /* The first column of the description's tables (HTTP statuses, plan names) stays on one line. */
  #${MOUNT_ID} .markdown th:first-child, #${MOUNT_ID} .markdown td:first-child { white-space: nowrap; }
  @media (prefers-color-scheme: dark) {
    .app-bar { background: #0f0f0f; color: #e5e7eb; border-bottom-color: #2a2a2a; }
    .app-bar a:hover { background: #1f1f1f; }
  }
`);

export function docsPage(version: string) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>API reference · Plainspoken</title>
        <meta
          name="description"
          content="The Plainspoken API: humanize and check text from your own code with a personal API key."
        />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <style>
          ${PAGE_CSS}
        </style>
      </head>
      <body>
        <header class="app-bar">
          <a href="/" class="app-bar-home" data-testid="docs-back-to-app">
            <span aria-hidden="true">←</span> Plainspoken
          </a>
          <a href="/profile">Your API keys</a>
        </header>
        <noscript
          >This page needs JavaScript. The API is also described as an OpenAPI document:
          <a href="/api/openapi.json">/api/openapi.json</a>.</noscript
        >
        <div id="${MOUNT_ID}"></div>
        <script src="/docs/api/scalar.js?v=${version}"></script>
        <script src="/docs/api/init.js?v=${version}"></script>
      </body>
    </html>`;
}
