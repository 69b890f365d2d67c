import { authClient } from '@/lib/auth';
import { toAuthRequestError } from '../lib/auth-errors';
import { TwoFactorRequiredError } from './verify-two-factor';

/**
 * No callbackURL on purpose: with one, the auth client reloads the page on success and the
 * 'Welcome back!' toast would be lost. Verification mails sent on sign-in default to '/'.
 */
/** Resolves to the signed-in user's id (for analytics), or null when the server did not return it. */
export async function signInWithEmail(email: string, password: string): Promise<string | null> {
  const res = await authClient.signIn.email({ email, password });
  if (res.error) throw toAuthRequestError(res.error);
  if (res.data && 'twoFactorRedirect' in res.data && res.data.twoFactorRedirect) throw new TwoFactorRequiredError();
  return res.data && 'user' in res.data ? (res.data.user?.id ?? null) : null;
}
