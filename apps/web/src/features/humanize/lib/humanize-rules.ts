/** The humanize button's rules (spec sections 2, 4 and 5), kept pure so they are easy to test. */

export type FlowStep = 'idle' | 'checking' | 'processing' | 'done';

export function isBusy(step: FlowStep): boolean {
  return step === 'checking' || step === 'processing';
}

export function humanizeButtonLabel(opts: {
  step: FlowStep;
  text: string;
  lastRunText: string | null;
  runs: number;
  /** Seconds until the server takes the next rewrite (its one-per-window limit); 0 when it would now. */
  cooldown?: number;
}): string {
  if (isBusy(opts.step)) return 'Humanizing...';
  const again = opts.runs > 0 && opts.lastRunText !== null && opts.text === opts.lastRunText;
  const wait = opts.cooldown ?? 0;
  if (wait > 0) return `${again ? 'Again' : 'Humanize'} in ${wait} s`;
  return again ? 'Humanize again' : 'Humanize';
}

export function isHumanizeDisabled(opts: {
  text: string;
  step: FlowStep;
  wordCount: number;
  cap: number;
  /** Unknown for signed-out visitors and while limits load; then only the cap applies. */
  balance: number | undefined;
  /** Seconds left of the rate-limit window of the last rewrite. */
  cooldown?: number;
}): boolean {
  if (!opts.text.trim()) return true;
  if (isBusy(opts.step)) return true;
  if ((opts.cooldown ?? 0) > 0) return true;
  if (opts.wordCount > opts.cap) return true;
  if (opts.balance !== undefined && opts.wordCount > opts.balance) return true;
  return false;
}

/** The counter warns (yellow) from 90 % of the cap, and whenever the text is over cap or balance. */
export function counterWarning(wordCount: number, cap: number, balance: number | undefined): boolean {
  if (wordCount === 0) return false;
  if (wordCount >= cap * 0.9) return true;
  return balance !== undefined && wordCount > balance;
}

/** The second-prompt flag goes with every run after the first on the same text. */
export function secondPromptFor(runs: number): boolean {
  return runs >= 1;
}
