import { AUTH_CALLBACK_URL } from '@/config/paths';
import { authClient } from '@/lib/auth';
import { toAuthRequestError } from '../lib/auth-errors';

/** Resolves to the new account's id (for analytics), or null when the server did not return it. */
export async function signUpWithEmail(email: string, password: string): Promise<string | null> {
  const res = await authClient.signUp.email({ email, password, name: email, callbackURL: AUTH_CALLBACK_URL });
  if (res.error) throw toAuthRequestError(res.error);
  return res.data?.user?.id ?? null;
}
