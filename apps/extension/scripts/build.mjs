// npm run build:extension: the unpacked extension in apps/extension/dist/ and a zip for the stores in
// apps/extension/release/. Plain TypeScript bundled by esbuild (no code is loaded at run time); the
// manifest names the server (the site's BASE_URL at build time) as the only host it may reach, and the
// build fails when the extension's JavaScript grows past its budget (60 KB gzip, all files together).
//   --server <url>      the default server address (default: $BASE_URL, else http://localhost:3000)
//   --out <dir>         where the unpacked extension goes (default: apps/extension/dist)
//   --extra-host <pat>  one more host permission (browser tests only: their local test page)
//   --no-zip            skip the zip
import { build } from 'esbuild';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
export const JS_BUDGET_GZIP_BYTES = 60 * 1024;

function arg(name) {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

const serverArg = arg('server') ?? process.env.BASE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
let server;
try {
  server = new URL(serverArg).origin;
  if (!/^https?:$/.test(new URL(serverArg).protocol)) throw new Error('not http(s)');
} catch {
  console.error(`The server address "${serverArg}" is not an http(s) URL.`);
  process.exit(1);
}
const out = path.resolve(arg('out') ?? path.join(root, 'dist'));
const extraHost = arg('extra-host');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

rmSync(out, { recursive: true, force: true });
mkdirSync(path.join(out, 'icons'), { recursive: true });

await build({
  entryPoints: {
    background: path.join(root, 'src/background.ts'),
    panel: path.join(root, 'src/panel.ts'),
    options: path.join(root, 'src/options.ts'),
  },
  outdir: out,
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'chrome116',
  legalComments: 'none',
  define: { __PLAINSPOKEN_SERVER__: JSON.stringify(server) },
  logLevel: 'warning',
});
for (const f of ['panel.html', 'options.html', 'style.css']) cpSync(path.join(root, 'src', f), path.join(out, f));
const icons = {};
for (const size of [16, 32, 48, 128]) {
  writeFileSync(path.join(out, 'icons', `icon-${size}.png`), iconPng(size));
  icons[size] = `icons/icon-${size}.png`;
}

const manifest = {
  manifest_version: 3,
  name: 'Plainspoken',
  version: pkg.version,
  description: 'Humanize or check for AI the text you select, with your Plainspoken account.',
  minimum_chrome_version: '116',
  icons,
  action: { default_title: 'Open Plainspoken', default_icon: icons },
  background: { service_worker: 'background.js' },
  side_panel: { default_path: 'panel.html' },
  options_ui: { page: 'options.html', open_in_tab: true },
  permissions: ['contextMenus', 'storage', 'sidePanel', 'activeTab', 'scripting'],
  // The server only; another (self-hosted) server is asked for in the options page when it is set there.
  host_permissions: [`${server}/*`, ...(extraHost ? [extraHost] : [])],
  optional_host_permissions: ['https://*/*', 'http://*/*'],
  commands: {
    'humanize-deep': { suggested_key: { default: 'Alt+Shift+H' }, description: 'Humanize the selection (Deep)' },
    'humanize-lightning': {
      suggested_key: { default: 'Alt+Shift+L' },
      description: 'Humanize the selection (Lightning)',
    },
    'check-ai': { suggested_key: { default: 'Alt+Shift+K' }, description: 'Check the selection for AI' },
  },
  content_security_policy: { extension_pages: "script-src 'self'; object-src 'self'" },
};
writeFileSync(path.join(out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');

// The budget: every JavaScript file of the extension, each gzipped, added up.
const js = readdirSync(out).filter((f) => f.endsWith('.js'));
const sizes = js.map((f) => ({ f, gz: gzipSync(readFileSync(path.join(out, f)), { level: 9 }).length }));
const total = sizes.reduce((s, x) => s + x.gz, 0);
console.log(
  `extension JavaScript: ${sizes.map((s) => `${s.f} ${(s.gz / 1024).toFixed(1)} KB`).join(', ')}; ` +
    `${(total / 1024).toFixed(1)} KB gzip in all (budget ${JS_BUDGET_GZIP_BYTES / 1024} KB)`,
);
if (total > JS_BUDGET_GZIP_BYTES) {
  console.error(`The extension's JavaScript is over its budget of ${JS_BUDGET_GZIP_BYTES / 1024} KB gzip.`);
  process.exit(1);
}
writeFileSync(path.join(out, 'size.json'), JSON.stringify({ files: sizes, totalGzipBytes: total }, null, 2) + '\n');

if (!process.argv.includes('--no-zip')) {
  const zipPath = path.join(root, 'release', `plainspoken-extension-${pkg.version}.zip`);
  mkdirSync(path.dirname(zipPath), { recursive: true });
  writeFileSync(zipPath, zip(out));
  console.log(`unpacked: ${path.relative(process.cwd(), out) || out}; zip: ${path.relative(process.cwd(), zipPath)}`);
}

/** A zip of every file under `dir` (deflated), as the stores take it: manifest.json at the top. */
function zip(dir) {
  const files = [];
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name !== 'size.json') files.push(p);
    }
  };
  walk(dir);
  const locals = [];
  const central = [];
  let offset = 0;
  for (const p of files) {
    const name = Buffer.from(path.relative(dir, p).split(path.sep).join('/'));
    const data = readFileSync(p);
    const packed = deflateRawSync(data, { level: 9 });
    const crc = crc32(data);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(0, 6);
    head.writeUInt16LE(8, 8);
    head.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00: the same bytes on every build
    head.writeUInt32LE(crc, 14);
    head.writeUInt32LE(packed.length, 18);
    head.writeUInt32LE(data.length, 22);
    head.writeUInt16LE(name.length, 26);
    head.writeUInt16LE(0, 28);
    locals.push(head, name, packed);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(0x00210000, 12);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += head.length + name.length + packed.length;
  }
  const centralSize = central.reduce((s, b) => s + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...central, end]);
}

