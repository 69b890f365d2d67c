/**
 * The account-security half of the better-auth configuration (password reset, change of email,
 * two-factor sign-in, sessions, deletion). auth/auth.ts spreads these in; edit here for security rules.
 */
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins';
import { eq, sql } from 'drizzle-orm';
import type { Env } from '../../env';
import type { Db } from '../../db/client';
import { subscribers, user as userTable } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mail';
import { AppError } from '../../lib/errors';
import { createRateLimiter } from '../../lib/rate-limit';
import { beforeAccountDeletion } from './account-deletion';
import { securityMail } from './security-mail';

export const RESET_TOKEN_SECONDS = 60 * 60;
/** One reset mail per address per window; further requests get the same answer and no mail. */
export const RESET_PER_ADDRESS_WINDOW_MS = 60_000;
export const RESET_PAGE_PATH = '/reset-password';
export const RESET_ANSWER = { status: true, message: 'If this email exists in our system, check your email for the reset link' };

export interface SecurityDeps {
  env: Env;
  db: Db;
  mailer: Mailer;
  logger: Logger;
}

/** The longest value each field of the security endpoints may carry; longer is refused before any work. */
const FIELD_LIMITS: Record<string, number> = {
  email: 320,
  newEmail: 320,
  confirmEmail: 320,
  password: 128,
  currentPassword: 128,
  newPassword: 128,
  token: 256,
  code: 32,
  issuer: 64,
  redirectTo: 2048,
  callbackURL: 2048,
};

const SECURITY_PATHS = new Set([
  '/request-password-reset',
  '/reset-password',
  '/change-password',
  '/change-email',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/delete-user',
]);

export function isSecurityPath(path: string): boolean {
  return SECURITY_PATHS.has(path) || path.startsWith('/two-factor/');
}

function bad(code: string, message: string): APIError {
  return new APIError('BAD_REQUEST', { code, message });
}

/** Shape checks our rules rely on; better-auth's own schema then checks the rest. */
function checkFields(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw bad('INVALID_BODY', 'The request body must be a JSON object.');
  const b = body as Record<string, unknown>;
  for (const [field, max] of Object.entries(FIELD_LIMITS)) {
    const v = b[field];
    if (v === undefined) continue;
    if (typeof v !== 'string') throw bad('INVALID_FIELD', `${field} must be a string.`);
    if (v.length > max) throw bad('FIELD_TOO_LONG', `${field} is too long (at most ${max} characters).`);
  }
  return b;
}

type HookCtx = Parameters<typeof getSessionFromCtx>[0] & { path: string; body?: unknown; json: (v: unknown) => unknown };

export function createSecurityAuth(deps: SecurityDeps) {
  const { env, db, mailer, logger } = deps;
  const limiter = createRateLimiter(db, { enabled: env.RATE_LIMITS === 'on' });

  const send = async (mail: Parameters<Mailer['send']>[0]) => {
    try {
      await mailer.send(mail);
    } catch (e) {
      // A notice that fails to send must not undo the security change it reports.
      logger.error('security mail failed', { subject: mail.subject, error: e instanceof Error ? e.message : String(e) });
    }
  };

  /** Runs first for every security path; may answer on its own (per-address reset limit). */
  async function before(ctx: HookCtx): Promise<unknown> {
    if (!isSecurityPath(ctx.path)) return undefined;
    const body = checkFields(ctx.body);

    if (ctx.path === '/request-password-reset' && typeof body.email === 'string') {
      const email = body.email.trim().toLowerCase();
      try {
        await limiter.hit(`reset:${email}`, RESET_PER_ADDRESS_WINDOW_MS);
      } catch (e) {
        if (e instanceof AppError && e.status === 429) return ctx.json(RESET_ANSWER);
        throw e;
      }
      // Every reset link lands on the web page that reads ?token= or ?error=, whatever the caller sent.
      return { context: { body: { ...body, email, redirectTo: RESET_PAGE_PATH } } };
    }

    if (ctx.path === '/delete-user') {
      if (typeof body.password !== 'string' || body.password === '') throw bad('PASSWORD_REQUIRED', 'Enter your password to delete your account.');
      if (body.token !== undefined) throw bad('INVALID_FIELD', 'token is not accepted here.');
      const s = await getSessionFromCtx(ctx);
      if (!s) throw new APIError('UNAUTHORIZED', { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
      const typed = typeof body.confirmEmail === 'string' ? body.confirmEmail.trim().toLowerCase() : '';
      if (typed !== s.user.email.toLowerCase()) throw bad('CONFIRM_EMAIL_MISMATCH', 'Type your email address exactly to confirm the deletion.');
    }
    return undefined;
  }

  /** After a successful change-of-email request the old address hears about it too. */
  async function after(ctx: HookCtx & { context: { returned?: unknown } }): Promise<void> {
    if (ctx.path !== '/change-email') return;
    if (ctx.context.returned instanceof Error) return;
    const s = await getSessionFromCtx(ctx).catch(() => null);
    const body = (ctx.body ?? {}) as { newEmail?: unknown };
    if (s && typeof body.newEmail === 'string') await send(securityMail.emailChangeRequested(s.user.email, body.newEmail.toLowerCase()));
  }

  /** Sends the change-of-email confirmation when the address better-auth mails differs from the stored one. */
  async function sendIfEmailChange(u: { id: string; email: string }, url: string): Promise<boolean> {
    const [stored] = await db.select({ email: userTable.email }).from(userTable).where(eq(userTable.id, u.id)).limit(1);
    if (!stored || stored.email.toLowerCase() === u.email.toLowerCase()) return false;
    await send(securityMail.confirmNewEmail(u.email, url));
    return true;
  }

  const emailAndPassword = {
    resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
    revokeSessionsOnPasswordReset: true,
    async sendResetPassword({ user, url }: { user: { email: string }; url: string }) {
      await send(securityMail.resetLink(user.email, url));
    },
    async onPasswordReset({ user }: { user: { id: string; email: string } }) {
      // Opening the mailed link proves the address, so an unconfirmed account becomes confirmed.
      await db.update(userTable).set({ emailVerified: true, updatedAt: new Date() }).where(eq(userTable.id, user.id));
      await send(securityMail.passwordChanged(user.email, env.BASE_URL));
    },
  };

  const userOptions = {
    changeEmail: { enabled: true },
    deleteUser: {
      enabled: true,
      beforeDelete: beforeAccountDeletion,
      async afterDelete(u: { email: string }) {
        await send(securityMail.goodbye(u.email));
      },
    },
  };

  const plugin = twoFactor({
    issuer: 'Plainspoken',
    backupCodeOptions: { amount: 10, length: 10 },
  });

  /** Mails on two-factor changes and keeps the subscriber row's email in step with the account. */
  async function afterUserUpdate(u: { id: string; email: string; twoFactorEnabled?: boolean | null }, ctx: { path?: string } | null) {
    const path = ctx?.path ?? '';
    if (u.twoFactorEnabled === true && (path === '/two-factor/verify-totp' || path === '/two-factor/enable')) await send(securityMail.twoFactorOn(u.email));
    if (u.twoFactorEnabled === false && path === '/two-factor/disable') await send(securityMail.twoFactorOff(u.email));
    await db
      .update(subscribers)
      .set({ email: u.email, updated_at: new Date() })
      .where(sql`${subscribers.user_id} = ${u.id} AND ${subscribers.email} <> ${u.email}`);
  }

  return { before, after, sendIfEmailChange, emailAndPassword, userOptions, plugin, afterUserUpdate };
}
