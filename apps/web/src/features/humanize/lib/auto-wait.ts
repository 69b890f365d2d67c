import { MSG } from '@plainspoken/shared';
import { isApiError } from '@/lib/api';
import { liveToast } from '@/lib/toast';

/** Waits this short are sat out for the user, with a visible countdown, instead of asking for another click. */
export const AUTO_WAIT_MAX_SECONDS = 2;

/** The seconds to wait when `err` is a rate limit short enough to wait out, else null. */
export function shortWait(err: unknown): number | null {
  if (!isApiError(err) || err.code !== 'RATE_LIMITED') return null;
  const s = Math.ceil(err.retryAfter ?? 0);
  return s >= 1 && s <= AUTO_WAIT_MAX_SECONDS ? s : null;
}

export function continuingIn(s: number): string {
  return `Continuing by itself in ${s} ${s === 1 ? 'second' : 'seconds'}…`;
}

/** Shows "Please Wait · Continuing by itself in N seconds…" and resolves when the countdown reaches zero. */
export async function countdown(seconds: number, onTick?: (left: number) => void): Promise<void> {
  const t = liveToast({ title: MSG.pleaseWaitTitle, description: continuingIn(seconds) });
  try {
    for (let left = seconds; left > 0; left--) {
      onTick?.(left);
      t.update({ title: MSG.pleaseWaitTitle, description: continuingIn(left) });
      await new Promise((r) => setTimeout(r, 1000));
    }
    onTick?.(0);
  } finally {
    t.done();
  }
}

/** Runs `call`; a rate limit of one or two seconds is waited out once with a countdown, then `call` runs again. */
export async function withAutoWait<T>(call: () => Promise<T>, onTick?: (left: number) => void): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const s = shortWait(err);
    if (s === null) throw err;
    // Half a second of slack: the server's window ends on its clock, not ours.
    await countdown(s, onTick);
    await new Promise((r) => setTimeout(r, 400));
    return call();
  }
}
