import { paths } from '@/config/paths';
import { authClient } from '@/lib/auth';
import { toAuthRequestError } from '../lib/auth-errors';

/** The server answers the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  const res = await authClient.requestPasswordReset({ email, redirectTo: paths.resetPassword });
  if (res.error) throw toAuthRequestError(res.error);
}
