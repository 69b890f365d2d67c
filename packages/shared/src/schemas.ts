import { z } from 'zod';
import { BILLING_PERIODS, PAID_TIERS, TIERS } from './plans';

export const MAX_TEXT_CHARS = 60_000;
export const HUMANIZE_MODES = ['deep', 'lightning'] as const;
export type HumanizeMode = (typeof HUMANIZE_MODES)[number];

export const checkBalanceInput = z.object({ word_count: z.number().int().min(0).max(1_000_000) });
export const checkBalanceOutput = z.object({
  subscriptionTier: z.enum(TIERS),
  currentBalance: z.number(),
  requestLimit: z.number(),
  canProcess: z.boolean(),
  exceedsRequestLimit: z.boolean(),
});
export type LimitsInfo = z.infer<typeof checkBalanceOutput>;

export const humanizeInput = z.object({
  text: z.string().min(1).max(MAX_TEXT_CHARS),
  useSecondPrompt: z.boolean().optional().default(false),
  mode: z.enum(HUMANIZE_MODES),
});
export type HumanizeInput = z.input<typeof humanizeInput>;

export interface HumanizeSentence { text: string; score: number; flagged: boolean }
export interface HumanizeOutput {
  humanized_text: string;
  transformation_id: string | null;
  saved: boolean;
  words_charged: number;
  remaining_balance: number;
  score_before: number;
  score_after: number;
  engine: 'model' | 'local';
  engine_note?: string;
  sentences_after?: HumanizeSentence[];
}

export const trackUsageInput = z.object({
  transformation_id: z.string().min(1).max(100),
  words_used: z.number().int().min(0).max(1_000_000),
});

export const createCheckoutInput = z.object({
  planTier: z.enum(PAID_TIERS),
  billingPeriod: z.enum(BILLING_PERIODS),
});

export interface SubscriptionData {
  subscription_tier: (typeof TIERS)[number];
  subscribed: boolean;
  monthly_word_balance: number;
  subscription_end: string | null;
  subscription_cancelled_at: string | null;
  cancellation_end_date: string | null;
  monthlyLimit: number;
  currentBalance: number;
  isActive: boolean;
}

export interface TransformationItem {
  id: string;
  original_text: string;
  transformed_text: string;
  created_at: string;
}
export interface TransformationPage { items: TransformationItem[]; nextCursor: string | null }
