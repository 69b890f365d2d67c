// Loaded on demand (see lib/opened-from-email-link.ts): reading an email link's result from the URL, and
// saying what happened once the app is up.
import { useEmailLinkErrors } from './lib/use-email-link-errors';

export { consumeEmailLinkError } from './lib/use-email-link-errors';

export function EmailLinkNotices() {
  useEmailLinkErrors();
  return null;
}
