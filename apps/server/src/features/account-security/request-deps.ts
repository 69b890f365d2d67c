/**
 * better-auth calls our deletion hook with only the user and the request; the hook needs the app's
 * dependencies (payments, clock, logger). This middleware, mounted in front of /api/auth, makes the
 * current request's dependencies reachable from inside better-auth without a global.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../../app';

const store = new AsyncLocalStorage<AppDeps>();

export const provideRequestDeps: MiddlewareHandler<AppEnv> = (c, next) => store.run(c.var.deps, () => next());

export function currentRequestDeps(): AppDeps | undefined {
  return store.getStore();
}
