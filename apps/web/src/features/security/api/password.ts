import { paths } from '@/config/paths';
import { authClient } from '@/lib/auth';
import { SecurityError } from '../lib/security-errors';

export async function changePassword(
  currentPassword: string,
  newPassword: string,
  revokeOtherSessions: boolean,
): Promise<void> {
  const res = await authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions });
  if (res.error) throw new SecurityError(res.error);
}

/** Sets the new password with the token from the mailed link. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  const res = await authClient.resetPassword({ token, newPassword });
  if (res.error) throw new SecurityError(res.error);
}

export async function requestNewResetLink(email: string): Promise<void> {
  const res = await authClient.requestPasswordReset({ email, redirectTo: paths.resetPassword });
  if (res.error) throw new SecurityError(res.error);
}
