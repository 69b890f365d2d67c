/**
 * The HTTP edge shared by every route: the client's address, and request validation through
 * @hono/zod-validator with ONE error hook. Malformed JSON is refused by Hono's validator with a 400
 * (app.ts's onError words it as BAD_REQUEST); a body or query of the wrong shape becomes
 * {error:{code:'VALIDATION', message, details}}.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { zValidator } from '@hono/zod-validator';
import { BlockList, isIP } from 'node:net';
import type { z } from 'zod';
import type { Env } from '../env';
import { AppError } from './errors';

/** better-auth reads the client IP from this one header, which only this server sets. */
export const CLIENT_IP_HEADER = 'x-plainspoken-client-ip';

/** '::ffff:10.0.0.1' and '10.0.0.1' are the same client. */
export function normalizeIp(ip: string): string {
  const t = ip.trim().toLowerCase();
  const v4 = t.startsWith('::ffff:') ? t.slice(7) : t;
  return isIP(v4) === 4 ? v4 : t;
}

const trustLists = new WeakMap<readonly string[], BlockList>();

/** The BlockList of TRUSTED_PROXIES (CIDRs validated by env.ts), built once per configuration. */
function trustedList(cidrs: readonly string[]): BlockList {
  let list = trustLists.get(cidrs);
  if (!list) {
    list = new BlockList();
    for (const cidr of cidrs) {
      const [addr = '', bits] = cidr.split('/');
      const family = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) list.addAddress(addr, family);
      else list.addSubnet(addr, Number(bits), family);
    }
    trustLists.set(cidrs, list);
  }
  return list;
}

/** True when `ip` is one of the configured trusted proxies (TRUSTED_PROXIES). */
export function isTrustedProxy(ip: string, env: Pick<Env, 'TRUSTED_PROXIES'>): boolean {
  const a = normalizeIp(ip);
  const family = isIP(a);
  if (!family) return false;
  return trustedList(env.TRUSTED_PROXIES).check(a, family === 6 ? 'ipv6' : 'ipv4');
}

/** The socket's peer; a request built in the same process (tests) has none and counts as loopback. */
export function peerAddress(c: Context): string {
  try {
    const addr = getConnInfo(c).remote.address;
    if (addr) return normalizeIp(addr);
  } catch {
    /* in-process requests (tests) have no socket */
  }
  return '127.0.0.1';
}

/**
 * The one client address every limit and log uses. The socket's peer, unless that peer is a trusted
 * proxy: then X-Forwarded-For is read from the right (each proxy appends the address it saw), skipping
 * trusted proxies, and the first other entry is the client. Entries left of it were written by the
 * client itself and are never believed. A malformed entry stops the walk at the last trusted hop.
 */
export function clientIp(c: Context, env: Pick<Env, 'TRUSTED_PROXIES'>): string {
  return clientIpFrom(peerAddress(c), c.req.header('x-forwarded-for'), env);
}

/** clientIp's rule on plain values (unit-tested without a request). */
export function clientIpFrom(
  peer: string,
  forwardedFor: string | undefined,
  env: Pick<Env, 'TRUSTED_PROXIES'>,
): string {
  let ip = normalizeIp(peer);
  if (!isTrustedProxy(ip, env) || !forwardedFor) return ip;
  const hops = forwardedFor.split(',');
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalizeIp(hops[i] ?? '');
    if (!isIP(hop)) return ip;
    ip = hop;
    if (!isTrustedProxy(hop, env)) return hop;
  }
  return ip;
}

