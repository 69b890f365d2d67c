/** Services throw AppError; one onError handler turns it into {error:{code,message}}. */
import type { ErrorCode } from '@plainspoken/shared';

export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 502 | 503,
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
