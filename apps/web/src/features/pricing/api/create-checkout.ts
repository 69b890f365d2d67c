import { useMutation } from '@tanstack/react-query';
import type { CreateCheckoutInput } from '@plainspoken/shared';
import { call, server } from '@/lib/api';

export function createCheckout(input: CreateCheckoutInput) {
  return call(server.api.functions['create-checkout'].$post({ json: input }));
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
