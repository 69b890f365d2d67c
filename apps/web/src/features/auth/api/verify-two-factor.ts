import { authClient } from '@/lib/auth';
import { toAuthRequestError } from '../lib/auth-errors';

/** Thrown by sign-in when the password was right and the account also needs a code. */
export class TwoFactorRequiredError extends Error {
  constructor() {
    super('A code from your authenticator app is needed.');
    this.name = 'TwoFactorRequiredError';
  }
}

/** Finishes a sign-in with an authenticator code or a backup code; resolves to the user's id. */
export async function verifySignInCode(code: string, kind: 'totp' | 'backup'): Promise<string | null> {
  const res =
    kind === 'totp'
      ? await authClient.twoFactor.verifyTotp({ code })
      : await authClient.twoFactor.verifyBackupCode({ code });
  if (res.error) throw toAuthRequestError(res.error);
  return res.data?.user?.id ?? null;
}
