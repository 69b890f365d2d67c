/**
 * Labels the product repeats on many screens, in one wording (issue 58's copy list): the product sells
 * words, so the way to buy more is "Get more words"; signing in and out use one verb pair, "Sign in" /
 * "Sign out" (the spec's own verb, never "log in" / "log out"); a number of words is written with
 * thousands separators everywhere it is shown.
 */
export const COPY = {
  getMoreWords: 'Get more words',
  signIn: 'Sign in',
  signOut: 'Sign out',
  createAccount: 'Create account',
  /** The auth dialog's switches between its two modes. */
  toSignIn: 'Sign in here',
  toSignUp: 'Sign up here',
} as const;

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A count of words (or any whole number shown to users) with thousands separators: 297208 -> "297,208". */
export function formatCount(n: number): string {
  return COUNT.format(n);
}

/** "1 word", "1,500 words". */
export function formatWords(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'word' : 'words'}`;
}

/** A plan's name as users read it: "Free" for FREE, the tier otherwise. */
export function planName(tier: string): string {
  return tier === 'FREE' ? 'Free' : tier;
}

/** The warning of a cancelled plan that still runs: it names the plan the user holds, not a generic "premium". */
export function loseAccessNotice(tier: string, date: string): string {
  return `You will lose access to your ${planName(tier)} plan on ${date}`;
}

/**
 * Kept phrases stay from one text to the next; when the text in the box lacks some of them, the box says
 * so (issue 58): "2 kept phrases are not in this text".
 */
export function keepNotInText(n: number): string {
  return n === 1 ? '1 kept phrase is not in this text.' : `${formatCount(n)} kept phrases are not in this text.`;
}
export const KEEP_CARRY_OVER = 'Kept phrases stay for your next texts until you remove them.';
export const KEEP_REMOVE_ABSENT = (n: number) => (n === 1 ? 'Remove it' : 'Remove them');
