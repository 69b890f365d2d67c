import { CONFIRM_CALLBACK_URL } from '@/config/paths';
import { authClient } from '@/lib/auth';
import { toAuthRequestError } from '../lib/auth-errors';

/** Resolves to the new account's id (for analytics), or null when the server did not return it. */
export async function signUpWithEmail(email: string, password: string): Promise<string | null> {
  let retryAfter: number | undefined;
  const res = await authClient.signUp.email({
    email,
    password,
    name: email,
    callbackURL: CONFIRM_CALLBACK_URL,
    fetchOptions: {
      onError(ctx) {
        // Both sign-up limits (per IP and per IP and address) say when to retry in this header.
        const s = Number(ctx.response.headers.get('X-Retry-After'));
        if (Number.isFinite(s) && s > 0) retryAfter = s;
      },
    },
  });
  if (res.error) throw toAuthRequestError({ ...res.error, retryAfter });
  return res.data?.user?.id ?? null;
}