/**
 * The site's mark (favicon.svg: a rounded indigo square with a white "P") drawn at `size` pixels, 4×4
 * samples a pixel, as an RGBA PNG.
 */
function iconPng(size) {
  const u = size / 32; // the favicon's 32-unit grid
  const px = Buffer.alloc(size * size * 4);
  const inRounded = (x, y) => {
    const r = 8;
    const cx = Math.min(Math.max(x, r), 32 - r);
    const cy = Math.min(Math.max(y, r), 32 - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r && x >= 0 && y >= 0 && x <= 32 && y <= 32;
  };
  const segDist = (x, y, ax, ay, bx, by) => {
    const t = Math.max(
      0,
      Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)),
    );
    return Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay)));
  };
  const inP = (x, y) => {
    const d = Math.min(
      segDist(x, y, 9, 10, 9, 22),
      segDist(x, y, 9, 10, 16, 10),
      segDist(x, y, 16, 19, 12, 19),
      x >= 16 ? Math.abs(Math.hypot(x - 16, y - 14.5) - 4.5) : Infinity,
    );
    return d <= 1.5;
  };
  for (let py = 0; py < size; py++)
    for (let pxx = 0; pxx < size; pxx++) {
      let bg = 0;
      let fg = 0;
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) {
          const x = (pxx + (sx + 0.5) / 4) / u;
          const y = (py + (sy + 0.5) / 4) / u;
          if (!inRounded(x, y)) continue;
          if (inP(x, y)) fg++;
          else bg++;
        }
      const a = (bg + fg) / 16;
      const white = bg + fg ? fg / (bg + fg) : 0;
      const i = (py * size + pxx) * 4;
      px[i] = Math.round(0x4f + (255 - 0x4f) * white);
      px[i + 1] = Math.round(0x46 + (255 - 0x46) * white);
      px[i + 2] = Math.round(0xe5 + (255 - 0xe5) * white);
      px[i + 3] = Math.round(a * 255);
    }
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) px.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.writeUInt8(8, 8);
  ihdr.writeUInt8(6, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
