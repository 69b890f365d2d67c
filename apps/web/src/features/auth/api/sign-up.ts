import { AUTH_CALLBACK_URL } from '@/config/paths';
import { authClient } from '@/lib/auth';
import { toAuthRequestError } from '../lib/auth-errors';

export async function signUpWithEmail(email: string, password: string): Promise<void> {
  const res = await authClient.signUp.email({ email, password, name: email, callbackURL: AUTH_CALLBACK_URL });
  if (res.error) throw toAuthRequestError(res.error);
}
