// Bundles the server, its engine worker and its document-reading worker with esbuild. npm packages stay external (loaded from
// node_modules); the workspace's TypeScript packages are bundled in, and their import.meta.url is pinned
// to the original file so data they load beside themselves (detector weights, lexicons) is still found.
import { build } from 'esbuild';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { API_REFERENCE, ensureApiReference, root } from './lib.mjs';

const pinMetaUrl = {
  name: 'pin-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /[\\/]packages[\\/].*\.ts$/ }, async (args) => {
      const src = await readFile(args.path, 'utf8');
      return {
        contents: src.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: 'ts',
      };
    });
  },
};

const workspace = /^@plainspoken\//;
await build({
  absWorkingDir: root,
  entryPoints: {
    index: 'apps/server/src/index.ts',
    'engine-worker': 'apps/server/src/lib/engine/engine-worker.ts',
    'documents-worker': 'apps/server/src/features/documents/extract-worker.ts',
  },
  outdir: 'apps/server/dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    pinMetaUrl,
    {
      name: 'externals',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          workspace.test(args.path) || path.isAbsolute(args.path) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});

// The API reference page's standalone bundle (apps/server/src/features/public-api/docs-page.ts reads it from
// here). Scalar has its own install in tools/api-reference, so the product's dependencies hold no Vue.
ensureApiReference();
const scalarEntry = createRequire(path.join(API_REFERENCE, 'package.json')).resolve('@scalar/api-reference');
await mkdir(path.join(root, 'apps/server/dist/vendor'), { recursive: true });
await copyFile(
  path.join(path.dirname(scalarEntry), 'browser', 'standalone.js'),
  path.join(root, 'apps/server/dist/vendor/scalar-standalone.js'),
);
console.log('Server bundle written to apps/server/dist');
