import { MSG } from '@plainspoken/shared';
import { AUTH_CALLBACK_URL } from '@/config/paths';
import { authClient } from '@/lib/auth';
import { AuthRequestError } from '../lib/auth-errors';

/** Starts the Google redirect; throws with the spec's message when Google is off or refuses. */
export async function signInWithGoogle(googleEnabled: boolean | undefined): Promise<void> {
  if (!googleEnabled) throw new AuthRequestError({ message: MSG.googleFailed });
  const res = await authClient.signIn.social({ provider: 'google', callbackURL: AUTH_CALLBACK_URL });
  if (res.error) throw new AuthRequestError({ message: MSG.googleFailed, code: res.error.code });
}
