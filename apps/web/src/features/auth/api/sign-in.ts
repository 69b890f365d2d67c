import { authClient } from '@/lib/auth';
import { toAuthRequestError } from '../lib/auth-errors';

/**
 * No callbackURL on purpose: with one, the auth client reloads the page on success and the
 * 'Welcome back!' toast would be lost. Verification mails sent on sign-in default to '/'.
 */
export async function signInWithEmail(email: string, password: string): Promise<void> {
  const res = await authClient.signIn.email({ email, password });
  if (res.error) throw toAuthRequestError(res.error);
}
