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

/** What a mailed link was, carried back in its callback URL (?link=confirm or ?link=sign-in). */
export type LinkKind = 'confirm' | 'sign-in';
export const LINK_PARAM = 'link';

function linkKindOf(url: URL): LinkKind | undefined {
  const v = url.searchParams.get(LINK_PARAM);
  return v === 'confirm' || v === 'sign-in' ? v : undefined;
}

/** The notice for a dead link of a known kind, worded for what the link was. */
export const DEAD_LINK_NOTICE: Record<LinkKind, string> = {
  confirm: 'This confirmation link has expired or was already used. If you confirmed your email, sign in below.',
  'sign-in':
    'This sign-in link has expired or was already used. Sign-in links work once, for 15 minutes: request a new one below.',
};

/**
 * A landing from a mailed link without an error: `link` says what it was. Returns the kind and the URL
 * without the parameter; null when the URL is no such landing.
 */
export function readLinkLanding(href: string): { link: LinkKind; cleanUrl: string } | null {
  const url = new URL(href);
  const link = linkKindOf(url);
  if (!link) return null;
  url.searchParams.delete(LINK_PARAM);
  return { link, cleanUrl: `${url.pathname}${url.search}${url.hash && url.hash !== '#' ? url.hash : ''}` };
}

function humanize(code: string): string {
  const s = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return s ? s.charAt(0).toUpperCase() + s.slice(1) + '.' : MSG.genericAuth;
}

/**
 * Reads an auth error from the query string (`?error=`) or the fragment (`#error_code=`), and returns
 * the message to show plus the same URL without the error parameters; null when there is none.
 */
export function readEmailLinkError(href: string): { message: string; cleanUrl: string; link?: LinkKind } | null {
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
  const link = linkKindOf(url);
  const message =
    expired && link
      ? DEAD_LINK_NOTICE[link]
      : expired
        ? MSG.emailLinkExpired
        : description?.trim() || humanize(error ?? errorCode ?? '');

  for (const p of URL_ERROR_PARAMS) search.delete(p);
  search.delete(LINK_PARAM);
  const hashHadError = URL_ERROR_PARAMS.some((p) => hash.has(p));
  if (hashHadError) {
    for (const p of URL_ERROR_PARAMS) hash.delete(p);
    url.hash = hash.toString();
  }
  const cleanUrl = `${url.pathname}${url.search}${url.hash && url.hash !== '#' ? url.hash : ''}`;
  return link ? { message, cleanUrl, link } : { message, cleanUrl };
}
