/**
 * The humanize functions (the spec's names), with full paths:
 *   POST /api/functions/check-balance, /api/functions/humanize-text (JSON, or server-sent events when
 *   the client accepts text/event-stream), /api/functions/track-usage, /api/functions/sync-users
 */
import { streamSSE } from 'hono/streaming';
import {
  RATE_LIMITS,
  checkBalanceInput,
  humanizeInput,
  trackUsageInput,
  writingOptionsInput,
  type OkResponse,
  type WritingOptions,
} from '@plainspoken/shared';
import { ensureSubscriber } from '../../domain/subscribers';
import { reservationHoldMs } from '../../domain/word-ledger';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../db/unavailable';
import { UNAVAILABLE_MESSAGE } from '../../lib/readiness';
import { createRouter } from '../../lib/context';
import type { EngineProgress } from '../../lib/engine/engine';
import { AppError } from '../../lib/errors';
import { jsonBody } from '../../lib/http';
import { requireUser, signedIn } from '../../lib/session';
import { checkBalance, humanizeText, loadWriting, saveWriting, trackUsage } from './humanize.service';

export const humanizeRoutes = createRouter()
  .post('/api/functions/check-balance', signedIn, jsonBody(checkBalanceInput), async (c) => {
    const u = await requireUser(c);
    const { word_count } = c.req.valid('json');
    await c.var.deps.limiter.hit(`balance:${u.id}`, RATE_LIMITS.checkBalanceMs);
    return c.json(await checkBalance(c.var.deps.db, u, word_count, c.var.deps.now()));
  })
  .post('/api/functions/humanize-text', signedIn, jsonBody(humanizeInput), async (c) => {
    const u = await requireUser(c);
    const input = c.req.valid('json');
    await c.var.deps.limiter.hit(`humanize:${u.id}`, RATE_LIMITS.humanizeMs);
    const d = c.var.deps;
    const deps = {
      db: d.db,
      engine: d.engine,
      llm: d.llm,
      models: d.models,
      logger: d.logger,
      now: d.now,
      reservationHoldMs: reservationHoldMs(d.env.ENGINE_TIMEOUT_MS),
    };
    if (!c.req.header('accept')?.includes('text/event-stream')) return c.json(await humanizeText(deps, u, input));
    // Streaming variant: progress events while the engine works, then one result or error event.
    return streamSSE(c, async (stream) => {
      const progress = (e: EngineProgress) => void stream.writeSSE({ event: 'progress', data: JSON.stringify(e) });
      try {
        const out = await humanizeText(deps, u, input, progress);
        await stream.writeSSE({ event: 'result', data: JSON.stringify(out) });
      } catch (e) {
        const err =
          e instanceof AppError
            ? e
            : isDatabaseUnavailable(e)
              ? new AppError('UNAVAILABLE', 503, UNAVAILABLE_MESSAGE, { retryAfter: DATABASE_RETRY_AFTER_SECONDS })
              : new AppError('ENGINE_FAILED', 502, 'The rewrite failed and no words were charged. Please try again.');
        if (!(e instanceof AppError)) d.logger.error('streamed humanize failed', { error: (e as Error).message });
        await stream.writeSSE({
          event: 'error',
          data: JSON.stringify({
            status: err.status,
            error: { code: err.code, message: err.message, retryAfter: err.extra.retryAfter },
          }),
        });
      }
    });
  })
  .post('/api/functions/track-usage', signedIn, jsonBody(trackUsageInput), async (c) => {
    const u = await requireUser(c);
    const input = c.req.valid('json');
    await c.var.deps.limiter.hit(`usage:${u.id}`, RATE_LIMITS.trackUsageMs);
    return c.json(await trackUsage(c.var.deps, u.id, input.transformation_id));
  })
  // The caller's writing options (tone, reading level), remembered for the next rewrite.
  .get('/api/writing-options', async (c) => {
    const u = await requireUser(c);
    return c.json((await loadWriting(c.var.deps.db, u.id)) satisfies WritingOptions);
  })
  .post('/api/functions/writing-options', signedIn, jsonBody(writingOptionsInput), async (c) => {
    const u = await requireUser(c);
    return c.json(
      (await saveWriting(c.var.deps.db, u.id, c.req.valid('json'), c.var.deps.now())) satisfies WritingOptions,
    );
  })
  .post('/api/functions/sync-users', async (c) => {
    const u = await requireUser(c);
    await ensureSubscriber(c.var.deps.db, u, c.var.deps.now());
    return c.json({ ok: true } satisfies OkResponse);
  });
