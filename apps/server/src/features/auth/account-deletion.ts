/**
 * Account deletion behind better-auth's /delete-user: the paid subscription is cancelled with the
 * provider first (if that fails nothing is deleted), then every row of the user goes in one transaction.
 * Cancelling is billing's job; server.ts passes it in as `cancelPaidPlan`, so this feature never
 * imports billing.
 */
import { eq } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { AppError } from '../../lib/errors';
import type { Db } from '../../db/client';
import { account, session, subscribers, transformations, twoFactor, user, verification } from '../../db/schema';
import type { Logger } from '../../lib/logger';

export const DELETION_CANCEL_FAILED =
  'We could not cancel your paid subscription with the payment provider, so nothing was deleted. Please try again in a few minutes, or cancel your plan with Manage Plan first.';

/** Stops the user's paid plan at the provider now; throws (AppError with a sentence, ideally) when it cannot. */
export type CancelPaidPlan = (userId: string) => Promise<void>;

/** Removes the user and everything that belongs to them; foreign keys cascade too, this is explicit. */
export async function eraseUser(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(transformations).where(eq(transformations.user_id, userId));
    await tx.delete(subscribers).where(eq(subscribers.user_id, userId));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    // Reset links, two-factor challenges and trusted devices store the user id as their value.
    await tx.delete(verification).where(eq(verification.value, userId));
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(account).where(eq(account.userId, userId));
    await tx.delete(user).where(eq(user.id, userId));
  });
}

/** better-auth's beforeDelete: runs after the password was checked, before its own deletes. */
export function beforeAccountDeletion(deps: { db: Db; logger: Logger; cancelPaidPlan: CancelPaidPlan }) {
  return async (u: { id: string }): Promise<void> => {
    try {
      await deps.cancelPaidPlan(u.id);
    } catch (e) {
      deps.logger.warn('account deletion: subscription cancellation failed', {
        userId: u.id,
        error: e instanceof Error ? e.message : String(e),
      });
      // better-auth answers its own errors only; billing's sentence is kept when it wrote one.
      const message = e instanceof AppError ? e.message : DELETION_CANCEL_FAILED;
      throw new APIError('BAD_GATEWAY', { code: 'SUBSCRIPTION_CANCEL_FAILED', message });
    }
    await eraseUser(deps.db, u.id);
  };
}
