import { CONFIRM_CALLBACK_URL } from '@/config/paths';
import { authClient } from '@/lib/auth';
import { toAuthRequestError } from '../lib/auth-errors';

export async function resendVerificationEmail(email: string): Promise<void> {
  const res = await authClient.sendVerificationEmail({ email, callbackURL: CONFIRM_CALLBACK_URL });
  if (res.error) throw toAuthRequestError(res.error);
}
