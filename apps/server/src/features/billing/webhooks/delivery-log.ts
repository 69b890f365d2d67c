/** The webhook delivery log (webhook_debug_logs) the diagnostics page reads: every delivery, bounded. */
import type { Db } from '../../../db/client';
import { webhook_debug_logs } from '../../../db/schema';
import type { Logger } from '../../../lib/logger';
import { createWindowCounter } from '../../../lib/window-counter';

const MAX_LOGGED_CHARS = 64 * 1024;
/** A refused (unsigned, forged, stale) delivery keeps only this much of its body. */
export const REFUSAL_BODY_CHARS = 2048;
/** Refusals stored per minute across all processes; the rest are counted and reported, not stored. */
export const REFUSALS_KEPT_PER_MINUTE = 20;
const MINUTE = 60_000;

export interface DeliveryLogDeps {
  db: Db;
  logger: Logger;
  now: () => Date;
}

export interface Delivery {
  eventId: string | null;
  eventType: string;
  success: boolean;
  error: string | null;
  raw: string;
}

/** Kept readable for the diagnostics page, but bounded: rejected deliveries can be anyone's junk. */
function rawPayload(raw: string, max = MAX_LOGGED_CHARS): unknown {
  if (raw.length > max) return { truncated: raw.slice(0, Math.min(max, 4096)), length: raw.length };
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return { unparsed: raw.slice(0, 4096) };
  }
}

/**
 * A refused delivery: anyone can post junk, so refusals are sampled and bounded. At most
 * REFUSALS_KEPT_PER_MINUTE are stored each minute (all processes together), each with at most
 * REFUSAL_BODY_CHARS of its body; the rest are counted, and the first refusal stored in the next minute
 * says how many were left out. Never fails the answer.
 */
export async function logRefusal(deps: DeliveryLogDeps, entry: Delivery): Promise<void> {
  try {
    const seen = await createWindowCounter(deps.db).hit('webhook-refusals', MINUTE);
    if (seen.count > REFUSALS_KEPT_PER_MINUTE) return;
    const skipped = seen.previousCount > REFUSALS_KEPT_PER_MINUTE ? seen.previousCount - REFUSALS_KEPT_PER_MINUTE : 0;
    if (skipped > 0) deps.logger.warn('webhook refusals not stored', { count: skipped });
    const note = skipped > 0 ? ` (${skipped} more refusals in the previous minute were counted but not stored)` : '';
    const last =
      seen.count === REFUSALS_KEPT_PER_MINUTE
        ? ' (the limit of stored refusals for this minute is reached; further ones are counted only)'
        : '';
    await writeRow(deps, { ...entry, error: `${entry.error ?? ''}${note}${last}` }, REFUSAL_BODY_CHARS);
  } catch (e) {
    deps.logger.error('webhook log write failed', { error: (e as Error).message });
  }
}

/** Writes one log row; a failed write is logged and never fails the delivery. */
export async function logDelivery(deps: DeliveryLogDeps, entry: Delivery): Promise<void> {
  try {
    await writeRow(deps, entry, MAX_LOGGED_CHARS);
  } catch (e) {
    deps.logger.error('webhook log write failed', { error: (e as Error).message });
  }
}

async function writeRow(deps: DeliveryLogDeps, entry: Delivery, maxChars: number): Promise<void> {
  await deps.db.insert(webhook_debug_logs).values({
    event_id: entry.eventId,
    event_type: entry.eventType,
    success: entry.success,
    error_message: entry.error,
    raw_payload: rawPayload(entry.raw, maxChars),
    processed_at: deps.now(),
  });
}

/** The event type a payload names, for logging a delivery that was refused before it was parsed. */
export function eventTypeOf(raw: string): string {
  try {
    const j = JSON.parse(raw) as { event_type?: unknown; meta?: { event_name?: unknown } };
    const t = j.event_type ?? j.meta?.event_name;
    return typeof t === 'string' && t.length < 100 ? t : 'unknown';
  } catch {
    return 'unparsable';
  }
}
