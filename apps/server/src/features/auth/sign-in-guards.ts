/**
 * Sign-in guards auth.ts runs around better-auth's own handling:
 * - An unconfirmed account gets the spec's confirmation message (403 EMAIL_NOT_VERIFIED) before its
 *   password is checked, so the answer is the same for a right and a wrong password.
 * - A per-account failure limit, in PostgreSQL so every process shares it: after
 *   SIGN_IN_FAILURES_PER_ACCOUNT wrong passwords within the window, password sign-in to that account is
 *   refused with 429 (whichever addresses the guesses come from) until the window has passed; a
 *   successful sign-in clears the count. Email links and password reset still work.
 * - Sign-ins that skip the password (an email link, Google) must not skip the second factor: for an
 *   account with two-factor on, the new session is removed and the browser is sent back with a reason.
 */
import { APIError } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { MSG } from '@plainspoken/shared';
import type { Db } from '../../db/client';
import { createWindowCounter } from '../../lib/window-counter';

export const SIGN_IN_FAILURES_PER_ACCOUNT = 10;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60_000;
export const TWO_FACTOR_REQUIRED_MESSAGE =
  'This account uses two-factor sign-in. Sign in with your password and your authentication code.';

type Ctx = {
  path: string;
  body?: unknown;
  context: {
    internalAdapter: {
      findUserByEmail(email: string): Promise<{ user: { emailVerified: boolean } } | null>;
      deleteSession(token: string): Promise<void>;
    };
    newSession: { session: { token: string }; user: { twoFactorEnabled?: boolean | null } } | null;
    setNewSession(s: null): void;
    returned?: unknown;
  };
  redirect(url: string): unknown;
};

const keyOf = (email: string) => `signin-fail:${email.trim().toLowerCase()}`;

export function tooManyFailures(minutes: number): APIError {
  return new APIError('TOO_MANY_REQUESTS', {
    code: 'TOO_MANY_SIGN_IN_ATTEMPTS',
    message: `Too many failed sign-in attempts for this account. Please wait ${minutes} minutes before trying again, or sign in with an email link.`,
  });
}

export function signInGuards(db: Db) {
  const counter = createWindowCounter(db);
  return {
    /** Before /sign-in/email. */
    async before(ctx: Ctx): Promise<void> {
      const email = (ctx.body as { email?: unknown } | undefined)?.email;
      if (typeof email !== 'string' || email.length > 320) return;
      const failures = await counter.peek(keyOf(email), SIGN_IN_FAILURE_WINDOW_MS);
      if (failures.count >= SIGN_IN_FAILURES_PER_ACCOUNT) {
        const minutes = Math.max(
          1,
          Math.ceil((failures.windowStart + SIGN_IN_FAILURE_WINDOW_MS - Date.now()) / 60_000),
        );
        throw tooManyFailures(minutes);
      }
      const found = await ctx.context.internalAdapter.findUserByEmail(email.trim().toLowerCase());
      if (found && !found.user.emailVerified)
        throw new APIError('FORBIDDEN', { code: 'EMAIL_NOT_VERIFIED', message: MSG.unconfirmedEmail });
    },
    /** After /sign-in/email: counts a wrong password against the account, clears the count on success. */
    async after(ctx: Ctx): Promise<void> {
      const email = (ctx.body as { email?: unknown } | undefined)?.email;
      if (typeof email !== 'string' || email.length > 320) return;
      const r = ctx.context.returned;
      if (r instanceof APIError) {
        if (r.status === 'UNAUTHORIZED' || r.statusCode === 401)
          await counter.hit(keyOf(email), SIGN_IN_FAILURE_WINDOW_MS);
        return;
      }
      if (r !== undefined) await counter.reset(keyOf(email));
    },
    /** After an email-link or Google sign-in: no session without the second factor. */
    async afterPasswordless(ctx: Ctx, baseUrl: string): Promise<void> {
      const s = ctx.context.newSession;
      if (!s?.user.twoFactorEnabled) return;
      await ctx.context.internalAdapter.deleteSession(s.session.token);
      deleteSessionCookie(ctx as never, true);
      ctx.context.setNewSession(null);
      const to = new URL('/', baseUrl);
      to.searchParams.set('error', 'two_factor_required');
      to.searchParams.set('error_description', TWO_FACTOR_REQUIRED_MESSAGE);
      throw ctx.redirect(to.toString());
    },
  };
}
