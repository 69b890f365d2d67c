import { authClient } from '@/lib/auth';
import { SecurityError } from '../lib/security-errors';

export interface TwoFactorSetup {
  totpURI: string;
  backupCodes: string[];
}

/** Starts the setup: a new secret and ten backup codes; nothing is on until the first code is confirmed. */
export async function startTwoFactor(password: string): Promise<TwoFactorSetup> {
  const res = await authClient.twoFactor.enable({ password });
  if (res.error) throw new SecurityError(res.error);
  const data = res.data as Partial<TwoFactorSetup> | null;
  if (!data?.totpURI || !Array.isArray(data.backupCodes))
    throw new SecurityError({ message: 'The server did not send a setup key. Please try again.' });
  return { totpURI: data.totpURI, backupCodes: data.backupCodes };
}

export async function confirmTwoFactor(code: string): Promise<void> {
  const res = await authClient.twoFactor.verifyTotp({ code });
  if (res.error) throw new SecurityError(res.error);
}

export async function disableTwoFactor(password: string): Promise<void> {
  const res = await authClient.twoFactor.disable({ password });
  if (res.error) throw new SecurityError(res.error);
}

/** The base32 key inside the otpauth:// URI, for typing into an app by hand. */
export function keyFromUri(uri: string): string {
  try {
    return new URL(uri).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}