/** The one validation error: the first issue in the message, every issue in details. */
export function validationError(issues: readonly z.core.$ZodIssue[]): AppError {
  const issue = issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  return new AppError('VALIDATION', 400, `Invalid request. ${where}${issue?.message ?? 'bad input'}`, {
    details: issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}

/** The hook every validator shares: a failed parse throws the VALIDATION error (onError answers it). */
const onInvalid = (result: { success: boolean; error?: { issues: readonly z.core.$ZodIssue[] } }) => {
  if (!result.success) throw validationError(result.error?.issues ?? []);
};

/** Validates the JSON body; the handler reads it with c.req.valid('json'). */
export const jsonBody = <S extends z.ZodType>(schema: S) => zValidator('json', schema, onInvalid);

/** Validates the query string; the handler reads it with c.req.valid('query'). */
export const queryOf = <S extends z.ZodType>(schema: S) => zValidator('query', schema, onInvalid);

/** Validates the form body (the sandbox pages' posts); the handler reads it with c.req.valid('form'). */
export const formBody = <S extends z.ZodType>(schema: S) => zValidator('form', schema, onInvalid);

/** A NUL character or half of a surrogate pair: text PostgreSQL cannot store, and no field may hold. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isUnstorableText(s: string): boolean {
  return UNSTORABLE.test(s);
}

/**
 * The path (`['a', 'b', '0']`) of the first string or key in `v` that holds unstorable text, else null.
 * Walks with its own stack, so a deeply nested body cannot overflow the call stack.
 */
export function unstorableAt(v: unknown): string[] | null {
  // Each entry points at its parent, so no path is copied until one is found.
  type Node = { v: unknown; key: string; parent: Node | null };
  const pathOf = (n: Node | null, last?: string): string[] => {
    const out: string[] = last === undefined ? [] : [last];
    for (let p = n; p && p.parent; p = p.parent) out.push(p.key);
    return out.reverse();
  };
  const stack: Node[] = [{ v, key: '', parent: null }];
  while (stack.length) {
    const n = stack.pop()!;
    const x = n.v;
    if (typeof x === 'string') {
      if (isUnstorableText(x)) return pathOf(n);
    } else if (Array.isArray(x)) {
      for (let i = x.length - 1; i >= 0; i--) stack.push({ v: x[i], key: String(i), parent: n });
    } else if (x && typeof x === 'object') {
      const entries = Object.entries(x);
      for (const [k] of entries) if (isUnstorableText(k)) return pathOf(n, k.replace(UNSTORABLE, '?'));
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ v: entries[i]![1], key: entries[i]![0], parent: n });
    }
  }
  return null;
}

const UNSTORABLE_MESSAGE =
  'contains a NUL character (U+0000) or a broken surrogate pair, which no text may hold. Remove it and try again.';

function unstorableError(where: string): AppError {
  return validationError([
    { code: 'custom', path: where ? [where] : [], message: UNSTORABLE_MESSAGE, input: undefined },
  ]);
}

/**
 * The one place NUL and broken text are refused, before any route runs: every query parameter (name and
 * value), every path segment, and every string and key of a JSON body get a 400 in the VALIDATION style
 * naming the field, instead of a 500 from the database or a check each feature writes for itself.
 * `skipBody` names paths whose body is not ours to read (a signed webhook, a raw upload).
 */
export function refuseUnstorableText(skipBody: (path: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    for (const segment of url.pathname.split('/')) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        throw new AppError('VALIDATION', 400, 'Invalid request. The address has a broken %-escape.');
      }
      if (isUnstorableText(decoded)) throw unstorableError('path');
    }
    for (const [k, v] of url.searchParams) {
      if (isUnstorableText(k) || isUnstorableText(v)) throw unstorableError(isUnstorableText(k) ? 'query' : k);
    }
    const method = c.req.method;
    if (
      method !== 'GET' &&
      method !== 'HEAD' &&
      method !== 'OPTIONS' &&
      /^application\/json\b/i.test(c.req.header('content-type') ?? '') &&
      !skipBody(c.req.path)
    ) {
      // Read once; Hono keeps the text for the validators and better-auth, and the request gets a fresh
      // body from it for whatever reads the stream itself (a body-size limit).
      const raw = await c.req.text();
      const used = c.req.raw;
      c.req.raw = new Request(used.url, { method, headers: used.headers, body: raw, signal: used.signal });
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined; // malformed JSON: the route's validator answers it
      }
      const at = body === undefined ? null : unstorableAt(body);
      if (at) throw unstorableError(at.join('.'));
    }
    await next();
  };
}
