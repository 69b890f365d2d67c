import { loseAccessNotice, type SubscriptionData } from '@plainspoken/shared';

export function planTitle(s: SubscriptionData): string {
  return s.subscription_tier === 'FREE' ? 'Free Plan' : `${s.subscription_tier} Plan`;
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

export interface StatusText {
  kind: 'cancelled' | 'active' | 'free' | 'ended';
  text: string;
  /** Only for a cancelled plan with a known end date. */
  detail?: string;
}

/**
 * The spec's status line. "Cancelled" means cancelled but still running: once the end date passes
 * the account is FREE again and says so (spec section 4, the warning shows while access lasts).
 */
export function subscriptionStatus(s: SubscriptionData): StatusText {
  if (s.subscription_cancelled_at && s.subscription_tier !== 'FREE') {
    return {
      kind: 'cancelled',
      text: '⚠️ Subscription cancelled',
      ...(s.cancellation_end_date
        ? { detail: loseAccessNotice(s.subscription_tier, formatDate(s.cancellation_end_date)) }
        : {}),
    };
  }
  if (s.isActive) return { kind: 'active', text: 'Active subscription' };
  if (s.subscription_tier === 'FREE') return { kind: 'free', text: 'Free plan active' };
  return { kind: 'ended', text: 'Subscription ended' };
}

export function isPaying(s: SubscriptionData): boolean {
  return s.subscription_tier !== 'FREE';
}

export function wordsUsed(s: SubscriptionData): number {
  return Math.max(0, s.monthlyLimit - s.currentBalance);
}
