import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createServer, defineConfig, type Plugin } from 'vite';

const routeModulesFile = fileURLToPath(new URL('./src/app/route-modules.ts', import.meta.url));

/**
 * Writes route-chunks.json beside index.html: for each page of src/app/route-modules.ts, the JS and CSS
 * files its module needs beyond what index.html already loads. The server adds them to the page's HTML
 * as preloads, so the page's chunk downloads beside the entry instead of after it.
 */
function routeChunks(): Plugin {
  return {
    name: 'plainspoken-route-chunks',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const source = readFileSync(routeModulesFile, 'utf8');
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (fileName: string, seen = new Set<string>()) => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        for (const dep of byName.get(fileName)?.imports ?? []) closure(dep, seen);
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) this.error('route-chunks: no entry chunk');
      const initial = closure(entry.fileName);
      const out: Record<string, string[]> = {};
      for (const [, id, spec] of source.matchAll(/^\s*(\w+): \(\) => import\('([^']+)'\)/gm)) {
        const resolved = await this.resolve(spec!, routeModulesFile);
        // A page module shared with another chunk is not that chunk's facade, but one of its modules.
        const chunk =
          chunks.find((c) => resolved && c.facadeModuleId === resolved.id) ??
          chunks.find((c) => resolved && c.moduleIds.includes(resolved.id));
        if (!chunk) this.error(`route-chunks: no chunk for the ${id} page (${spec})`);
        const files = [...closure(chunk.fileName)].filter((f) => !initial.has(f));
        const css = files.flatMap((f) => [...(byName.get(f)?.viteMetadata?.importedCss ?? [])]);
        out[id!] = [...files, ...css].map((f) => `/${f}`);
      }
      if (Object.keys(out).length === 0) this.error('route-chunks: no page found in route-modules.ts');
      this.emitFile({ type: 'asset', fileName: 'route-chunks.json', source: JSON.stringify(out, null, 1) });
    },
  };
}

/**
 * Writes prerendered.json beside index.html: the top of some pages rendered from the app's components
 * (src/app/prerender.tsx), which the server puts in the HTML for a first paint that needs no script.
 */
function prerenderedPages(): Plugin {
  let outDir = '';
  return {
    name: 'plainspoken-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const server = await createServer({
        configFile: fileURLToPath(import.meta.url),
        server: { middlewareMode: true, hmr: false, watch: null },
        appType: 'custom',
        logLevel: 'error',
      });
      try {
        const mod = (await server.ssrLoadModule('/src/app/prerender.tsx')) as {
          prerender: () => Record<string, string>;
        };
        writeFileSync(path.join(outDir, 'prerendered.json'), JSON.stringify(mod.prerender()));
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * React Router's package points every import condition at its development build, whose dev warnings (and
 * their text) would ship to the browser. The build takes its production build instead: the same code
 * with those warnings off (about 0.5 KB gzip on every page). The dev server keeps the warnings.
 *
 * Its components made with `React.forwardRef(...)` (Form, Link, NavLink) are not marked pure and each
 * gets a `displayName` assigned at the top level, so the bundler keeps them, and what they use (form
 * submission, scroll restoration, the history router), although the app renders none of them: the
 * build marks those calls pure and drops the assignments (1.3 KB gzip on every page).
 */
function reactRouterProduction(): Plugin {
  // …/react-router/dist/development/index.js → …/react-router/dist/production/index.mjs
  const production = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router')),
    '../production/index.mjs',
  );
  if (!existsSync(production)) throw new Error(`React Router's production build is not at ${production}`);
  return {
    name: 'plainspoken-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id === 'react-router' ? production : null;
    },
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/].*\.mjs$/ },
      handler(code) {
        const out = code
          .replace(/^\s*\w+\.displayName = "\w+";$/gm, '')
          .replace(/=\s*(React\d*\.forwardRef\()/g, '= /* @__PURE__ */ $1');
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}

/**
 * lucide-react renders every icon through its Icon component (an icon context, aliases, absolute and
 * non-scaling strokes: about 1.2 KB gzip on every page). The build builds the icons with
 * src/lib/lucide-icon.ts instead, which draws the same SVG with what the app uses. Tests and the dev
 * server keep lucide's own.
 */
function lucideIcon(): Plugin {
  const own = fileURLToPath(new URL('./src/lib/lucide-icon.ts', import.meta.url));
  return {
    name: 'plainspoken-lucide-icon',
    apply: 'build',
    enforce: 'pre',
    resolveId(id, importer) {
      return id === '../createLucideIcon.mjs' &&
        importer &&
        /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(importer)
        ? own
        : null;
    },
  };
}

// The dev server proxies the API so the browser sees one origin, as in production where the
// server serves the built SPA itself.
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), reactRouterProduction(), lucideIcon(), routeChunks(), prerenderedPages()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/dev': { target: apiTarget, changeOrigin: false },
      '/v1': { target: apiTarget, changeOrigin: false },
      '/docs/api': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the app supports preloads modules itself; the polyfill was 0.2 KB gzip on every page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // The shared package's modules only declare constants and schemas, and zod's builders have no side
        // effects: a schema nothing in the browser reads is dropped, and with it zod (~24 KB gzip), even
        // from a module a page takes one constant or message from. z.ts sets zod's configuration; it is
        // kept, before any schema, whenever a kept schema imports `z`.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]shared[\\/]src[\\/]/.test(id),
        manualPureFunctions: ['z'],
      },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              // Infinite queries (the history's list) stay with the page that uses them.
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/](?!.*[iI]nfinite)/,
            },
          ],
        },
      },
    },
  },
});
