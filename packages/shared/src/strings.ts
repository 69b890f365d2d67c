import { formatCount } from './copy';

/** The product's user-facing strings (spec section 8). The UI branches on error codes, never on these texts. */
export const PRODUCT_NAME = 'Plainspoken';
export const TAGLINE = 'AI text that reads like you wrote it';

export const MSG = {
  alreadyRegistered: 'This email is already registered. Please sign in instead.',
  badCredentials: 'Invalid email or password. Please check your credentials.',
  unconfirmedEmail: 'Please check your email and click the confirmation link first.',
  genericAuth: 'An error occurred',
  googleFailed: 'Failed to authenticate with Google.',
  sessionMissing: 'Auth session missing!',
  emailLinkExpired: 'Email link has expired. Please request a new confirmation email.',
  fillAllFields: 'Please fill in all fields',
  passwordRule: 'Password must be at least 8 characters and include at least one number.',
  emailOrPhoneRequired: 'You must provide either an email or phone number and a password',
  otpEmailOrPhoneRequired: 'You must provide either an email or phone number.',
  /** The product signs in by email only: an empty address for a sign-in link is asked for as such. */
  signInLinkEmailRequired: 'Please enter your email address to get a sign-in link.',
  /** Deleting an account with two-factor on asks for a current code (or a backup code). */
  deletionCodeRequired:
    'Two-factor is on: enter the current code from your authenticator app, or a backup code, to delete your account.',
  deletionCodeInvalid:
    'That two-factor code is not valid. Enter the current code from your authenticator app, or an unused backup code.',
  welcomeBack: 'Welcome back!',
  resendTitle: 'Email sent',
  resendText: "We've resent the confirmation email. Please check your inbox.",
  resendFailed: 'Failed to resend email',

  pleaseWaitTitle: 'Please Wait',
  pleaseWait: (s: number) => `Please wait ${s} ${s === 1 ? 'second' : 'seconds'} before humanizing another text`,
  balanceCheckFailed: 'Failed to check word balance',
  insufficientTitle: 'Insufficient Balance',
  insufficient: (need: number, have: number) =>
    `You need ${formatCount(need)} words but only have ${formatCount(have)} remaining this month`,
  limitExceededTitle: 'Word Limit Exceeded',
  limitExceeded: (cap: number, tier: string) => `Maximum ${formatCount(cap)} words per request for ${tier} plan`,
  minWordsTitle: 'Minimum 50 words required',
  minWordsText: 'Please enter at least 50 words to humanize your text',
  humanizeFailed: 'Failed to humanize text',
  notSavedTitle: 'Warning',
  notSaved: 'Your text was humanized but could not be saved to history.',
  humanizeSuccess: 'Text humanized successfully!',
  copied: 'Copied!',
  resultCopied: 'Result copied to clipboard',

  creatingCheckout: 'Creating checkout...',
  checkoutFailed: 'Failed to create checkout',
  noCheckoutUrl: 'No checkout URL received',
  pleaseTryAgain: 'Please try again',
  portalFailed: 'Failed to open billing portal. Please try again.',
  portalUnavailable: 'Unable to access billing portal.',
  copyFailed: 'Copy Failed',

  historyLoadFailedTitle: 'Error',
  historyLoadFailed: 'Failed to load transformation history',
  webhookSent: 'Webhook Test Sent',
  webhookFailed: 'Webhook Test Failed',
  endpointCheck: 'Webhook Endpoint Check',
  endpointCheckFailed: 'Webhook Endpoint Check Failed',
  endpointUnreachable: 'Could not reach webhook endpoint',
  expirationOk: 'Expired subscriptions processed successfully',
  expirationFailedTitle: 'Failed to process expired subscriptions',
  expirationFailed: 'Error processing expired subscriptions',
  logsCleared: 'Debug logs cleared',
  subscriberRefreshed: 'Subscriber data refreshed',
  unknownError: 'Unknown error',

  aiCheckMinWords: 'Please enter at least 50 words to check your text',
  aiCheckAnonymousLimit: (cap: number) =>
    `Checks without an account are limited to ${formatCount(cap)} words. Sign in to check longer texts.`,
  aiCheckLimitExceeded: (cap: number, tier: string) => `Maximum ${formatCount(cap)} words per check for ${tier} plan`,
  aiCheckWait: (s: number) => `Please wait ${s} ${s === 1 ? 'second' : 'seconds'} before checking another text`,
  aiCheckFailed: 'Failed to check text',
  englishOnlyCheck: (language: string) => `This text looks like ${language}. The AI check reads English text only.`,
  englishOnlyRewrite: (language: string) =>
    `This text looks like ${language}. Plainspoken rewrites English text only for now. No words were charged.`,
} as const;

