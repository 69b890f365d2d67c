/**
 * Accounts: the one better-auth configuration. Email + password (confirmation required), one-time
 * email links, Google when configured, bearer tokens for the diagnostics pages, two-factor sign-in,
 * sessions, change of email, password reset and account deletion, with rate limits stored in the
 * database. The input rules live in security-rules.ts, the mails in security-mail.ts; the deletion hook
 * gets billing's cancellation from server.ts as `cancelPaidPlan`.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { bearer, genericOAuth, magicLink, twoFactor } from 'better-auth/plugins';
import { eq, sql } from 'drizzle-orm';
import { displayNameProblem, MSG } from '@plainspoken/shared';
import type { Env } from '../../env';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { ensureSubscriber } from '../../domain/subscribers';
import { AppError } from '../../lib/errors';
import { CLIENT_IP_HEADER } from '../../lib/http';
import { authLogger, type Logger } from '../../lib/logger';
import { actionMail, type Mail, type Mailer } from '../../lib/mail';
import type { RateLimiter } from '../../lib/rate-limit';
import { beforeAccountDeletion, type CancelPaidPlan } from './account-deletion';
import { checkSecondFactor, DELETION_CODE_MSG, twoFactorOn } from './deletion-code';
import {
  PASSWORD_PATHS,
  RESET_ANSWER,
  RESET_PAGE_PATH,
  RESET_PER_ADDRESS_WINDOW_MS,
  RESET_TOKEN_SECONDS,
  bad,
  checkFields,
  isSecurityPath,
  passwordOk,
} from './security-rules';
import { securityMail } from './security-mail';
import { signInGuards } from './sign-in-guards';
import { countSignUpAttempt, SIGN_UP_PER_ADDRESS, SIGN_UP_PER_IP } from './sign-up-limit';

export interface AuthDeps {
  env: Env;
  db: Db;
  mailer: Mailer;
  logger: Logger;
  limiter: RateLimiter;
  now: () => Date;
  /** Billing's immediate cancellation of the user's paid plan, run before an account is deleted. */
  cancelPaidPlan: CancelPaidPlan;
}

type HookCtx = Parameters<typeof getSessionFromCtx>[0] & {
  path: string;
  body?: unknown;
  json: (v: unknown) => unknown;
};

