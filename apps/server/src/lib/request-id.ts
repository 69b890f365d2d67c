/**
 * The id of the request being served, kept by AsyncLocalStorage through every await, so log lines
 * (logger.ts) can carry it; request-context.ts sets it for each request.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const store = new AsyncLocalStorage<{ requestId: string }>();

export function currentRequestId(): string | undefined {
  return store.getStore()?.requestId;
}

/** Runs `fn` as part of request `requestId` (its log lines carry the id). */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return store.run({ requestId }, fn);
}
