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
import { html } from 'hono/html';

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
  showToolbar: 'never',
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

let init: Promise<Asset> | null = null;
export function initScript(): Promise<Asset> {
  init ??= asset(
    Buffer.from(
      `// Starts the API reference (kept out of the page so no inline script is needed).\n` +
        `window.Scalar.createApiReference('#api-reference', ${JSON.stringify(CONFIG)});\n`,
    ),
  );
  return init;
}

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
      </head>
      <body>
        <noscript
          >This page needs JavaScript. The API is also described as an OpenAPI document:
          <a href="/api/openapi.json">/api/openapi.json</a>.</noscript
        >
        <div id="api-reference"></div>
        <script src="/docs/api/scalar.js?v=${version}"></script>
        <script src="/docs/api/init.js?v=${version}"></script>
      </body>
    </html>`;
}
