/**
 * Security headers on every answer, in every mode: a Content-Security-Policy that runs scripts only from
 * this origin (no inline scripts, no eval), forbids framing, and names third parties only when they are
 * configured (PostHog's host for analytics; Paddle only on the page that opens Paddle's checkout);
 * Referrer-Policy, X-Content-Type-Options, Permissions-Policy, and HSTS when the request came over TLS
 * (directly, or per X-Forwarded-Proto from a trusted proxy). A route may set its own CSP (built with
 * `contentSecurityPolicy`); the middleware then leaves it as it is.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Env } from '../env';
import { isTrustedProxy, peerAddress } from './http';

export interface CspExtras {
  /** Origins scripts may also load from (e.g. Paddle.js's CDN). */
  scriptSrc?: string[];
  /** Origins the page may also fetch from, frame and take images/styles from (a payment overlay). */
  thirdParty?: string[];
}

/** Origins Paddle.js loads from and frames its checkout from (paddle.com and its subdomains). */
export const PADDLE_CSP: CspExtras = { scriptSrc: ['https://cdn.paddle.com'], thirdParty: ['https://*.paddle.com'] };

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The policy. Styles may be inline ('unsafe-inline' for style-src only): the server-rendered pages carry
 * small <style> blocks and React sets style attributes; no script can run from them.
 */
export function contentSecurityPolicy(env: Env, extras: CspExtras = {}): string {
  const analytics = env.POSTHOG_KEY ? originOf(env.POSTHOG_HOST) : null;
  const scripts = ["'self'", ...(analytics ? [analytics] : []), ...(extras.scriptSrc ?? [])];
  const third = extras.thirdParty ?? [];
  const connect = ["'self'", ...(analytics ? [analytics] : []), ...third];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    `style-src 'self' 'unsafe-inline'${third.length ? ` ${third.join(' ')}` : ''}`,
    `img-src 'self' data: blob:${third.length ? ` ${third.join(' ')}` : ''}`,
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    `frame-src ${third.length ? third.join(' ') : "'none'"}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(self "https://buy.paddle.com" "https://sandbox-buy.paddle.com"), usb=(), interest-cohort=()';

export const HSTS = 'max-age=31536000; includeSubDomains';

/** True when the client reached us over TLS: the request's own scheme, or a trusted proxy's word for it. */
export function servedOverTls(c: Context, env: Env): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  if (!isTrustedProxy(peerAddress(c), env)) return false;
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return proto === 'https';
}

export function securityHeaders(env: Env): MiddlewareHandler {
  const csp = contentSecurityPolicy(env);
  return async (c, next) => {
    await next();
    let h = c.res.headers;
    try {
      h.set('x-content-type-options', 'nosniff');
    } catch {
      // A response with immutable headers (one relayed from fetch) is copied first.
      c.res = new Response(c.res.body, {
        status: c.res.status,
        statusText: c.res.statusText,
        headers: new Headers(c.res.headers),
      });
      h = c.res.headers;
    }
    if (!h.has('content-security-policy')) h.set('content-security-policy', csp);
    h.set('x-content-type-options', 'nosniff');
    h.set('referrer-policy', 'strict-origin-when-cross-origin');
    h.set('permissions-policy', PERMISSIONS_POLICY);
    h.set('x-frame-options', 'DENY');
    h.set('cross-origin-opener-policy', 'same-origin-allow-popups');
    if (servedOverTls(c, env)) h.set('strict-transport-security', HSTS);
  };
}
