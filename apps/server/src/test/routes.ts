/**
 * Every endpoint of the composed app, read from the Hono router (app.routes) and, behind its
 * /api/auth/* mount, from better-auth's own endpoint list: what the fuzz and authorization sweeps visit.
 */
import type { TestProduct } from './harness';

export interface Endpoint {
  method: string;
  /** Path pattern, with :params. */
  path: string;
}

export function listEndpoints(t: TestProduct): Endpoint[] {
  const seen = new Set<string>();
  const out: Endpoint[] = [];
  const add = (method: string, path: string) => {
    const k = `${method} ${path}`;
    if (seen.has(k)) return;
    seen.add(k);
    out.push({ method, path });
  };
  for (const r of t.app.routes) {
    if (r.method === 'ALL' || r.path.includes('*')) continue;
    add(r.method, r.path);
  }
  const api = t.deps.auth.api as unknown as Record<string, { path?: string; options?: { method?: string | string[] } }>;
  for (const e of Object.values(api)) {
    if (!e.path) continue;
    const methods = e.options?.method ?? 'GET';
    for (const m of Array.isArray(methods) ? methods : [methods]) add(m === '*' ? 'POST' : m, `/api/auth${e.path}`);
  }
  return out.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** Percent-encodes a path segment; a lone surrogate becomes the (invalid) UTF-8 bytes it would be. */
function segment(v: string): string {
  let out = '';
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    const pair =
      c >= 0xd800 && c <= 0xdbff && i + 1 < v.length && v.charCodeAt(i + 1) >= 0xdc00 && v.charCodeAt(i + 1) <= 0xdfff;
    if (pair) {
      out += encodeURIComponent(v.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(v[i]!);
  }
  return out;
}

/** Fills :params with the given values (or a placeholder). */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => segment(params[name] ?? 'x'));
}
