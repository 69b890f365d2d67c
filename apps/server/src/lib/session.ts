/**
 * The session: who is calling. Guards are named require*, they throw AppError. The session comes from
 * the cookie or a bearer token that better-auth wrote (features/auth owns the sign-in side).
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { parse, parseSigned } from 'hono/utils/cookie';
import type { AppEnv, SessionUser } from './context';
import type { Db } from '../db/client';
import { session, subscribers, user } from '../db/schema';
import { forbidden, unauthorized } from './errors';

export type { SessionUser };

/** Any router's context, whatever extra dependencies its feature declared (read here through AppDeps only). */
type AnyAppEnv = AppEnv<object>;
const base = <E extends AnyAppEnv>(c: Context<E>) => c as unknown as Context<AnyAppEnv>;

const SESSION_COOKIE = 'better-auth.session_token';
const SESSION_COOKIES = [SESSION_COOKIE, `__Secure-${SESSION_COOKIE}`];

/**
 * Whether the request carries a session cookie at all (valid or not). Without one the visitor is signed
 * out for sure, and the page's HTML says so, so the app shows the signed-out page at once.
 */
export function hasSessionCookie(headers: Headers): boolean {
  const cookies = parse(headers.get('cookie') ?? '');
  return SESSION_COOKIES.some((name) => cookies[name] !== undefined);
}

/**
 * The session token a request carries: better-auth's signed cookie (`token.base64(HMAC-SHA256(secret,
 * token))`, the format hono/cookie's signed cookies use, so hono verifies it), or a bearer token (plain,
 * or signed the same way).
 */
export async function sessionToken(headers: Headers, secret: string): Promise<string | null> {
  const auth = headers.get('authorization');
  if (auth?.toLowerCase().startsWith('bearer ')) {
    const raw = auth.slice(7).trim();
    if (!raw || raw.length > 512) return null;
    if (!raw.includes('.')) return raw;
    return (await parseSigned(`t=${encodeURIComponent(raw)}`, secret, 't')).t || null;
  }
  const cookie = headers.get('cookie');
  if (!cookie) return null;
  for (const name of SESSION_COOKIES) {
    if (!cookie.includes(name)) continue;
    const token = (await parseSigned(cookie, secret, name))[name];
    if (token !== undefined) return token || null;
  }
  return null;
}

/** One prepared statement per database: the session, its user and the user's subscriber row. */
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQuery>>();
function prepareSessionQuery(db: Db) {
  return db
    .select({
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
      lastSignInAt: user.lastSignInAt,
      subscriber: subscribers,
    })
    .from(session)
    .innerJoin(user, eq(session.userId, user.id))
    .leftJoin(subscribers, eq(subscribers.user_id, user.id))
    .where(and(eq(session.token, sql.placeholder('token')), gt(session.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_user_subscriber');
}

/**
 * The signed-in user of a request. The product's endpoints read the session better-auth wrote with one
 * indexed join that also brings the caller's subscriber row, so the balance check is one query (better-
 * auth's own getSession costs several queries and async crypto per request, which dominated the hot
 * paths); a revoked or expired session is refused at once because the row is gone or past its expiry.
 * Session refresh stays with better-auth's own endpoints, which the browser calls.
 */
export async function getSessionUser<E extends AnyAppEnv>(ctx: Context<E>): Promise<SessionUser | null> {
  const c = base(ctx);
  const cached = c.get('sessionUser');
  if (cached !== undefined) return cached;
  const { db, env } = c.var.deps;
  const token = await sessionToken(c.req.raw.headers, env.BETTER_AUTH_SECRET);
  let u: SessionUser | null = null;
  if (token) {
    let q = sessionQueries.get(db);
    if (!q) sessionQueries.set(db, (q = prepareSessionQuery(db)));
    // Wall-clock time, as better-auth itself uses for session expiry (the product clock may be shifted in tests).
    const rows = await q.execute({ token, now: new Date() });
    u = rows[0] ?? null;
  }
  c.set('sessionUser', u);
  return u;
}

export async function requireUser<E extends AnyAppEnv>(c: Context<E>): Promise<SessionUser> {
  const u = await getSessionUser(c);
  if (!u) throw unauthorized();
  return u;
}

export function isAdminEmail<E extends AnyAppEnv>(c: Context<E>, email: string): boolean {
  return base(c).var.deps.env.ADMIN_EMAILS.includes(email.toLowerCase());
}

export async function requireAdmin<E extends AnyAppEnv>(c: Context<E>): Promise<SessionUser> {
  const u = await requireUser(c);
  if (!isAdminEmail(c, u.email)) throw forbidden('This page is for administrators only.');
  return u;
}

/** Middleware form of requireUser, for routes that must refuse signed-out callers before reading the body. */
export const signedIn = createMiddleware<AnyAppEnv>(async (c, next) => {
  await requireUser(c);
  await next();
});

/** Middleware form of requireAdmin. */
export const adminOnly = createMiddleware<AnyAppEnv>(async (c, next) => {
  await requireAdmin(c);
  await next();
});
