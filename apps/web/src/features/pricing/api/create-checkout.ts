import { useMutation } from '@tanstack/react-query';
import type { CreateCheckoutInput, RedirectUrlOutput } from '@plainspoken/shared';
import { apiFetch } from '@/lib/api';

export const CREATE_CHECKOUT_PATH = '/api/functions/create-checkout';

export function createCheckout(input: CreateCheckoutInput): Promise<RedirectUrlOutput> {
  return apiFetch<RedirectUrlOutput>(CREATE_CHECKOUT_PATH, { method: 'POST', body: { ...input } });
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
