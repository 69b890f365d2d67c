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
