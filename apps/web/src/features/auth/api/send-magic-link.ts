import { SIGN_IN_LINK_CALLBACK_URL } from '@/config/paths';
import { authClient } from '@/lib/auth';
import { toAuthRequestError } from '../lib/auth-errors';

export async function sendMagicLink(email: string): Promise<void> {
  const res = await authClient.signIn.magicLink({ email, callbackURL: SIGN_IN_LINK_CALLBACK_URL });
  if (res.error) throw toAuthRequestError(res.error);
}
