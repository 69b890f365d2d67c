import { MSG } from '@plainspoken/shared';

export interface AuthErrorLike {
  code?: string | undefined;
  message?: string | undefined;
  status?: number | undefined;
  /** Seconds until a rate-limited request may be tried again. */
  retryAfter?: number | undefined;
}

/** An auth request that failed, carrying the server's code so the UI can branch on it. */
export class AuthRequestError extends Error implements AuthErrorLike {
  readonly code: string | undefined;
  readonly status: number | undefined;
  readonly retryAfter: number | undefined;
  constructor(err: AuthErrorLike) {
    super(err.message ?? MSG.genericAuth);
    this.name = 'AuthRequestError';
    this.code = err.code;
    this.status = err.status;
    this.retryAfter = err.retryAfter;
  }
}

export function toAuthRequestError(
  err: { code?: string; message?: string; status?: number; retryAfter?: number | undefined } | null | undefined,
) {
  return new AuthRequestError({
    code: err?.code,
    message: err?.message,
    status: err?.status,
    retryAfter: err?.retryAfter,
  });
}

/**
 * The inline notice for a rate-limited sign-up: how long to wait and the clock time to retry at, or
 * null when `err` is not a rate limit.
 */
export function signUpLimitNotice(err: unknown, now = new Date()): string | null {
  const e: AuthErrorLike = err && typeof err === 'object' ? err : {};
  if (e.status !== 429) return null;
  const seconds = Math.max(1, Math.ceil(e.retryAfter ?? 60));
  const at = new Date(now.getTime() + seconds * 1000).toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
  });
  const wait =
    seconds >= 60
      ? `${Math.ceil(seconds / 60)} ${Math.ceil(seconds / 60) === 1 ? 'minute' : 'minutes'}`
      : `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const who = e.code === 'SIGN_UP_RATE_LIMITED' ? 'for this address' : 'from your network';
  return `Too many sign-up attempts ${who}. Try again in ${wait} (at ${at}).`;
}

const PASSWORD_CODES = new Set([
  'PASSWORD_RULE',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'WEAK_PASSWORD',
  'weak_password',
]);

/** The sentence for an address that cannot be one (checked in the browser, and the server's answer worded the same). */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address, like name@example.com.';

/** Close to the server's own check: something@something.tld, without spaces. */
export function looksLikeEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/.test(email);
}

/** The field a server validation message names: "[body.email] Invalid email address" names the email. */
function validatedField(message: string): string | null {
  return /^\[body\.(\w+)\]/.exec(message)?.[1] ?? null;
}

/** A message without the server's "[body.field]" prefix. */
function plainMessage(message: string): string {
  return message.replace(/^\[[^\]]*\]\s*/, '').trim();
}

/** The spec's sentence for an auth error (spec section 8), chosen by code first. */
export function authErrorMessage(err: unknown): string {
  const e: AuthErrorLike = err && typeof err === 'object' ? err : {};
  const code = e.code ?? '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') return MSG.alreadyRegistered;
  if (code === 'INVALID_EMAIL_OR_PASSWORD') return MSG.badCredentials;
  if (code === 'EMAIL_NOT_VERIFIED') return MSG.unconfirmedEmail;
  if (code === 'INVALID_EMAIL' || validatedField(message) === 'email') return INVALID_EMAIL_MESSAGE;
  if (PASSWORD_CODES.has(code) || /password|characters/i.test(message)) return MSG.passwordRule;
  return plainMessage(message) || MSG.genericAuth;
}

export type AuthErrorField = 'email' | 'password' | 'form';

/** Which field of the sign-up and sign-in form an auth error is shown under ('form': above the button). */
export function authErrorField(err: unknown): AuthErrorField {
  const e: AuthErrorLike = err && typeof err === 'object' ? err : {};
  const code = e.code ?? '';
  const message = typeof e.message === 'string' ? e.message : '';
  const named = validatedField(message);
  if (
    code === 'USER_ALREADY_EXISTS' ||
    code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' ||
    code === 'EMAIL_NOT_VERIFIED' ||
    code === 'INVALID_EMAIL' ||
    named === 'email'
  )
    return 'email';
  if (code === 'INVALID_EMAIL_OR_PASSWORD' || PASSWORD_CODES.has(code) || named === 'password') return 'password';
  if (/password|characters/i.test(message)) return 'password';
  return 'form';
}

/** An account that exists but whose address is not confirmed yet: the form offers to resend the link. */
export function isUnconfirmedEmail(err: unknown): boolean {
  return !!err && typeof err === 'object' && (err as AuthErrorLike).code === 'EMAIL_NOT_VERIFIED';
}

/** The client-side copy of the server's password rule: 8+ characters and at least one digit. */
export function passwordChecks(password: string) {
  return { length: password.length >= 8, digit: /\d/.test(password) };
}

export function isPasswordValid(password: string): boolean {
  const c = passwordChecks(password);
  return c.length && c.digit;
}
