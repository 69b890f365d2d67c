/**
 * The session: who is calling. Guards are named require*, they throw AppError. The session comes from
 * the cookie or a bearer token that better-auth wrote (features/auth owns the sign-in side).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, SessionUser } from './context';
import type { Db } from '../db/client';
import { session, subscribers, user } from '../db/schema';
import { forbidden, unauthorized } from './errors';

export type { SessionUser };

/** Any router's context, whatever extra dependencies its feature declared (read here through AppDeps only). */
type AnyAppEnv = AppEnv<object>;
const base = <E extends AnyAppEnv>(c: Context<E>) => c as unknown as Context<AnyAppEnv>;

const SESSION_COOKIES = ['better-auth.session_token', '__Secure-better-auth.session_token'];

/**
 * Whether the request carries a session cookie at all (valid or not). Without one the visitor is signed
 * out for sure, and the page's HTML says so, so the app shows the signed-out page at once.
 */
export function hasSessionCookie(headers: Headers): boolean {
  return sessionCookie(headers) !== null;
}

/** The raw value of the first session cookie in the request, or null. */
function sessionCookie(headers: Headers): string | null {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const eqAt = part.indexOf('=');
    if (eqAt >= 0 && SESSION_COOKIES.includes(part.slice(0, eqAt).trim())) return part.slice(eqAt + 1).trim();
  }
  return null;
}

/** better-auth's signed value: `token.base64(HMAC-SHA256(secret, token))`, URL-encoded in the cookie. */
function verifySigned(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return null;
  const token = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** The session token a request carries: the signed cookie, or a bearer token (signed or plain). */
export function sessionToken(headers: Headers, secret: string): string | null {
  const auth = headers.get('authorization');
  if (auth?.toLowerCase().startsWith('bearer ')) {
    const raw = auth.slice(7).trim();
    if (!raw || raw.length > 512) return null;
    return raw.includes('.') ? verifySigned(raw, secret) : raw;
  }
  const cookie = sessionCookie(headers);
  if (cookie === null) return null;
  try {
    return verifySigned(decodeURIComponent(cookie), secret);
  } catch {
    return null;
  }
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
  const token = sessionToken(c.req.raw.headers, env.BETTER_AUTH_SECRET);
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
