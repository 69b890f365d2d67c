import { useMutation } from '@tanstack/react-query';
import type { CreateCheckoutInput, RedirectUrl } from '@plainspoken/shared';
import { apiFetch } from '@/lib/api';

export const CREATE_CHECKOUT_PATH = '/api/functions/create-checkout';

export function createCheckout(input: CreateCheckoutInput): Promise<RedirectUrl> {
  return apiFetch<RedirectUrl>(CREATE_CHECKOUT_PATH, { method: 'POST', body: { ...input } });
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
