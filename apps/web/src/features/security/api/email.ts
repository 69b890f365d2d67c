import { paths } from '@/config/paths';
import { authClient } from '@/lib/auth';
import { SecurityError } from '../lib/security-errors';

/** Mails a confirmation link to the new address; the email changes once it is opened. */
export async function changeEmail(newEmail: string): Promise<void> {
  const res = await authClient.changeEmail({ newEmail, callbackURL: paths.profile });
  if (res.error) throw new SecurityError(res.error);
}
