/**
 * The humanize functions (the spec's names), with full paths:
 *   POST /api/functions/check-balance, /api/functions/humanize-text (JSON, or server-sent events when
 *   the client accepts text/event-stream), /api/functions/track-usage, /api/functions/sync-users
 */
import { streamSSE } from 'hono/streaming';
import {
  RATE_LIMITS,
  apiIdempotencyHeader,
  checkBalanceInput,
  humanizeInput,
  trackUsageInput,
  costLine,
  isStoredAlternative,
  resultSummary,
  writingOptionsInput,
  type HumanizeOutput,
  type OkResponse,
  type WritingPreferences,
} from '@plainspoken/shared';
import { and, asc, eq, gte } from 'drizzle-orm';
import { meaningOf } from '../../domain/meaning';
import { modelVersion } from '../../domain/model-version';
import type { Db } from '../../db/client';
import { subscribers, transformations } from '../../db/schema';
import { ensureSubscriber } from '../../domain/subscribers';
import { createRouter } from '../../lib/context';
import type { EngineProgress } from '../../lib/engine/engine';
import { errorBody, isUnexpected, toAppError } from '../../lib/errors';
import { jsonBody, validationError } from '../../lib/http';
import { onceWithKey, requestFingerprint } from '../../lib/idempotency';
import { getSessionUser, isAdminEmail, requireUser, signedIn } from '../../lib/session';
import { engineState } from './engine-state';
import { checkBalance, humanizeDeps, humanizeText, loadWriting, saveWriting, trackUsage } from './humanize.service';

/**
 * The rewrite of this same text a request stored after `since`, as the answer it would have given (scores
 * and notes of the moment are not kept: the summary says what was done, the balance is today's). Used only
 * when a retry takes over an Idempotency-Key whose process died between storing the result and answering.
 */
export async function storedRewriteSince(
  db: Db,
  userId: string,
  input: { text: string; mode: string },
  since: Date,
): Promise<HumanizeOutput | null> {
  const [row] = await db
    .select()
    .from(transformations)
    .where(
      and(
        eq(transformations.user_id, userId),
        eq(transformations.original_text, input.text),
        eq(transformations.mode, input.mode),
        gte(transformations.created_at, since),
      ),
    )
    .orderBy(asc(transformations.created_at))
    .limit(1);
  if (!row) return null;
  const [sub] = await db
    .select({ balance: subscribers.monthly_word_balance })
    .from(subscribers)
    .where(eq(subscribers.user_id, userId));
  const engine = row.engine === 'model' ? 'model' : 'local';
  const outcome =
    engine === 'model' ? 'model' : row.transformed_text === row.original_text ? 'unchanged' : 'light-edit';
  const scored = row.score_before !== null && row.score_after !== null;
  return {
    humanized_text: row.transformed_text,
    transformation_id: row.id,
    saved: true,
    words_charged: row.words_charged,
    cost: costLine(row.words_charged),
    remaining_balance: sub?.balance ?? 0,
    score_before: row.score_before,
    score_after: row.score_after,
    engine,
    outcome,
    summary: resultSummary(outcome, scored),
    language: 'en',
    sentences_after: [],
    notes: [],
    meaning: meaningOf(
      row.original_text,
      row.rewrite_text ?? row.transformed_text,
      row.put_back ?? [],
      row.second_reading,
    ),
    ...(isStoredAlternative(row.alternative) ? { alternative: modelVersion(row.original_text, row.alternative) } : {}),
  };
}

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
    const d = c.var.deps;
    // The web client sends one Idempotency-Key per click: a retry of the same click (by a proxy, or the
    // client after a cut connection) gets the first answer back and is never charged twice.
    const key = c.req.header('idempotency-key');
    if (key !== undefined) {
      const parsed = apiIdempotencyHeader.safeParse(key);
      if (!parsed.success) throw validationError(parsed.error.issues.map((i) => ({ ...i, path: ['Idempotency-Key'] })));
    }
    const limited = () => d.limiter.hit(`humanize:${u.id}`, RATE_LIMITS.humanizeMs);
    if (key === undefined) await limited();
    const deps = humanizeDeps(d);
    const fingerprint = requestFingerprint('POST', '/api/functions/humanize-text', input);
    /** The rewrite, once per key when there is one; its JSON answer. */
    const rewrite = async (progress?: (e: EngineProgress) => void): Promise<{ json: string; replayed: boolean }> => {
      if (key === undefined)
        return { json: JSON.stringify(await humanizeText(deps, u, input, progress)), replayed: false };
      const once = await onceWithKey(
        d,
        u.id,
        key,
        fingerprint,
        async () => {
          await limited();
          return humanizeText(deps, u, input, progress);
        },
        deps.reservationHoldMs,
        (since) => storedRewriteSince(d.db, u.id, input, since),
      );
      return { json: once.json, replayed: once.replayed };
    };
    if (!c.req.header('accept')?.includes('text/event-stream')) {
      const { json, replayed } = await rewrite();
      if (replayed) c.header('Idempotent-Replayed', 'true');
      return c.newResponse(json, 200, { 'Content-Type': 'application/json' });
    }
    // Streaming variant: progress events while the engine works, then one result or error event.
    return streamSSE(c, async (stream) => {
      const progress = (e: EngineProgress) => void stream.writeSSE({ event: 'progress', data: JSON.stringify(e) });
      try {
        const { json } = await rewrite(progress);
        await stream.writeSSE({ event: 'result', data: json });
      } catch (e) {
        // The same mapping as app.ts's onError, sent as the stream's last event.
        const err = toAppError(e);
        if (isUnexpected(e)) d.logger.error('streamed humanize failed', { error: (e as Error).message });
        await stream.writeSSE({ event: 'error', data: JSON.stringify({ status: err.status, ...errorBody(err) }) });
      }
    });
  })
  .post('/api/functions/track-usage', signedIn, jsonBody(trackUsageInput), async (c) => {
    const u = await requireUser(c);
    const input = c.req.valid('json');
    await c.var.deps.limiter.hit(`usage:${u.id}`, RATE_LIMITS.trackUsageMs);
    return c.json(await trackUsage(c.var.deps, u.id, input.transformation_id));
  })
  // The caller's writing options (tone, reading level) and frozen phrases, remembered for the next rewrite.
  // This endpoint is their one writer: a rewrite reads them and never saves them.
  .get('/api/writing-options', async (c) => {
    const u = await requireUser(c);
    return c.json((await loadWriting(c.var.deps.db, u.id)) satisfies WritingPreferences);
  })
  .post('/api/functions/writing-options', signedIn, jsonBody(writingOptionsInput), async (c) => {
    const u = await requireUser(c);
    return c.json(
      (await saveWriting(c.var.deps.db, u.id, c.req.valid('json'), c.var.deps.now())) satisfies WritingPreferences,
    );
  })
  // What the server will do with a rewrite now: the home card's honest state and the admin's setup banner.
  .get('/api/engine-state', async (c) => {
    const u = await getSessionUser(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await engineState(c.var.deps, u !== null && isAdminEmail(c, u.email)));
  })
  .post('/api/functions/sync-users', async (c) => {
    const u = await requireUser(c);
    await ensureSubscriber(c.var.deps.db, u, c.var.deps.now());
    return c.json({ ok: true } satisfies OkResponse);
  });
