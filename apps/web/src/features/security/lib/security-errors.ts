import { MSG } from '@plainspoken/shared';

export interface AuthFailure {
  status?: number | undefined;
  code?: string | undefined;
  message?: string | undefined;
}

/** An auth call that failed; the UI branches on `code`. */
export class SecurityError extends Error {
  readonly code: string | undefined;
  readonly status: number | undefined;
  constructor(f: AuthFailure | null | undefined) {
    super(f?.message || 'Something went wrong. Please try again.');
    this.name = 'SecurityError';
    this.code = f?.code;
    this.status = f?.status;
  }
}

/** A plain sentence for the failures these screens can meet; the server's own message otherwise. */
export function securityMessage(err: unknown): string {
  const e = (err && typeof err === 'object' ? err : {}) as AuthFailure;
  switch (e.code) {
    case 'INVALID_PASSWORD':
      return 'That password is not right.';
    case 'PASSWORD_RULE':
    case 'PASSWORD_TOO_SHORT':
    case 'PASSWORD_TOO_LONG':
      return MSG.passwordRule;
    case 'INVALID_TOKEN':
      return 'This link has expired or was already used.';
    case 'INVALID_CODE':
      return "That code didn't work. Check the time on your phone and try the newest code.";
    case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
      return 'Your account has no password yet. Use "Forgot password?" when signing in to set one.';
    default:
      break;
  }
  if (e.status === 429) return 'Too many attempts. Please wait a minute and try again.';
  if (e.status === 0) return 'Could not reach the server. Check your connection and try again.';
  return e.message?.trim() || 'Something went wrong. Please try again.';
}

export function passwordOk(pw: string): boolean {
  return pw.length >= 8 && /\d/.test(pw);
}
