/**
 * Services throw AppError; toAppError turns anything thrown into one, and both app.ts's onError and the
 * streamed humanize route answer with errorBody(toAppError(e)), so a failure reads the same either way.
 */
import type { ErrorCode } from '@plainspoken/shared';
import { HTTPException } from 'hono/http-exception';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable';
import { UNAVAILABLE_MESSAGE } from './readiness';

type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly status: ErrorStatus,
    message: string,
    public readonly extra: { retryAfter?: number; details?: unknown } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: unknown) => new AppError('VALIDATION', 400, message, { details });
export const unauthorized = (message = 'Please sign in to continue.') => new AppError('UNAUTHORIZED', 401, message);
export const forbidden = (message = 'You do not have access to this.') => new AppError('FORBIDDEN', 403, message);
export const notFound = (message = 'Not found.') => new AppError('NOT_FOUND', 404, message);

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

const KNOWN_STATUS = new Set<number>([400, 401, 402, 403, 404, 409, 413, 415, 422, 429, 500, 502, 503]);

/**
 * Whatever was thrown, as the AppError the client gets: an AppError as is; Hono's own refusals (among them
 * the validators' 'Malformed JSON in request body') as BAD_REQUEST or PAYLOAD_TOO_LARGE; the database away
 * as a retryable 503 (never a 500); anything else as INTERNAL (the caller logs it: see isUnexpected).
 */
export function toAppError(e: unknown): AppError {
  if (e instanceof AppError) return e;
  if (e instanceof HTTPException) {
    const status = (KNOWN_STATUS.has(e.status) ? e.status : 400) as ErrorStatus;
    return new AppError(status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', status, e.message || 'Bad request.');
  }
  if (isDatabaseUnavailable(e))
    return new AppError('UNAVAILABLE', 503, UNAVAILABLE_MESSAGE, { retryAfter: DATABASE_RETRY_AFTER_SECONDS });
  return new AppError('INTERNAL', 500, INTERNAL_MESSAGE);
}

/** Whether toAppError had to make something up: a bug or an outage worth a log line. */
export const isUnexpected = (e: unknown) => !(e instanceof AppError) && !(e instanceof HTTPException);

/** The one error body: {error:{code, message, retryAfter?, details?}}. */
export function errorBody(err: AppError) {
  return {
    error: {
      code: err.code,
      message: err.message,
      ...(err.extra.retryAfter ? { retryAfter: err.extra.retryAfter } : {}),
      ...(err.extra.details ? { details: err.extra.details } : {}),
    },
  };
}
