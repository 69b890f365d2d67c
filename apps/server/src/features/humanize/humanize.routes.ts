import { Hono } from 'hono';
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
    return c.json(await humanizeText({ db: d.db, engine: d.engine, llm: d.llm, logger: d.logger }, u, input, d.now()));
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
