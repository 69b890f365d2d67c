/** Error codes the server returns as {error:{code,message}}; the UI branches on these. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'MIN_WORDS',
  'WORD_LIMIT_EXCEEDED',
  'INSUFFICIENT_BALANCE',
  'UNSUPPORTED_LANGUAGE',
  // A writing option only a connected model can follow, asked for while none is connected.
  'NEEDS_MODEL',
  'ENGINE_FAILED',
  'ENGINE_BUSY',
  'CHECKOUT_FAILED',
  'PORTAL_FAILED',
  'WEBHOOK_SIGNATURE',
  'INTERNAL',
  'DOCUMENT_UNREADABLE',
  // The public API and its keys.
  'PLAN_REQUIRED',
  'API_KEY_LIMIT',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_IN_PROGRESS',
  // A key with its plan's most requests running at once (the per-minute rate is RATE_LIMITED).
  'CONCURRENCY_LIMITED',
  // An account with the most browsers connected through the extension.
  'EXTENSION_LIMIT',
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; retryAfter?: number; details?: unknown };
}
