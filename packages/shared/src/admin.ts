import type { Tier } from './plans';

/** What the diagnostics pages read about a subscriber (GET /api/admin/subscriber). */
export interface SubscriberRecord {
  user_id: string;
  email: string;
  subscription_tier: string;
  subscribed: boolean;
  monthly_word_balance: number;
  subscription_end: string | null;
  balance_reset_date: string | null;
  paddle_customer_id: string | null;
  subscription_cancelled_at: string | null;
  cancellation_end_date: string | null;
  updated_at: string;
}

/** One delivery to the payment webhook (GET /api/admin/webhook-logs). */
export interface WebhookLogRecord {
  id: string;
  event_id: string | null;
  event_type: string;
  success: boolean;
  processed_at: string;
  error_message: string | null;
  raw_payload: unknown;
}

export interface DayPoint {
  /** YYYY-MM-DD, UTC. */
  day: string;
  value: number;
}

/** The admin overview (GET /api/admin/overview). */
export interface AdminOverview {
  days: number;
  from: string;
  to: string;
  signUps: DayPoint[];
  wordsHumanized: DayPoint[];
  webhookFailures: DayPoint[];
  /** Current paying subscribers per tier; FREE counts every account on the free plan. */
  activeByTier: Record<Tier, number>;
  totals: { users: number; signUps: number; wordsHumanized: number; webhookFailures: number; webhookEvents: number };
}
