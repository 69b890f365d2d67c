/**
 * The one call account deletion makes into billing. Kept in one place so deletion code depends on the
 * contract `cancelSubscriptionForDeletion(deps, userId)` only.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app';
import { subscribers } from '../../db/schema';
import { paymentProvider } from '../billing/provider';

/** Ends a live paid subscription with the provider now; throws when the provider refuses or fails. */
export async function cancelSubscriptionForDeletion(deps: AppDeps, userId: string): Promise<void> {
  const [row] = await deps.db.select().from(subscribers).where(eq(subscribers.user_id, userId)).limit(1);
  if (!row?.paddle_subscription_id || row.subscription_cancelled_at) return;
  await paymentProvider(deps.env).cancelNow(row.paddle_subscription_id);
}
