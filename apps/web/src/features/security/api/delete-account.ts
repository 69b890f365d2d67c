import type { DeleteAccountInput } from '@plainspoken/shared';
import { authClient } from '@/lib/auth';
import { SecurityError } from '../lib/security-errors';

/** better-auth's /delete-user with the typed email as a second confirmation the server checks (and a code with two-factor on). */
export async function deleteAccount(password: string, confirmEmail: string, code?: string): Promise<void> {
  const res = await authClient.$fetch('/delete-user', {
    method: 'POST',
    body: { password, confirmEmail, ...(code ? { code } : {}) } satisfies DeleteAccountInput,
  });
  if (res.error) throw new SecurityError(res.error);
}
