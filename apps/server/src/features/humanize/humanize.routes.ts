import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { AppError } from '../../lib/errors';
import type { EngineProgress } from './engine';
import { RATE_LIMITS, checkBalanceInput, humanizeInput, trackUsageInput } from '@plainspoken/shared';
import type { AppEnv } from '../../app';
import { requireUser } from '../../auth/guards';
import { readJson } from '../../lib/http';
import { ensureSubscriber } from '../subscription/subscription.service';
import { checkBalance, humanizeText, trackUsage } from './humanize.service';

export const humanizeRoutes = new Hono<AppEnv>()
  .post('/check-balance', async (c) => {
    const u = await requireUser(c);
    const { word_count } = await readJson(c, checkBalanceInput);
    await c.var.deps.limiter.hit(`balance:${u.id}`, RATE_LIMITS.checkBalanceMs);
    return c.json(await checkBalance(c.var.deps.db, u, word_count, c.var.deps.now()));
  })
  .post('/humanize-text', async (c) => {
    const u = await requireUser(c);
    const input = await readJson(c, humanizeInput);
    await c.var.deps.limiter.hit(`humanize:${u.id}`, RATE_LIMITS.humanizeMs);
    const d = c.var.deps;
    const deps = { db: d.db, engine: d.engine, llm: d.llm, logger: d.logger };
    if (!c.req.header('accept')?.includes('text/event-stream')) return c.json(await humanizeText(deps, u, input, d.now()));
    // Streaming variant: progress events while the engine works, then one result or error event.
    return streamSSE(c, async (stream) => {
      const progress = (e: EngineProgress) => void stream.writeSSE({ event: 'progress', data: JSON.stringify(e) });
      try {
        const out = await humanizeText(deps, u, input, d.now(), progress);
        await stream.writeSSE({ event: 'result', data: JSON.stringify(out) });
      } catch (e) {
        const err = e instanceof AppError ? e : new AppError('ENGINE_FAILED', 502, 'The rewrite failed and no words were charged. Please try again.');
        if (!(e instanceof AppError)) d.logger.error('streamed humanize failed', { error: (e as Error).message });
        await stream.writeSSE({ event: 'error', data: JSON.stringify({ status: err.status, error: { code: err.code, message: err.message, retryAfter: err.extra.retryAfter } }) });
      }
    });
  })
  .post('/track-usage', async (c) => {
    const u = await requireUser(c);
    const input = await readJson(c, trackUsageInput);
    await c.var.deps.limiter.hit(`usage:${u.id}`, RATE_LIMITS.trackUsageMs);
    return c.json(await trackUsage(c.var.deps.db, u.id, input.transformation_id));
  })
  .post('/sync-users', async (c) => {
    const u = await requireUser(c);
    await ensureSubscriber(c.var.deps.db, u);
    return c.json({ ok: true });
  });