/** A language's English name from its ISO 639-1 code ('fr' -> 'French'); the code itself if unknown. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Why a full rewrite was not used, in the user's terms (by the engine's fallback reason). */
const FALLBACK_WHY: Record<string, string> = {
  'meaning-changed': 'every full rewrite we got changed what your text says (a fact, a name or a "not")',
  'checks-failed': "the full rewrites we got did not keep your text's structure",
  'frozen-phrase': 'the full rewrite changed a phrase you asked us to keep as written',
  repeated: 'the full rewrite repeated your previous result',
  timeout: 'our full rewrite took too long this time',
  'rate-limited': 'our full rewrite service was busy this time',
  // Said as the home card says it ("No rewriting model is connected"), never "not available this time".
  unreachable: 'no rewriting model is connected right now',
  unavailable: 'no rewriting model is connected right now',
  'provider-error': 'our full rewrite service had an error this time',
  malformed: 'our full rewrite service sent an answer we could not use',
};

/** A fallback reason in the user's terms (the engine page and the result's summary say the same). */
export function fallbackWhy(reason: string | null | undefined): string {
  return FALLBACK_WHY[reason ?? ''] ?? 'our full rewrite was not available this time';
}

/**
 * What a result cost, said on every result: the website's result, History (list and reopened entry) and the
 * API's `cost`. The figure is what the ledger charged, never the text's length.
 */
export function costLine(wordsCharged: number): string {
  if (wordsCharged <= 0) return 'No words charged';
  return `${wordsCharged.toLocaleString('en-US')} ${wordsCharged === 1 ? 'word' : 'words'} charged`;
}

/**
 * The one sentence a result shows about what was done, in the user's terms. `improved: false` (with both
 * scores): the result does not score lower than the text, which is said plainly and never called a success
 * (such a result costs nothing; the cost line says so).
 */
export function resultSummary(
  outcome: 'model' | 'light-edit' | 'light-edit-fallback' | 'unchanged',
  scored = true,
  more: { fallbackReason?: string | null; improved?: boolean; before?: number | null; after?: number | null } = {},
): string {
  const unscored = scored ? '' : ' We can only score English text, so no AI score is shown.';
  const notBetter =
    more.improved === false && scored && more.before != null && more.after != null
      ? ` does not read as more human-written than your text (AI score ${more.before}% before, ${more.after}% after). Try again or edit it yourself.`
      : null;
  switch (outcome) {
    case 'model':
      if (notBetter) return `Full rewrite, but it${notBetter}`;
      return `Full rewrite: we rewrote your text in plainer, more natural language.${unscored}`;
    case 'light-edit':
      if (notBetter) return `Light edit, but it${notBetter}`;
      return `Light edit: we removed wording that reads as machine-written.${unscored}`;
    case 'light-edit-fallback':
      if (notBetter)
        return `Light edit: ${fallbackWhy(more.fallbackReason)}, so we made a light edit instead, but it${notBetter}`;
      return `Light edit: ${fallbackWhy(more.fallbackReason)}, so we removed wording that reads as machine-written instead.${unscored}`;
    case 'unchanged':
      return 'We left your text as it was: none of our edits made it read as more human-written.';
  }
}
