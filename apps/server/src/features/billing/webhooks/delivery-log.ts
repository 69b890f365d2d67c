/** The webhook delivery log (webhook_debug_logs) the diagnostics page reads: every delivery, bounded. */
import type { Db } from '../../../db/client';
import { webhook_debug_logs } from '../../../db/schema';
import type { Logger } from '../../../lib/logger';

const MAX_LOGGED_CHARS = 64 * 1024;

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
function rawPayload(raw: string): unknown {
  if (raw.length > MAX_LOGGED_CHARS) return { truncated: raw.slice(0, 4096), length: raw.length };
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return { unparsed: raw.slice(0, 4096) };
  }
}

/** Writes one log row; a failed write is logged and never fails the delivery. */
export async function logDelivery(deps: DeliveryLogDeps, entry: Delivery): Promise<void> {
  try {
    await deps.db.insert(webhook_debug_logs).values({
      event_id: entry.eventId,
      event_type: entry.eventType,
      success: entry.success,
      error_message: entry.error,
      raw_payload: rawPayload(entry.raw),
      processed_at: deps.now(),
    });
  } catch (e) {
    deps.logger.error('webhook log write failed', { error: (e as Error).message });
  }
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
