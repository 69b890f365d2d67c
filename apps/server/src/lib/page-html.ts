/**
 * The web app's index.html made into one page's HTML: the page's title, description and canonical
 * address from the shared route list, and preloads of the page's own chunks (route-chunks.json, written
 * by the web build), so the browser fetches them beside the entry and the first render has the page.
 * Unknown paths get the not-found title and noindex; the app itself renders its not-found page.
 */
import { stat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { NOT_FOUND_ROUTE_META, type AppRoute } from '@plainspoken/shared';
import { escapeToBuffer } from 'hono/utils/html';

interface BuiltApp {
  mtimeMs: number;
  index: string;
  chunks: Record<string, string[]>;
  /** Pages' tops rendered at build time (the web build's prerendered.json), by route id. */
  tops: Record<string, string>;
}

async function readJson<T>(file: string): Promise<Record<string, T>> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, T>;
  } catch {
    // A build without the file still serves every page; only the preloads or the early paint are missing.
    return {};
  }
}

function escapeHtml(s: string): string {
  const buf: [string] = [''];
  escapeToBuffer(s, buf);
  return buf[0];
}

/** Reads the build once per build (index.html's modification time); null when it is not built. */
export function pageHtmlRenderer(webDist: string, baseUrl: string) {
  let cached: BuiltApp | null = null;
  const origin = new URL(baseUrl).origin;

  async function load(): Promise<BuiltApp | null> {
    const indexPath = path.join(webDist, 'index.html');
    const st = await stat(indexPath).catch(() => null);
    if (!st) return null;
    if (cached?.mtimeMs === st.mtimeMs) return cached;
    const index = await readFile(indexPath, 'utf8').catch(() => null);
    if (index === null) return null;
    const chunks = await readJson<string[]>(path.join(webDist, 'route-chunks.json'));
    const tops = await readJson<string>(path.join(webDist, 'prerendered.json'));
    cached = { mtimeMs: st.mtimeMs, index, chunks, tops };
    return cached;
  }

  /**
   * The HTML for `route` (null: the not-found page), or null when the web app is not built. Without a
   * session cookie in the request, a `plainspoken-session` meta says "none": the app then starts signed
   * out instead of asking the server first (a round trip before a signed-out page can paint), and the
   * page's prerendered top, which shows what a signed-out visitor sees, is painted before any script runs.
   */
  return async function render(route: AppRoute | null, opts: { sessionCookie: boolean }): Promise<string | null> {
    const app = await load();
    if (!app) return null;
    const meta = route ?? NOT_FOUND_ROUTE_META;
    const head: string[] = [];
    if (route) head.push(`<link rel="canonical" href="${escapeHtml(origin + route.path)}" />`);
    else head.push('<meta name="robots" content="noindex" />');
    if (!opts.sessionCookie) head.push('<meta name="plainspoken-session" content="none" />');
    for (const file of route ? (app.chunks[route.id] ?? []) : []) {
      const href = escapeHtml(file);
      head.push(
        file.endsWith('.css')
          ? `<link rel="stylesheet" crossorigin href="${href}">`
          : `<link rel="modulepreload" crossorigin href="${href}">`,
      );
    }
    const top = route && !opts.sessionCookie ? app.tops[route.id] : undefined;
    return app.index
      .replace('<!--page-top-->', () => top ?? '')
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*" \/>/,
        () => `<meta name="description" content="${escapeHtml(meta.description)}" />`,
      )
      .replace(/\s*<\/head>/, () => `\n    ${head.join('\n    ')}\n  </head>`);
  };
}
