/**
 * The payment webhook's per-IP limits, shared by every process (PostgreSQL counters). Generous for the
 * provider, whose deliveries are signed: a client may post WEBHOOK_POSTS_PER_MINUTE times a minute, but
 * after WEBHOOK_REFUSALS_PER_MINUTE refused posts (no, forged or stale signature) it gets 429 until the
 * minute is over. Off with RATE_LIMITS=off.
 */
import type { Context } from 'hono';
import { AppError } from '../../../lib/errors';
import { clientIp } from '../../../lib/http';
import { createWindowCounter } from '../../../lib/window-counter';
import type { AppDeps } from '../../../lib/context';

export const WEBHOOK_POSTS_PER_MINUTE = 600;
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

/** Counts this post against its address; throws 429 when the address is over either limit. */
export async function webhookGate(c: Context, deps: AppDeps): Promise<{ refused(): Promise<void> }> {
  if (deps.env.RATE_LIMITS !== 'on') return { refused: async () => {} };
  const ip = clientIp(c, deps.env);
  const counter = createWindowCounter(deps.db);
  const refusals = await counter.peek(`webhook-refused:${ip}`, MINUTE);
  if (refusals.count >= WEBHOOK_REFUSALS_PER_MINUTE) throw limited(refusals.windowStart);
  const posts = await counter.hit(`webhook-ip:${ip}`, MINUTE);
  if (posts.count > WEBHOOK_POSTS_PER_MINUTE) throw limited(posts.windowStart);
  return {
    async refused() {
      await counter.hit(`webhook-refused:${ip}`, MINUTE);
    },
  };
}
