/**
 * Accounts: better-auth with email + password (confirmation required), one-time email links, Google
 * when configured, bearer tokens for the diagnostics pages, and rate limits stored in the database.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { bearer, magicLink } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { MSG } from '@plainspoken/shared';
import type { Env } from '../env';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { actionMail, type Mailer } from '../lib/mail';
import type { Logger } from '../lib/logger';
import { ensureSubscriber } from '../features/subscription/subscription.service';
import { createSecurityAuth } from '../features/account-security/security-auth';

export const CLIENT_IP_HEADER = 'x-plainspoken-client-ip';

/** At least 8 characters and at least one number (spec section 5). */
export function passwordOk(pw: unknown): boolean {
  return typeof pw === 'string' && pw.length >= 8 && /\d/.test(pw);
}

const PASSWORD_PATHS = new Set(['/sign-up/email', '/reset-password', '/change-password']);

export function createAuth(deps: { env: Env; db: Db; mailer: Mailer; logger: Logger }) {
  const { env, db, mailer } = deps;
  const security = createSecurityAuth(deps);
  const scale = env.AUTH_RATE_LIMIT_SCALE;
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } }
      : undefined;

  return betterAuth({
    appName: 'Plainspoken',
    baseURL: env.BASE_URL,
    basePath: '/api/auth',
    secret: env.BETTER_AUTH_SECRET,
    trustedOrigins: [env.BASE_URL],
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    user: {
      additionalFields: { lastSignInAt: { type: 'date', required: false, input: false } },
      ...security.userOptions,
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
      ...security.emailAndPassword,
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url }) {
        if (await security.sendIfEmailChange(user, url)) return;
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
    socialProviders: google,
    plugins: [
      bearer(),
      security.plugin,
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
        '/sign-up/email': { window: 60, max: 5 * scale },
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
        const answered = await security.before(ctx);
        if (answered) return answered;
        if (ctx.path === '/sign-up/email') {
          // The product tells people when an address already has an account (spec section 8).
          const email = (ctx.body as { email?: unknown } | undefined)?.email;
          if (typeof email === 'string' && email.length <= 320) {
            const found = await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase());
            if (found) throw new APIError('UNPROCESSABLE_ENTITY', { code: 'USER_ALREADY_EXISTS', message: MSG.alreadyRegistered });
          }
        }
        if (!PASSWORD_PATHS.has(ctx.path)) return;
        const pw = ctx.path === '/sign-up/email' ? body.password : body.newPassword;
        if (pw !== undefined && !passwordOk(pw)) {
          throw new APIError('BAD_REQUEST', { code: 'PASSWORD_RULE', message: MSG.passwordRule });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        await security.after(ctx);
      }),
    },
    databaseHooks: {
      user: {
        create: {
          async after(u) {
            await ensureSubscriber(db, { id: u.id, email: u.email });
          },
        },
        update: {
          async after(u, ctx) {
            await security.afterUserUpdate(u, ctx);
          },
        },
      },
      session: {
        create: {
          async after(s) {
            await db.update(schema.user).set({ lastSignInAt: new Date() }).where(eq(schema.user.id, s.userId));
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
