/** Guards: named require*, they throw AppError. The session comes from the cookie or a bearer token. */
import type { Context } from 'hono';
import type { AppEnv } from '../app';
import { forbidden, unauthorized } from '../lib/errors';

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  createdAt: Date;
  lastSignInAt?: Date | null;
}

export async function getSessionUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const cached = c.get('sessionUser');
  if (cached !== undefined) return cached;
  const s = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
  const u = s?.user ? (s.user as SessionUser) : null;
  c.set('sessionUser', u);
  return u;
}

export async function requireUser(c: Context<AppEnv>): Promise<SessionUser> {
  const u = await getSessionUser(c);
  if (!u) throw unauthorized();
  return u;
}

export function isAdminEmail(c: Context<AppEnv>, email: string): boolean {
  return c.var.deps.env.ADMIN_EMAILS.includes(email.toLowerCase());
}

export async function requireAdmin(c: Context<AppEnv>): Promise<SessionUser> {
  const u = await requireUser(c);
  if (!isAdminEmail(c, u.email)) throw forbidden('This page is for administrators only.');
  return u;
}
