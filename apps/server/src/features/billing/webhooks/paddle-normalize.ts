/** Paddle's webhook events (as the SDK parsed them) turned into the subscriber lifecycle's events. */
import { EventName, type EventEntity } from '@paddle/paddle-node-sdk';
import type { LifecycleEvent, SubscriptionChange } from '../../../domain/lifecycle';

const CHANGES: Record<string, SubscriptionChange> = {
  [EventName.SubscriptionCreated]: 'created',
  [EventName.SubscriptionActivated]: 'activated',
  [EventName.SubscriptionUpdated]: 'updated',
  [EventName.SubscriptionCanceled]: 'canceled',
  [EventName.SubscriptionPastDue]: 'past_due',
};

export const date = (s: string | null | undefined): Date | null => {
  if (!s) return null;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
};
const userIdOf = (custom: unknown): string | null => {
  const v = custom && typeof custom === 'object' ? (custom as Record<string, unknown>).user_id : undefined;
  return typeof v === 'string' && v ? v : null;
};

/** Paddle's event (as the SDK parsed it) in the lifecycle's terms. */
export function normalizePaddleEvent(e: EventEntity, now: Date): LifecycleEvent {
  const base = { id: e.eventId, type: e.eventType as string, occurredAt: date(e.occurredAt) ?? now };
  switch (e.eventType) {
    case EventName.SubscriptionCreated:
    case EventName.SubscriptionActivated:
    case EventName.SubscriptionUpdated:
    case EventName.SubscriptionCanceled:
    case EventName.SubscriptionPastDue: {
      const d = e.data;
      return {
        ...base,
        kind: 'subscription',
        change: CHANGES[e.eventType] ?? 'updated',
        sub: {
          id: d.id,
          status: d.status,
          customerId: d.customerId,
          priceId: d.items[0]?.price?.id ?? null,
          userId: userIdOf(d.customData),
          periodEnd: date(d.currentBillingPeriod?.endsAt),
          scheduledCancelAt: d.scheduledChange?.action === 'cancel' ? date(d.scheduledChange.effectiveAt) : null,
          canceledAt: date(d.canceledAt),
        },
      };
    }
    case EventName.TransactionCompleted: {
      const d = e.data;
      return {
        ...base,
        kind: 'transaction',
        txn: {
          id: d.id,
          origin: d.origin,
          customerId: d.customerId,
          subscriptionId: d.subscriptionId,
          priceId: d.items[0]?.price?.id ?? null,
          userId: userIdOf(d.customData),
          periodEnd: date(d.billingPeriod?.endsAt),
        },
      };
    }
    default:
      return { ...base, kind: 'other' };
  }
}
