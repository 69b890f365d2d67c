/**
 * The input rules of the account endpoints better-auth serves: password strength, field lengths,
 * which paths are the security ones, and the reset-link constants. Pure; auth.ts applies them.
 */
import { APIError } from 'better-auth/api';

export const RESET_TOKEN_SECONDS = 60 * 60;
/** One reset mail per address per window; further requests get the same answer and no mail. */
export const RESET_PER_ADDRESS_WINDOW_MS = 60_000;
export const RESET_PAGE_PATH = '/reset-password';
export const RESET_ANSWER = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
};

/** At least 8 characters and at least one number (spec section 5). */
export function passwordOk(pw: unknown): boolean {
  return typeof pw === 'string' && pw.length >= 8 && /\d/.test(pw);
}

/** The paths whose new password passwordOk checks (sign-up's `password`, the others' `newPassword`). */
export const PASSWORD_PATHS = new Set(['/sign-up/email', '/reset-password', '/change-password']);

/** The longest value each field of the security endpoints may carry; longer is refused before any work. */
const FIELD_LIMITS: Record<string, number> = {
  email: 320,
  newEmail: 320,
  confirmEmail: 320,
  password: 128,
  currentPassword: 128,
  newPassword: 128,
  token: 256,
  code: 32,
  issuer: 64,
  redirectTo: 2048,
  callbackURL: 2048,
};

const SECURITY_PATHS = new Set([
  '/request-password-reset',
  '/reset-password',
  '/change-password',
  '/change-email',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/delete-user',
]);

export function isSecurityPath(path: string): boolean {
  return SECURITY_PATHS.has(path) || path.startsWith('/two-factor/');
}

export function bad(code: string, message: string): APIError {
  return new APIError('BAD_REQUEST', { code, message });
}

/** Shape checks our rules rely on; better-auth's own schema then checks the rest. */
export function checkFields(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw bad('INVALID_BODY', 'The request body must be a JSON object.');
  const b = body as Record<string, unknown>;
  for (const [field, max] of Object.entries(FIELD_LIMITS)) {
    const v = b[field];
    if (v === undefined) continue;
    if (typeof v !== 'string') throw bad('INVALID_FIELD', `${field} must be a string.`);
    if (v.length > max) throw bad('FIELD_TOO_LONG', `${field} is too long (at most ${max} characters).`);
  }
  return b;
}
