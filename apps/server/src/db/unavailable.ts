/**
 * Telling "the database cannot be reached right now" apart from every other failure: those requests are
 * answered 503 with Retry-After (the client tries again), never 500.
 */

/** SQLSTATE classes and codes meaning the server is gone, restarting or refusing connections. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown (a fast stop or restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
]);

const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /connection (?:is )?(?:closed|ended)/i,
  /timeout exceeded when trying to connect/i,
  /the database system is (?:starting up|shutting down|in recovery mode)/i,
  /terminating connection due to administrator command/i,
  /Client has encountered a connection error/i,
  /PGlite is closed/i,
  /Cannot use a pool after calling end/i,
  /Client was closed and is not queryable/i,
];

/** True when `e` (or an error it wraps, as Drizzle and better-auth do) says the database is unreachable. */
export function isDatabaseUnavailable(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== 'object' || depth > 4) return false;
  const err = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof err.code === 'string' && (UNAVAILABLE_CODES.has(err.code) || err.code.startsWith('08'))) return true;
  if (typeof err.message === 'string' && UNAVAILABLE_MESSAGES.some((r) => r.test(err.message as string))) return true;
  if (Array.isArray(err.errors) && err.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true; // AggregateError (IPv4 + IPv6 refused)
  return isDatabaseUnavailable(err.cause, depth + 1);
}

/** Seconds a client should wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;
