// Writes a brotli (.br) and a gzip (.gz) twin beside every compressible file of a built web app, so the
// server's serveStatic (precompressed: true) sends them without compressing per request. Run by the
// build (scripts/lib.mjs, npm run build); also usable by hand: node scripts/precompress.mjs <dir>.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.webmanifest',
  '.xml',
  '.ico',
  '.map',
]);
/** Small files gain nothing worth a second request path. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (e.isFile()) yield p;
  }
}

export function precompress(dir) {
  let count = 0;
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.has(path.extname(file)) || statSync(file).size < MIN_BYTES) continue;
    const body = readFileSync(file);
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gz = gzipSync(body, { level: 9 });
    // A twin that is not smaller would only cost the browser time.
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
    count += 1;
  }
  return count;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'apps/web/dist');
  console.log(`Precompressed ${precompress(dir)} files in ${path.relative(process.cwd(), dir) || '.'} (.br and .gz)`);
}