export function createAuth(deps: AuthDeps) {
  const { env, db, mailer, logger, limiter, now } = deps;
  const scale = env.AUTH_RATE_LIMIT_SCALE;
  const guards = signInGuards(db);
  // Google as standard OpenID Connect through better-auth's genericOAuth: the endpoints and signing keys
  // come from the issuer's discovery document (GOOGLE_OIDC_ISSUER; tests point it at a local fake), the
  // id_token's signature, issuer, audience and nonce are checked by the framework. Registered under the id
  // 'google', it uses the standard sign-in and callback routes (/api/auth/callback/google). Only the code
  // flow: no id token sign-in from the browser (One Tap).
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? genericOAuth({
          config: [
            {
              providerId: 'google',
              name: 'Google',
              clientId: env.GOOGLE_CLIENT_ID,
              clientSecret: env.GOOGLE_CLIENT_SECRET,
              discoveryUrl: `${env.GOOGLE_OIDC_ISSUER.replace(/\/$/, '')}/.well-known/openid-configuration`,
              scopes: ['openid', 'email', 'profile'],
              pkce: true,
              requireIdTokenVerification: true,
            },
          ],
        })
      : null;

  /** Security notices: one that fails to send must not undo the change it reports. */
  const notify = async (mail: Mail) => {
    try {
      await mailer.send(mail);
    } catch (e) {
      logger.error('security mail failed', {
        subject: mail.subject,
        error: e instanceof Error ? e.message : String(e),
      });
    }
  };

  /** Runs first for every security path; may answer on its own (per-address reset limit). */
  async function beforeSecurityPath(ctx: HookCtx): Promise<unknown> {
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
      if (typeof body.password !== 'string' || body.password === '')
        throw bad('PASSWORD_REQUIRED', 'Enter your password to delete your account.');
      if (body.token !== undefined) throw bad('INVALID_FIELD', 'token is not accepted here.');
      const s = await getSessionFromCtx(ctx);
      if (!s) throw new APIError('UNAUTHORIZED', { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
      const typed = typeof body.confirmEmail === 'string' ? body.confirmEmail.trim().toLowerCase() : '';
      if (typed !== s.user.email.toLowerCase())
        throw bad('CONFIRM_EMAIL_MISMATCH', 'Type your email address exactly to confirm the deletion.');
      // With two-factor on, a stolen session and password are not enough: a current code is asked for too.
      if (await twoFactorOn(db, s.user.id)) {
        const code = typeof body.code === 'string' ? body.code.trim() : '';
        if (!code) throw bad('TWO_FACTOR_CODE_REQUIRED', DELETION_CODE_MSG.required);
        if (!(await checkSecondFactor(db, env.BETTER_AUTH_SECRET, s.user.id, code, now())))
          throw bad('INVALID_TWO_FACTOR_CODE', DELETION_CODE_MSG.invalid);
      }
    }
    return undefined;
  }

  /** Sends the change-of-email confirmation when the address better-auth mails differs from the stored one. */
  async function sendIfEmailChange(u: { id: string; email: string }, url: string): Promise<boolean> {
    const [stored] = await db
      .select({ email: schema.user.email })
      .from(schema.user)
      .where(eq(schema.user.id, u.id))
      .limit(1);
    if (!stored || stored.email.toLowerCase() === u.email.toLowerCase()) return false;
    await notify(securityMail.confirmNewEmail(u.email, url));
    return true;
  }

  const auth = betterAuth({
    appName: 'Plainspoken',
    baseURL: env.BASE_URL,
    basePath: '/api/auth',
    secret: env.BETTER_AUTH_SECRET,
    logger: authLogger(logger),
    // Unexpected failures (the database away) reach app.ts's error answer: 503 with Retry-After, else a JSON 500.
    onAPIError: { throw: true },
    trustedOrigins: [env.BASE_URL],
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    user: {
      additionalFields: { lastSignInAt: { type: 'date', required: false, input: false } },
      changeEmail: { enabled: true },
      deleteUser: {
        enabled: true,
        beforeDelete: beforeAccountDeletion({ db, logger, cancelPaidPlan: deps.cancelPaidPlan }),
        async afterDelete(u: { email: string }) {
          await notify(securityMail.goodbye(u.email));
        },
      },
    },
    // Sensitive actions ask for the password instead; a day-old session can still list its devices.
    // Sessions are touched at most hourly, which is what 'last active' on the devices list shows.
    session: { freshAge: 0, updateAge: 60 * 60 },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await notify(securityMail.resetLink(user.email, url));
      },
      async onPasswordReset({ user }) {
        // Opening the mailed link proves the address, so an unconfirmed account becomes confirmed.
        await db.update(schema.user).set({ emailVerified: true, updatedAt: now() }).where(eq(schema.user.id, user.id));
        await notify(securityMail.passwordChanged(user.email, env.BASE_URL));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url }) {
        if (await sendIfEmailChange(user, url)) return;
        await mailer.send(
          actionMail(
            user.email,
            'Confirm your Plainspoken account',
            'Welcome to Plainspoken! Please confirm your email address to finish creating your account. Your first 250 words are on us.',
            { label: 'Confirm my email', url },
            "If you didn't create an account, you can ignore this email. The link is valid for 24 hours.",
          ),
        );
      },
    },
    plugins: [
      ...(google ? [google] : []),
      bearer(),
      twoFactor({ issuer: 'Plainspoken', backupCodeOptions: { amount: 10, length: 10 } }),
      magicLink({
        expiresIn: 15 * 60,
        async sendMagicLink({ email, url }) {
          await mailer.send(
            actionMail(
              email,
              'Your Plainspoken sign-in link',
              'Use the button below to sign in to Plainspoken. The link works once.',
              { label: 'Sign in to Plainspoken', url },
              "If you didn't ask for this link, you can ignore this email. It expires in 15 minutes.",
            ),
          );
        },
      }),
    ],
    rateLimit: {
      enabled: env.RATE_LIMITS === 'on',
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 100 * scale,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 * scale },
        // A generous per-IP ceiling (a class on one network); the tight limit is per IP and address (sign-up-limit.ts).
        '/sign-up/email': { window: SIGN_UP_PER_IP.windowSeconds, max: SIGN_UP_PER_IP.max * scale },
        '/send-verification-email': { window: 60, max: 3 * scale },
        '/sign-in/magic-link': { window: 60, max: 3 * scale },
        '/request-password-reset': { window: 60, max: 3 * scale },
        '/reset-password': { window: 60, max: 10 * scale },
        '/change-password': { window: 60, max: 5 * scale },
        '/change-email': { window: 60, max: 5 * scale },
        '/delete-user': { window: 60, max: 5 * scale },
        '/two-factor/*': { window: 60, max: 10 * scale },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: env.BASE_URL.startsWith('https://'),
      database: { generateId: () => crypto.randomUUID() },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        // RFC 5321 caps an address at 254 characters; longer input is refused before any work.
        if (typeof body.email === 'string' && body.email.length > 254) {
          throw new APIError('BAD_REQUEST', { code: 'EMAIL_TOO_LONG', message: 'That email address is too long.' });
        }
        if (typeof body.name === 'string' && body.name.length > 320) {
          throw new APIError('BAD_REQUEST', { code: 'NAME_TOO_LONG', message: 'That name is too long.' });
        }
        if (ctx.path === '/sign-in/email') await guards.before(ctx as never);
        // A sign-in link needs an address: said in the product's words, not the validator's.
        if (ctx.path === '/sign-in/magic-link' && (typeof body.email !== 'string' || !body.email.trim()))
          throw new APIError('BAD_REQUEST', { code: 'EMAIL_REQUIRED', message: MSG.signInLinkEmailRequired });
        if (ctx.path === '/update-user' && body.name !== undefined) {
          // The profile's display name; an empty one goes back to showing the email.
          const problem =
            typeof body.name === 'string' ? displayNameProblem(body.name) : 'Invalid request. name: expected text';
          if (problem) throw new APIError('BAD_REQUEST', { code: 'INVALID_NAME', message: problem });
        }
        if (isSecurityPath(ctx.path)) {
          const answered = await beforeSecurityPath(ctx);
          if (answered) return answered;
        }
        if (ctx.path === '/sign-up/email' && env.RATE_LIMITS === 'on' && typeof body.email === 'string') {
          const ip = ctx.request?.headers.get(CLIENT_IP_HEADER) ?? ctx.headers?.get(CLIENT_IP_HEADER) ?? 'unknown';
          await countSignUpAttempt(db, ip, body.email, SIGN_UP_PER_ADDRESS.max * scale, Date.now());
        }
        if (ctx.path === '/sign-up/email') {
          // The product tells people when an address already has an account (spec section 8).
          const email = body.email;
          if (typeof email === 'string' && email.length <= 320) {
            const found = await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase());
            if (found)
              throw new APIError('UNPROCESSABLE_ENTITY', {
                code: 'USER_ALREADY_EXISTS',
                message: MSG.alreadyRegistered,
              });
          }
        }
        if (!PASSWORD_PATHS.has(ctx.path)) return;
        const pw = ctx.path === '/sign-up/email' ? body.password : body.newPassword;
        if (pw !== undefined && !passwordOk(pw)) {
          throw new APIError('BAD_REQUEST', { code: 'PASSWORD_RULE', message: MSG.passwordRule });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-in/email') await guards.after(ctx as never);
        if (ctx.path === '/magic-link/verify' || ctx.path === '/callback/:id')
          await guards.afterPasswordless(ctx as never, env.BASE_URL);
        // After a successful change-of-email request the old address hears about it too.
        if (ctx.path !== '/change-email' || ctx.context.returned instanceof Error) return;
        const s = await getSessionFromCtx(ctx).catch(() => null);
        const body = (ctx.body ?? {}) as { newEmail?: unknown };
        if (s && typeof body.newEmail === 'string')
          await notify(securityMail.emailChangeRequested(s.user.email, body.newEmail.toLowerCase()));
      }),
    },
    databaseHooks: {
      user: {
        create: {
          async after(u) {
            await ensureSubscriber(db, { id: u.id, email: u.email }, now());
          },
        },
        update: {
          // Mails on two-factor changes and keeps the subscriber row's email in step with the account.
          async after(u, ctx) {
            const path = ctx?.path ?? '';
            const twoFactorEnabled = (u as { twoFactorEnabled?: boolean | null }).twoFactorEnabled;
            if (twoFactorEnabled === true && (path === '/two-factor/verify-totp' || path === '/two-factor/enable'))
              await notify(securityMail.twoFactorOn(u.email));
            if (twoFactorEnabled === false && path === '/two-factor/disable')
              await notify(securityMail.twoFactorOff(u.email));
            await db
              .update(schema.subscribers)
              .set({ email: u.email, updated_at: now() })
              .where(sql`${schema.subscribers.user_id} = ${u.id} AND ${schema.subscribers.email} <> ${u.email}`);
          },
        },
      },
      session: {
        create: {
          async after(s) {
            await db.update(schema.user).set({ lastSignInAt: now() }).where(eq(schema.user.id, s.userId));
          },
        },
      },
    },
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
