/**
 * The browser extension's endpoints (docs/decisions/0049).
 *
 * The site's own pages, with the session cookie (same-origin rules of app.ts):
 *   POST /api/extension/approve {challenge, name}: a one-time code for the extension that opened the page
 *   GET /api/extension/connections, DELETE /api/extension/connections/:id: the profile's list and revoke
 * The extension, with `Authorization: Bearer pse_…` only (never a cookie; app.ts lets these paths be called
 * from the extension's origin):
 *   POST /api/extension/token {code, verifier}: the token, once; DELETE /api/extension/token: disconnect
 *   GET /api/extension/account: plan, balance, cap and the saved writing options
 *   POST /api/extension/humanize, POST /api/extension/ai-check: the web app's own flows and limits
 * An extension token opens nothing else: every other route reads the session cookie or an API key.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  EXTENSION_MSG,
  EXTENSION_PATHS,
  MIN_WORDS,
  MSG,
  RATE_LIMITS,
  approveExtensionInput,
  extensionCheckInput,
  extensionHumanizeInput,
  extensionTokenInput,
  limitsFor,
  type ExtensionAccount,
} from '@plainspoken/shared';
import { effectiveTier, loadSubscriber } from '../../domain/subscribers';
import { createRouter, type AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { clientIp, jsonBody } from '../../lib/http';
import { requireUser, signedIn } from '../../lib/session';
import {
  approveConnection,
  authenticateToken,
  exchangeCode,
  listConnections,
  revokeConnection,
  type ExtensionCaller,
} from './extension.service';
import type { ExtensionExtra } from './services';

/** One trade of a code per client address per window: a guessed code is worthless without the verifier. */
const TOKEN_EXCHANGE_MS = 1_000;

type Env = AppEnv<ExtensionExtra>;
const callers = new WeakMap<Request, { caller: ExtensionCaller; connectionId: string }>();

/** Authenticates the extension's token (and only it: a cookie is never read here). */
const tokenOnly = createMiddleware<Env>(async (c, next) => {
  const auth = c.req.header('authorization');
  const secret = auth?.toLowerCase().startsWith('bearer ') ? auth.slice(7).trim() : '';
  if (!secret) throw new AppError('UNAUTHORIZED', 401, EXTENSION_MSG.missingToken);
  const check = await authenticateToken(c.var.deps.db, secret, c.var.deps.now());
  if (!check.ok)
    throw new AppError(
      'UNAUTHORIZED',
      401,
      check.reason === 'revoked' ? EXTENSION_MSG.revokedToken : EXTENSION_MSG.unknownToken,
    );
  callers.set(c.req.raw, { caller: check.caller, connectionId: check.connectionId });
  c.header('Cache-Control', 'no-store');
  await next();
});

function callerOf(c: Context<Env>) {
  const found = callers.get(c.req.raw);
  if (!found) throw new AppError('UNAUTHORIZED', 401, EXTENSION_MSG.missingToken);
  return found;
}

export const extensionRoutes = createRouter<ExtensionExtra>()
  .post(EXTENSION_PATHS.approve, signedIn, jsonBody(approveExtensionInput), async (c) => {
    const u = await requireUser(c);
    const d = c.var.deps;
    c.header('Cache-Control', 'no-store');
    return c.json(await approveConnection(d.db, u.id, c.req.valid('json'), d.now()), 201);
  })
  .get(EXTENSION_PATHS.connections, signedIn, async (c) => {
    const u = await requireUser(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await listConnections(c.var.deps.db, u.id));
  })
  .delete(`${EXTENSION_PATHS.connections}/:id`, signedIn, async (c) => {
    const u = await requireUser(c);
    const id = c.req.param('id');
    await revokeConnection(c.var.deps.db, u.id, id, c.var.deps.now());
    return c.json({ revoked: true as const, id });
  })
  .post(EXTENSION_PATHS.token, jsonBody(extensionTokenInput), async (c) => {
    const d = c.var.deps;
    await d.limiter.hit(`extension-token:${clientIp(c, d.env)}`, TOKEN_EXCHANGE_MS);
    c.header('Cache-Control', 'no-store');
    return c.json(await exchangeCode(d.db, c.req.valid('json'), d.now()), 201);
  })
  .delete(EXTENSION_PATHS.token, tokenOnly, async (c) => {
    const { caller, connectionId } = callerOf(c);
    await revokeConnection(c.var.deps.db, caller.id, connectionId, c.var.deps.now());
    return c.json({ revoked: true as const, id: connectionId });
  })
  .get(EXTENSION_PATHS.account, tokenOnly, async (c) => {
    const { caller } = callerOf(c);
    const d = c.var.deps;
    const now = d.now();
    const row = await loadSubscriber(d.db, caller, now, caller.subscriber);
    const tier = effectiveTier(row, now);
    return c.json({
      email: caller.email,
      tier,
      balance: Math.max(0, row.monthly_word_balance),
      requestCap: limitsFor(tier).requestCap,
      minWords: MIN_WORDS,
      writing: await d.extension.loadWriting(caller.id),
    } satisfies ExtensionAccount);
  })
  .post(EXTENSION_PATHS.humanize, tokenOnly, jsonBody(extensionHumanizeInput), async (c) => {
    const { caller } = callerOf(c);
    const d = c.var.deps;
    // The web's own rate for this user (one bucket, whichever way the rewrite is asked for).
    await d.limiter.hit(`humanize:${caller.id}`, RATE_LIMITS.humanizeMs);
    return c.json(await d.extension.humanize(caller, c.req.valid('json')));
  })
  .post(EXTENSION_PATHS.aiCheck, tokenOnly, jsonBody(extensionCheckInput), async (c) => {
    const { caller } = callerOf(c);
    const d = c.var.deps;
    const { text } = c.req.valid('json');
    const v = await d.extension.validateCheck(caller, text, d.now());
    await d.limiter.hit(`check:user:${caller.id}`, RATE_LIMITS.aiCheckUserMs, MSG.aiCheckWait);
    return c.json(await d.extension.runCheck(text, v));
  });
