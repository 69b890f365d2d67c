/**
 * Whether this page was opened from a mailed link: its URL carries an auth error (?error=, #error_code=)
 * or a landing mark (?link=confirm|sign-in). Only then does the code that reads and explains it load
 * (features/auth/email-links.ts); every other visit skips it.
 */
export function openedFromEmailLink(): boolean {
  return /[?&#](error|error_code|error_description|link)=/.test(window.location.search + window.location.hash);
}
