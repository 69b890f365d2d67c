/**
 * The payment webhook's per-address limit on refused posts, shared by every process (PostgreSQL counters).
 * Only posts whose signature was refused (none, forged or stale) are counted, after the signature check:
 * after WEBHOOK_REFUSALS_PER_MINUTE of them an address gets 429 until the minute is over. A correctly
 * signed delivery is never counted nor refused here, whatever address it seems to come from, so nobody
 * can lock the provider out by posting junk "from" its address. Off with RATE_LIMITS=off.
 */
import type { Context } from 'hono';
import { AppError } from '../../../lib/errors';
import { clientIp } from '../../../lib/http';
import { createWindowCounter } from '../../../lib/window-counter';
import type { AppDeps } from '../../../lib/context';

export const WEBHOOK_REFUSALS_PER_MINUTE = 30;
const MINUTE = 60_000;

function limited(windowStart: number): AppError {
  const retryAfter = Math.max(1, Math.ceil((windowStart + MINUTE - Date.now()) / 1000));
  return new AppError(
    'RATE_LIMITED',
    429,
    `Too many webhook requests from this address. Please wait ${retryAfter} seconds.`,
    { retryAfter },
  );
}

/** Counts a refused post against its client address; throws 429 once the address is over the limit. */
export async function countRefusal(c: Context, deps: AppDeps): Promise<void> {
  if (deps.env.RATE_LIMITS !== 'on') return;
  const ip = clientIp(c, deps.env);
  const refusals = await createWindowCounter(deps.db).hit(`webhook-refused:${ip}`, MINUTE);
  if (refusals.count > WEBHOOK_REFUSALS_PER_MINUTE) throw limited(refusals.windowStart);
}
