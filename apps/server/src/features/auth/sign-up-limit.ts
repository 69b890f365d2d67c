/**
 * Sign-up limits. A whole class behind one school network signs up from one IP, so the per-IP rule is
 * only a generous ceiling (better-auth's rule for /sign-up/email, SIGN_UP_PER_IP); the tight limit is
 * on the IP and the address together: one person retrying (a typo, a weak password) is slowed down,
 * their classmates are not. Counts live in better-auth's rate_limit table, so every process shares them.
 */
import { APIError } from 'better-auth/api';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../lib/rate-limit';

/** Per IP: 60 sign-ups in 10 minutes (a class of 30 twice over). Scaled by AUTH_RATE_LIMIT_SCALE. */
export const SIGN_UP_PER_IP = { windowSeconds: 600, max: 60 } as const;
/** Per IP and address: 5 attempts in 10 minutes. */
export const SIGN_UP_PER_ADDRESS = { windowSeconds: 600, max: 5 } as const;

/** "2 minutes", "1 minute", "45 seconds", "1 second". */
export function waitWords(seconds: number): string {
  if (seconds >= 60) {
    const m = Math.ceil(seconds / 60);
    return `${m} minute${m === 1 ? '' : 's'}`;
  }
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

/**
 * Counts one sign-up attempt for (ip, email) in a fixed window; throws a 429 with the wait in seconds
 * (body `retryAfter`, header X-Retry-After) once the window's attempts are used up.
 */
export async function countSignUpAttempt(
  db: Db,
  ip: string,
  email: string,
  max: number = SIGN_UP_PER_ADDRESS.max,
  nowMs: number = Date.now(),
): Promise<void> {
  const key = `sign-up:${ip}:${email.trim().toLowerCase()}`;
  const windowMs = SIGN_UP_PER_ADDRESS.windowSeconds * 1000;
  const res = await db.execute<{ count: number; last_request: string | number }>(sql`
    INSERT INTO rate_limit (id, key, count, last_request) VALUES (${key}, ${key}, 1, ${nowMs})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit.last_request <= ${nowMs - windowMs} THEN 1 ELSE rate_limit.count + 1 END,
      last_request = CASE WHEN rate_limit.last_request <= ${nowMs - windowMs} THEN ${nowMs} ELSE rate_limit.last_request END
    RETURNING count, last_request`);
  const row = rowsOf<{ count: number; last_request: string | number }>(res)[0];
  if (!row || Number(row.count) <= max) return;
  const retryAfter = Math.max(1, Math.ceil((Number(row.last_request) + windowMs - nowMs) / 1000));
  throw new APIError(
    'TOO_MANY_REQUESTS',
    {
      code: 'SIGN_UP_RATE_LIMITED',
      message: `Too many sign-up attempts for this address. Try again in ${waitWords(retryAfter)}.`,
      retryAfter,
    },
    { 'X-Retry-After': String(retryAfter) },
  );
}
