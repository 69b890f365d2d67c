import { useMutation } from '@tanstack/react-query';
import type { BillingPeriod, PaidTier } from '@plainspoken/shared';
import { apiFetch } from '@/lib/api';

export const CREATE_CHECKOUT_PATH = '/api/functions/create-checkout';

export interface CheckoutInput {
  planTier: PaidTier;
  billingPeriod: BillingPeriod;
}

export function createCheckout(input: CheckoutInput): Promise<{ url?: string | null }> {
  return apiFetch<{ url?: string | null }>(CREATE_CHECKOUT_PATH, { method: 'POST', body: { ...input } });
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
