import { MSG } from '@plainspoken/shared';
import { paths } from '@/config/paths';

/** Error codes auth redirects carry when an email link is used up, wrong or too old. */
const EXPIRED_CODES = new Set([
  'invalid_token',
  'token_expired',
  'expired_token',
  'otp_expired',
  'access_denied',
  'invalid_magic_link',
  'expired',
]);

const URL_ERROR_PARAMS = ['error', 'error_code', 'error_description'];

function humanize(code: string): string {
  const s = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return s ? s.charAt(0).toUpperCase() + s.slice(1) + '.' : MSG.genericAuth;
}

/**
 * Reads an auth error from the query string (`?error=`) or the fragment (`#error_code=`), and returns
 * the message to show plus the same URL without the error parameters; null when there is none.
 */
export function readEmailLinkError(href: string): { message: string; cleanUrl: string } | null {
  const url = new URL(href);
  // The reset page explains a dead reset link itself and offers a new one.
  if (url.pathname === paths.resetPassword) return null;
  const hash = new URLSearchParams(url.hash.startsWith('#') ? url.hash.slice(1) : url.hash);
  const search = url.searchParams;

  const error = search.get('error') ?? hash.get('error');
  const errorCode = search.get('error_code') ?? hash.get('error_code');
  const description = search.get('error_description') ?? hash.get('error_description');
  if (!error && !errorCode) return null;

  const codes = [error, errorCode].filter((c): c is string => Boolean(c)).map((c) => c.toLowerCase());
  const expired = codes.some((c) => EXPIRED_CODES.has(c));
  const message = expired ? MSG.emailLinkExpired : (description?.trim() || humanize(error ?? errorCode ?? ''));

  for (const p of URL_ERROR_PARAMS) search.delete(p);
  const hashHadError = URL_ERROR_PARAMS.some((p) => hash.has(p));
  if (hashHadError) {
    for (const p of URL_ERROR_PARAMS) hash.delete(p);
    url.hash = hash.toString();
  }
  const cleanUrl = `${url.pathname}${url.search}${url.hash && url.hash !== '#' ? url.hash : ''}`;
  return { message, cleanUrl };
}
